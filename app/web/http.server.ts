/**
 * Request plumbing shared by the routes: one JSON error shape ({message, details?}), query/params
 * parsing with a zod schema, and form bodies — each answering 400 instead of throwing a 500.
 */
import type { HeadersFunction } from "@remix-run/node";
import type { z } from "zod";
import type * as zm from "zod/mini";
import { MESSAGES } from "~/models/account/account";

export const NO_STORE = { "Cache-Control": "no-store" };

export type ApiError = { message: string; details?: string[] };

export function jsonError(status: number, message: string, details?: string[]) {
  const body: ApiError = details?.length ? { message, details } : { message };
  return Response.json(body, { status, headers: NO_STORE });
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

/** A page action's form body. Any other body (JSON, a broken multipart) is a 400 with a message, not a 500. */
export async function readFormData(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw jsonError(400, "Não foi possível ler o formulário enviado. Recarregue a página e tente de novo.");
  }
}

export const JSON_BODY_MESSAGES = {
  notJson: "O corpo deve ser um JSON válido",
  notObject: "O corpo deve ser um objeto JSON (por exemplo {\"campo\": \"valor\"})",
} as const;

/**
 * The one way the API reads a JSON body: an object, or a thrown 400 (malformed JSON, or `null`, a
 * number, a string, an array). Every body of the API is an object, and the schemas' cross-field
 * checks read `data.field`, so anything else must stop here rather than reach them as a 500.
 */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  return parseJsonObject(await request.text());
}

/** `readJsonObject` for a body already read as text (an endpoint that also takes forms or nothing). */
export function parseJsonObject(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw jsonError(400, MESSAGES.badBody, [JSON_BODY_MESSAGES.notJson]);
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw jsonError(400, MESSAGES.badBody, [JSON_BODY_MESSAGES.notObject]);
  return body as Record<string, unknown>;
}

/** The parsed body, or a thrown 400 whose `message` is the first problem (e.g. "Email inválido"). */
export async function readJsonBody<S extends zm.ZodMiniType>(request: Request, schema: S): Promise<zm.output<S>> {
  return parseBodyOrThrow(schema, await readJsonObject(request));
}

/** 405 with the methods the endpoint does take (the Allow header), as JSON like every API error. */
export function methodNotAllowed(allow: string, message = "Método não permitido") {
  const response = jsonError(405, message);
  response.headers.set("Allow", allow);
  return response;
}

type RetryAfter = { retryAfterMinutes?: number; retryAfterSeconds?: number };

/** A 429 or 503 answer's Retry-After header (in seconds). */
export function retryAfterHeaders(result: RetryAfter): Record<string, string> {
  const seconds = result.retryAfterSeconds ?? (result.retryAfterMinutes ? result.retryAfterMinutes * 60 : undefined);
  return seconds ? { "Retry-After": String(seconds) } : {};
}

/**
 * A page route's `headers` export that passes its action's Retry-After on: an HTML document answer
 * takes its headers only from this export, not from the action's `data(…, { headers })`.
 *   export { retryAfterPageHeaders as headers } from "~/web/http.server";
 */
export const retryAfterPageHeaders: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : new Headers();
};

/** The JSON answer for a refused account flow (its status, message and, for 429 and 503, Retry-After). */
export function flowError(result: { status: number; message: string } & RetryAfter) {
  const response = jsonError(result.status, result.message);
  for (const [name, value] of Object.entries(retryAfterHeaders(result))) response.headers.set(name, value);
  return response;
}

/**
 * A request body (JSON, or a form's fields as an object) checked with a shared zod/mini schema, or a
 * thrown 400 whose `message` is the first field's problem and `details` lists them all.
 */
export function parseBodyOrThrow<S extends zm.ZodMiniType>(schema: S, body: unknown): zm.output<S> {
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
