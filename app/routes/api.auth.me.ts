/** GET /api/auth/me → the signed-in user {id, fullName, username, email, isAdmin, avatar}, or 401. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE } from "~/web/http.server";
import { requireUser } from "~/web/auth.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return Response.json(user, { headers: NO_STORE });
}
