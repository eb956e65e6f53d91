/** POST /logout: ends the session (cookie and client token) and returns home. GET changes nothing. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { assertFromOurPages, endSession } from "~/web/auth.server";
import { toast } from "~/web/toast.server";

export function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  // A cookie-authenticated write: only from our own pages.
  assertFromOurPages(request);
  const setCookie = await endSession(request);
  return toast.redirectWithSuccess("/", "Você saiu da sua conta.", { headers: { "Set-Cookie": setCookie } });
}
