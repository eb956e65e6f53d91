/**
 * One Asaas API call: throttle, timeout, and every way it can fail turned into a GatewayError.
 *
 * - The throttle (./throttle.ts) is asked first; a refusal (back-off after a 429, or the read
 *   budget spent) is `rate_limited` (503) without touching the network.
 * - 429 → a shared back-off until `RateLimit-Reset` (seconds; 60 when absent or unreadable), and
 *   `rate_limited` with `retryAfterSeconds`.
 * - 401 → our key was refused; 403 → Asaas blocked the request (abuse, or a parameter this account
 *   may not use — not only keys); 5xx and network errors → `unavailable` (502); timeout → 504.
 * - Asaas's 4xx `{errors: [{code, description}]}` → AsaasApiError (400, Asaas's pt-BR description).
 * - An answer of unexpected shape (not JSON, not what the zod schema says) → `unavailable` and a
 *   `[payments]` log line naming the call: never a TypeError (a 500) further on.
 *
 * Card data goes into one request body and nowhere else: nothing here logs a body, and messages
 * carry the method, path, status, Asaas's error codes and zod's issue paths only.
 */
import { z } from "zod";
import { GatewayError, rateLimitedError } from "./gateway";
import { createMemoryThrottle, type GatewayCallKind, type GatewayThrottle } from "./throttle";

export type AsaasHttpOptions = {
  apiKey: string;
  /** Normalised API root, ending in /v3. */
  baseUrl: string;
  timeoutMs: number;
  fetch?: typeof fetch;
  userAgent?: string;
  /** Shared by every worker in production (SQLite); one process's memory when not given. */
  throttle?: GatewayThrottle;
};

/** When Asaas sends no usable RateLimit-Reset. */
export const DEFAULT_RATE_LIMIT_RESET_SECONDS = 60;
/** Asaas's longest window is 12 hours: a larger reset is not a delay we can trust. */
const MAX_RATE_LIMIT_RESET_SECONDS = 12 * 60 * 60;

const errorItemSchema = z.looseObject({ code: z.string().optional(), description: z.string().optional() });
const errorListSchema = z.looseObject({ errors: z.array(errorItemSchema) });
export type AsaasErrorItem = z.infer<typeof errorItemSchema>;

/** An error answer from Asaas, with its error list (the card refusal is recognised by its code). */
export class AsaasApiError extends GatewayError {
  readonly httpStatus: number;
  readonly asaasErrors: AsaasErrorItem[];
  constructor(httpStatus: number, what: string, errors: AsaasErrorItem[]) {
    const description = errors.map((e) => e.description?.trim()).filter(Boolean).join(" ");
    super("invalid_request", `Asaas answered ${httpStatus} to ${what}: ${errorCodes(errors)}`, { userMessage: description });
    this.httpStatus = httpStatus;
    this.asaasErrors = errors;
  }
}

function errorCodes(errors: AsaasErrorItem[]): string {
  return errors.map((e) => e.code ?? "?").join(", ") || "no error codes";
}

/** Asaas's error list, when the body has one. */
function errorsIn(json: unknown): AsaasErrorItem[] {
  const parsed = errorListSchema.safeParse(json);
  return parsed.success ? parsed.data.errors : [];
}

/** `RateLimit-Reset` in seconds, kept between 1 s and 12 h; the default when absent or unreadable. */
export function rateLimitResetSeconds(headers: Headers): number {
  const raw = headers.get("RateLimit-Reset")?.trim() ?? "";
  const seconds = /^\d+(\.\d+)?$/.test(raw) ? Math.ceil(Number(raw)) : NaN;
  if (!Number.isFinite(seconds)) return DEFAULT_RATE_LIMIT_RESET_SECONDS;
  return Math.min(Math.max(seconds, 1), MAX_RATE_LIMIT_RESET_SECONDS);
}

/** Logged where it happens (it means Asaas's contract changed or a proxy answered), then a 502. */
function unexpectedAnswer(what: string, detail: string): GatewayError {
  const message = `Asaas sent an unexpected answer to ${what}: ${detail}`;
  console.error(`[payments] ${message}`);
  return new GatewayError("unavailable", message);
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`)
    .join("; ");
}

export type AsaasRequest = <S extends z.ZodType>(
  method: "GET" | "POST" | "DELETE",
  path: string,
  kind: GatewayCallKind,
  schema: S,
  body?: unknown,
) => Promise<z.output<S>>;

export function createAsaasRequest(options: AsaasHttpOptions): AsaasRequest {
  const doFetch = options.fetch ?? fetch;
  const throttle = options.throttle ?? createMemoryThrottle();

  /** The throttle's verdict; a throttle that fails (e.g. the database is busy) lets the call go: Asaas's own 429 still guards. */
  function reserve(kind: GatewayCallKind, what: string) {
    try {
      return throttle.reserve(kind);
    } catch (error) {
      console.error(`[payments] the gateway throttle failed before ${what}; calling Asaas anyway:`, error);
      return { ok: true } as const;
    }
  }

  function backOff(seconds: number, what: string) {
    try {
      throttle.backOff(Date.now() + seconds * 1000);
    } catch (error) {
      console.error(`[payments] could not record Asaas's back-off of ${seconds} s after ${what}:`, error);
    }
  }

  return async function request(method, path, kind, schema, body) {
    const what = `${method} ${path.split("?")[0]}`;
    const verdict = reserve(kind, what);
    if (!verdict.ok) {
      const why = verdict.reason === "backoff" ? "backing off after Asaas's 429" : `the ${kind} budget of this minute is spent`;
      throw rateLimitedError(`Asaas ${what} not sent: ${why} (${verdict.retryAfterSeconds} s left)`, verdict.retryAfterSeconds);
    }

    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${options.baseUrl}${path}`, {
        method,
        headers: {
          access_token: options.apiKey,
          "Content-Type": "application/json",
          Accept: "application/json",
          "User-Agent": options.userAgent ?? "classificados-patos",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) {
        throw new GatewayError("timeout", `Asaas ${what} timed out after ${options.timeoutMs} ms`, { cause: error });
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new GatewayError("unavailable", `Asaas ${what} failed: ${reason}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }
    const status = response.status;

    if (status === 429) {
      const seconds = rateLimitResetSeconds(response.headers);
      backOff(seconds, what);
      throw rateLimitedError(`Asaas answered 429 to ${what}: backing off for ${seconds} s`, seconds);
    }
    if (status === 401) {
      throw new GatewayError("unavailable", `Asaas refused our credentials (401) on ${what}: check ASAAS_API_KEY`);
    }

    let json: unknown;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = undefined;
    }
    if (status === 403) {
      const codes = errorCodes(errorsIn(json));
      throw new GatewayError("unavailable", `Asaas answered 403 (forbidden: blocked request or a parameter this account may not use) to ${what}: ${codes}`);
    }
    if (status >= 500) throw new GatewayError("unavailable", `Asaas answered ${status} to ${what}`);
    if (json === undefined) throw unexpectedAnswer(what, `a body that is not JSON (status ${status})`);
    if (status >= 400) throw new AsaasApiError(status, what, errorsIn(json));

    const parsed = schema.safeParse(json);
    if (!parsed.success) throw unexpectedAnswer(what, describeIssues(parsed.error));
    return parsed.data;
  };
}
