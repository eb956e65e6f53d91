/** POST /api/auth/login {email, password, rememberMe?} → {user, token} (spec 01 §7). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { loginSchema } from "~/models/account/account";
import { signIn } from "~/models/account/sign-in.server";
import { issueClientToken } from "~/models/session/session.server";
import { assertNotCrossSite, clientIp, startSession } from "~/web/auth.server";
import { flowError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertNotCrossSite(request);
  const input = await readJsonBody(request, loginSchema);
  const result = await signIn({ email: input.email, password: input.password, ip: clientIp(request, context) });
  if (!result.ok) return flowError(result);
  // A browser gets the httpOnly cookie; every client gets the bearer token (the cookie session's twin).
  const session = await startSession(request, result.value.id, { persistent: input.rememberMe });
  const token = issueClientToken(session.token)!;
  const headers = new Headers(session.headers);
  for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value);
  return Response.json({ user: result.value, token }, { headers });
}
