/**
 * POST /api/auth/client-token → {user, token}: the bearer token for the browser's `auth` record
 * (spec 01 §4), a separate session row derived from the httpOnly cookie session, which it never
 * reveals. Cookie only, same origin only. See docs/decisions/003-sessions-and-client-token.md.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, NO_STORE } from "~/web/http.server";
import { jsonError } from "~/web/http.server";
import { findSessionUser, issueClientToken } from "~/models/session/session.server";
import { assertFromOurPages, cookieTokenOf } from "~/web/auth.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertFromOurPages(request);
  const cookieToken = await cookieTokenOf(request);
  const session = cookieToken ? findSessionUser(cookieToken) : null;
  const token = cookieToken && session ? issueClientToken(cookieToken) : null;
  if (!session || !token) return jsonError(401, "Unauthorized");
  return Response.json({ user: session.user, token }, { headers: NO_STORE });
}
