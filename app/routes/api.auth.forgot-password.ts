/** POST /api/auth/forgot-password {email} → {message}, the same whether or not the e-mail has an account. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { forgotPasswordSchema } from "~/models/account/account";
import { forgotPassword } from "~/models/account/password-reset.server";
import { assertNotCrossSite, clientIp } from "~/web/auth.server";
import { flowError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertNotCrossSite(request);
  const { email } = await readJsonBody(request, forgotPasswordSchema);
  const result = await forgotPassword({ email, ip: clientIp(request, context) });
  if (!result.ok) return flowError(result);
  return Response.json({ message: result.value }, { headers: NO_STORE });
}
