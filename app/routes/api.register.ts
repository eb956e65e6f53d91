/** POST /api/register {name, email, password, username} → 201 {message, user} (spec 01 §7). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { apiRegisterSchema } from "~/models/account/account";
import { registerUser } from "~/models/account/registration.server";
import { jsonError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";
import { assertNotCrossSite } from "~/web/auth.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertNotCrossSite(request);
  const input = await readJsonBody(request, apiRegisterSchema);
  const result = await registerUser(input);
  if (!result.ok) return jsonError(409, result.message);
  return Response.json({ message: "Conta criada com sucesso", user: result.user }, { status: 201, headers: NO_STORE });
}
