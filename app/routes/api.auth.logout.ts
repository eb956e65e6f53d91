/** POST /api/auth/logout: ends the cookie session, its client token and the bearer session of the request. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, NO_STORE } from "~/web/http.server";
import { assertFromOurPages, bearerTokenOf, endSession } from "~/web/auth.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  // With only the cookie to go on, the request must come from our pages (no cross-site sign-outs).
  if (!bearerTokenOf(request)) assertFromOurPages(request);
  const setCookie = await endSession(request);
  return Response.json({ message: "Logout realizado com sucesso" }, { headers: { "Set-Cookie": setCookie, ...NO_STORE } });
}
