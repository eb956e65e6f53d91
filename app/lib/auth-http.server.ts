/** JSON bodies of the account API: parsed with the shared schemas, answering 400 with the spec's message. */
import type * as z from "zod/mini";
import { MESSAGES } from "~/lib/auth-schemas";
import { jsonError } from "~/lib/http.server";

export const NO_STORE = { "Cache-Control": "no-store" };

/** The parsed body, or a thrown 400 whose `message` is the first problem (e.g. "Email inválido"). */
export async function readJsonBody<S extends z.ZodMiniType>(request: Request, schema: S): Promise<z.output<S>> {
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw jsonError(400, MESSAGES.badBody, ["O corpo deve ser um JSON válido"]);
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issues = result.error.issues;
  // A body that is not an object at all gets the generic message; field problems get their own.
  const first = issues.find((issue) => issue.path.length > 0);
  throw jsonError(
    400,
    first?.message ?? MESSAGES.badBody,
    issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)),
  );
}

export function methodNotAllowed(allow: string) {
  return new Response(JSON.stringify({ message: "Método não permitido" }), {
    status: 405,
    headers: { Allow: allow, "Content-Type": "application/json", ...NO_STORE },
  });
}
