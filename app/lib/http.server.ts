/**
 * Request plumbing shared by the routes: one JSON error shape ({message, details?}), query/params
 * parsing with a zod schema, and form bodies — each answering 400 instead of throwing a 500.
 */
import { z } from "zod";

export type ApiError = { message: string; details?: string[] };

export function jsonError(status: number, message: string, details?: string[]) {
  const body: ApiError = details?.length ? { message, details } : { message };
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** Parses a plain object (search params, route params, JSON body) or throws a 400 Response. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, message = "Parâmetros inválidos"): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw jsonError(
    400,
    message,
    result.error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)),
  );
}

export function searchParamsOf(request: Request) {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/** A positive integer id from a path or query string ("12" → 12; "abc", "0", "1.5" → 400). */
export const idSchema = z.coerce
  .number({ message: "deve ser um número" })
  .int({ message: "deve ser um número inteiro" })
  .positive({ message: "deve ser maior que zero" });

/** A page action's form body. Any other body (JSON, a broken multipart) is a 400 with a message, not a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw jsonError(400, "Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.");
  }
}
