/** A JSON request body that must be an object (PUT bodies merged over the stored record), or a thrown 400. */
import { MESSAGES } from "~/models/account/account";
import { jsonError } from "~/web/http.server";

export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw jsonError(400, MESSAGES.badBody, ["O corpo deve ser um JSON válido"]);
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw jsonError(400, MESSAGES.badBody, ["O corpo deve ser um objeto JSON"]);
  return body as Record<string, unknown>;
}
