/**
 * POST /api/auth/reset-password {token, newPassword} → {message, deviceToken} (spec 01 §7, plus the
 * `deviceToken` of the client that used the link: a known device of the account from now on, as
 * `X-Device-Token` or, for a browser, the `__device` cookie it also gets. ADR 010, second amendment).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiResetPasswordSchema, MESSAGES } from "~/models/account/account";
import { resetPassword } from "~/models/account/password-reset.server";
import { assertNotCrossSite, getAuthContext } from "~/web/auth.server";
import { rememberDevice } from "~/web/device.server";
import { flowError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertNotCrossSite(request);
  const { token, newPassword } = await readJsonBody(request, apiResetPasswordSchema);
  const current = await getAuthContext(request);
  const result = await resetPassword({ token, password: newPassword, keepSessionId: current?.sessionId });
  if (!result.ok) return flowError(result);
  const { deviceProof } = result.value;
  const headers = new Headers(NO_STORE);
  headers.append("Set-Cookie", await rememberDevice(request, deviceProof));
  return Response.json({ message: MESSAGES.passwordReset, deviceToken: deviceProof }, { headers });
}
