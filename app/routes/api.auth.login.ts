/**
 * POST /api/auth/login {email, password, rememberMe?} → {user, token, deviceToken} (spec 01 §7, plus
 * `deviceToken`: sent back as `X-Device-Token` on later sign-ins, it marks the client as a known device
 * of the account, ADR 010's second amendment; a browser gets it as the `__device` cookie too).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { loginSchema } from "~/models/account/account";
import { signIn } from "~/models/account/sign-in.server";
import { issueClientToken } from "~/models/session/session.server";
import { assertNotCrossSite, clientIp, startSession } from "~/web/auth.server";
import { deviceProofsOf, rememberDevice } from "~/web/device.server";
import { flowError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertNotCrossSite(request);
  const input = await readJsonBody(request, loginSchema);
  const result = await signIn({ email: input.email, password: input.password, ip: clientIp(request, context), deviceProofs: await deviceProofsOf(request) });
  if (!result.ok) return flowError(result);
  const { user, deviceProof } = result.value;
  // A browser gets the httpOnly cookies; every client gets the bearer token (the cookie session's twin) and the device token.
  const session = await startSession(request, user.id, { persistent: input.rememberMe });
  const token = issueClientToken(session.token)!;
  const headers = new Headers(session.headers);
  headers.append("Set-Cookie", await rememberDevice(request, deviceProof));
  for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value);
  return Response.json({ user, token, deviceToken: deviceProof }, { headers });
}
