/** POST /api/auth/reset-password {token, newPassword} → {message} (spec 01 §7). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiResetPasswordSchema, MESSAGES } from "~/models/account/account";
import { resetPassword } from "~/models/account/password-reset.server";
import { assertNotCrossSite, getAuthContext } from "~/web/auth.server";
import { flowError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertNotCrossSite(request);
  const { token, newPassword } = await readJsonBody(request, apiResetPasswordSchema);
  const current = await getAuthContext(request);
  const result = await resetPassword({ token, password: newPassword, keepSessionId: current?.sessionId });
  if (!result.ok) return flowError(result);
  return Response.json({ message: MESSAGES.passwordReset }, { headers: NO_STORE });
}
