/** POST /api/auth/forgot-password {email} → {message}, the same whether or not the e-mail has an account. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { methodNotAllowed, NO_STORE, readJsonBody } from "~/lib/auth-http.server";
import { forgotPasswordSchema } from "~/lib/auth-schemas";
import { jsonError } from "~/lib/http.server";
import { assertNotCrossSite, forgotPassword, retryAfterHeaders } from "~/services/auth.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertNotCrossSite(request);
  const { email } = await readJsonBody(request, forgotPasswordSchema);
  const result = await forgotPassword(request, context, email);
  if (!result.ok) {
    const response = jsonError(result.status, result.message);
    for (const [name, value] of Object.entries(retryAfterHeaders(result))) response.headers.set(name, value);
    return response;
  }
  return Response.json({ message: result.value }, { headers: NO_STORE });
}
