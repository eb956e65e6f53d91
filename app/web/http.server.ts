/**
 * The web's answers, in one module: the one JSON error shape of every `/api` route ({message,
 * details?} and the optional fields the spec names), a page's 404, the 429 with Retry-After of every
 * throttle and quota (the AI quota's included), the cache header; and the request plumbing that
 * answers 400 with them (query/params parsed with a zod schema, form and JSON bodies) instead of a 500.
 * A route says which answer; app/architecture.test.ts keeps the 4xx statuses in here.
 */
import type { SubmissionResult } from "@conform-to/react";
import { data, type HeadersFunction } from "@remix-run/node";
import type { z } from "zod";
import type * as zm from "zod/mini";
import { MESSAGES } from "~/models/account/account";
import { AD_NOT_FOUND } from "~/models/ad/ad";
import { AI_MESSAGES } from "~/models/ai-usage/ai-usage";
import type { AiCallRefused } from "~/models/ai-usage/ai-usage.server";

/**
 * The one cache rule for anything personal, one-time or an error: `no-store` alone. It already forbids
 * every cache, shared or the browser's own, from keeping the answer, so `private` beside it said
 * nothing more, and two spellings invited a third.
 */
export const NO_STORE = { "Cache-Control": "no-store" };

/**
 * Every `/api` error body. `title` is the dashboard's toast heading where the spec gives one (the
 * status and delete refusals); `suggestion` is spec 02 §7's, for an ad or photo the moderation refused.
 */
export type ApiError = { message: string; details?: string[]; suggestion?: string; title?: string };

export function jsonError(status: number, message: string, details?: string[], extra: { title?: string; suggestion?: string | null } = {}) {
  const body: ApiError = {
    ...(extra.title ? { title: extra.title } : {}),
    message,
    ...(details?.length ? { details } : {}),
    ...(extra.suggestion ? { suggestion: extra.suggestion } : {}),
  };
  return Response.json(body, { status, headers: NO_STORE });
}

/**
 * A page's 404, thrown by its loader or action: the route's ErrorBoundary says it in pt-BR, and a
 * fetch (the router's data request, a script) reads the message as plain text. Never kept: the ad
 * missing now may be published after its payment.
 */
export function notFoundPage(message: string = AD_NOT_FOUND) {
  return textAnswer(404, message);
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

/** A page form that did not pass its checks: what the page shows beside the fields, with 400. */
export function invalidForm<T>(payload: T, headers?: HeadersInit) {
  return data(payload, { status: 400, headers });
}

/** A page's 403: the payload says so to the page ('Acesso Negado'), never kept by a cache. */
export function forbiddenPage<T>(payload: T) {
  return data(payload, { status: 403, headers: NO_STORE });
}

/** A page's 404 whose page says it itself (the payload), instead of the error boundary. */
export function notFoundData<T>(payload: T) {
  return data(payload, { status: 404, headers: NO_STORE });
}

/**
 * A page that is gone for good but still says what it was (a sold ad, issue #36): 410 with the
 * payload the page renders, so search engines drop it sooner than a 404 and a buyer sees "Vendido".
 */
export function goneData<T>(payload: T) {
  return data(payload, { status: 410, headers: NO_STORE });
}

/** A request no form of the page sends (an unknown intent, a missing id): 400 in plain text. */
export function badRequestPage(message: string) {
  return textAnswer(400, message);
}

/** A page request refused for who sends it (a cross-site write): 403 in plain text. */
export function forbiddenText(message: string) {
  return textAnswer(403, message);
}

function textAnswer(status: 400 | 403 | 404, message: string) {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...NO_STORE } });
}

type Replyable = {
  reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; resetForm?: boolean; hideFields?: string[] }): SubmissionResult<string[]>;
  error?: Record<string, string[] | null> | null;
};

/** The first message of a failed submission (its first field's), for the toast. */
function firstError(submission: Replyable): string | undefined {
  for (const messages of Object.values(submission.error ?? {})) if (messages?.length) return messages[0];
  return undefined;
}

export type FailureToast = { type: "error"; message: string; description: string };

/**
 * A form that did not go through: its errors beside the fields (conform's reply) and the spec's error
 * toast ('Erro ao criar cidade'…) with the reason. `refusal` is the model's answer (duplicate, in use…),
 * shown on its field when it names one; `hideFields` are never sent back (a card's number).
 *
 * The toast travels in the action's data, not in the toast cookie: this very response is the page
 * a browser without JavaScript shows, and its root loader has already read the cookie.
 */
export function formFailure<Extra extends Record<string, unknown> = Record<never, never>>(
  submission: Replyable,
  title: string,
  refusal?: { status: number; message: string; field?: string },
  extra: Extra = {} as Extra,
  hideFields?: string[],
) {
  const result = refusal
    ? submission.reply(refusal.field ? { fieldErrors: { [refusal.field]: [refusal.message] }, hideFields } : { formErrors: [refusal.message], hideFields })
    : submission.reply({ hideFields });
  const description = refusal?.message ?? firstError(submission) ?? "Verifique os campos destacados.";
  const failure: FailureToast = { type: "error", message: title, description };
  return data({ ...extra, result, toast: failure }, { status: refusal?.status ?? 400, headers: NO_STORE });
}

/**
 * The AI quota's refusal on a page (the wizard, the edit page): the same 429, message and Retry-After
 * as the API's, with the toast's title ('Limite atingido' for the month, 'Aguarde' for the burst).
 */
export function aiRefusalPage(refusal: AiCallRefused) {
  const title = refusal.reason === "limit_reached" ? AI_MESSAGES.limitTitle : AI_MESSAGES.tooFastTitle;
  return { toast: { message: title, description: refusal.message }, init: { status: refusal.status, headers: { ...NO_STORE, ...retryAfterHeaders(refusal) } } };
}

/**
 * The same refusal from POST /api/ai/generate-description: the spec's body for the month's quota
 * ({description: "", source: "limit_reached", message, usage}), the one error shape for the burst.
 */
export function aiRefusalJson(refusal: AiCallRefused) {
  if (refusal.reason === "too_fast") return flowError(refusal);
  const body = { description: "", source: "limit_reached", message: refusal.message, usage: refusal.usage };
  return Response.json(body, { status: refusal.status, headers: { ...NO_STORE, ...retryAfterHeaders(refusal) } });
}

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
