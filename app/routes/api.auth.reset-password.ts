/** POST /api/auth/reset-password {token, newPassword} → {message} (spec 01 §7). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, NO_STORE, readJsonBody } from "~/lib/auth-http.server";
import { apiResetPasswordSchema, MESSAGES } from "~/lib/auth-schemas";
import { jsonError } from "~/lib/http.server";
import { assertNotCrossSite, resetPassword } from "~/services/auth.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertNotCrossSite(request);
  const { token, newPassword } = await readJsonBody(request, apiResetPasswordSchema);
  const result = await resetPassword(request, { token, password: newPassword });
  if (!result.ok) return jsonError(result.status, result.message);
  return Response.json({ message: MESSAGES.passwordReset }, { headers: NO_STORE });
}
