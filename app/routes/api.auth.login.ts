/** POST /api/auth/login {email, password, rememberMe?} → {user, token} (spec 01 §7). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { readJsonBody, methodNotAllowed, NO_STORE } from "~/lib/auth-http.server";
import { loginSchema } from "~/lib/auth-schemas";
import { jsonError } from "~/lib/http.server";
import { issueClientToken } from "~/models/session.server";
import { assertNotCrossSite, retryAfterHeaders, signIn, startSession } from "~/services/auth.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertNotCrossSite(request);
  const input = await readJsonBody(request, loginSchema);
  const result = await signIn(request, context, input);
  if (!result.ok) {
    const response = jsonError(result.status, result.message);
    for (const [name, value] of Object.entries(retryAfterHeaders(result))) response.headers.set(name, value);
    return response;
  }
  // A browser gets the httpOnly cookie; every client gets the bearer token (the cookie session's twin).
  const session = await startSession(result.value.id, { persistent: input.rememberMe });
  const token = issueClientToken(session.token)!;
  return Response.json({ user: result.value, token }, { headers: { "Set-Cookie": session.setCookie, ...NO_STORE } });
}
