/** POST /api/register {name, email, password, username} → 201 {message, user} (spec 01 §7). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRegisterSchema } from "~/models/account/account";
import { registerUser } from "~/models/account/registration.server";
import { flowError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";
import { assertNotCrossSite, clientIp } from "~/web/auth.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertNotCrossSite(request);
  const input = await readJsonBody(request, apiRegisterSchema);
  const result = await registerUser({ ...input, ip: clientIp(request, context) });
  if (!result.ok) return flowError(result);
  return Response.json({ message: "Conta criada com sucesso", user: result.value }, { status: 201, headers: NO_STORE });
}
