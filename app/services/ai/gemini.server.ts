/**
 * A minimal client for the Gemini API's REST endpoint (no SDK): one generateContent call with
 * text and inline image parts, an optional JSON response schema, a hard timeout, and an error for
 * every answer that carries no usable text, so callers can fall through to the next provider.
 *
 *   POST {baseUrl}/v1beta/models/{model}:generateContent
 *   x-goog-api-key: {key}          (a header rather than ?key=, so the key stays out of logs)
 *   { contents: [{ role, parts: [{ text } | { inline_data: { mime_type, data } }] }],
 *     systemInstruction: { parts: [{ text }] },
 *     generationConfig: { responseMimeType, responseSchema, maxOutputTokens } }
 *   → { candidates: [{ content: { parts: [{ text }] }, finishReason }], promptFeedback?: { blockReason } }
 */
import { DEFAULT_AI_TIMEOUT_MS } from "./types";

export const GEMINI_DEFAULT_BASE_URL = "https://generativelanguage.googleapis.com";
/**
 * gemini-2.0-flash was shut down in 2026 and gemini-2.5-flash is retired; 3.5 Flash-Lite is the
 * stable, cheap replacement Google names, thinks minimally by default and reads images.
 * GEMINI_MODEL overrides it.
 */
export const GEMINI_DEFAULT_MODEL = "gemini-3.5-flash-lite";

export type GeminiPart = { text: string } | { inline_data: { mime_type: string; data: string } };

/** The subset of Gemini's OpenAPI-style schema used here (types are upper case in the REST API). */
export type GeminiSchema = {
  type: "OBJECT" | "ARRAY" | "STRING" | "NUMBER" | "INTEGER" | "BOOLEAN";
  properties?: Record<string, GeminiSchema>;
  items?: GeminiSchema;
  enum?: string[];
  required?: string[];
  description?: string;
};

export type GeminiRequest = {
  apiKey: string;
  baseUrl?: string;
  model?: string;
  parts: GeminiPart[];
  systemInstruction?: string;
  /** When set, Gemini answers JSON matching it (responseMimeType application/json). */
  responseSchema?: GeminiSchema;
  maxOutputTokens?: number;
  timeoutMs?: number;
};

export type GeminiErrorKind = "http" | "timeout" | "network" | "bad_response" | "blocked" | "empty";

export class GeminiError extends Error {
  constructor(
    readonly kind: GeminiErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "GeminiError";
  }
}

type GeminiResponse = {
  candidates?: Array<{
    content?: { parts?: Array<{ text?: unknown; thought?: unknown }> };
    finishReason?: string;
  }>;
  promptFeedback?: { blockReason?: string };
};

/** Finish reasons that mean the answer was withheld for policy reasons rather than lost. */
const BLOCKING_FINISH_REASONS = new Set(["SAFETY", "PROHIBITED_CONTENT", "BLOCKLIST", "SPII", "RECITATION", "IMAGE_SAFETY"]);

/** The model's text answer (parts joined). Throws GeminiError on any failure. */
export async function geminiGenerateText(request: GeminiRequest): Promise<string> {
  const baseUrl = (request.baseUrl ?? GEMINI_DEFAULT_BASE_URL).replace(/\/+$/, "");
  // Google's docs write the model both as "gemini-…" and as the resource name "models/gemini-…".
  const model = (request.model ?? GEMINI_DEFAULT_MODEL).replace(/^models\//, "");
  const url = `${baseUrl}/v1beta/models/${encodeURIComponent(model)}:generateContent`;

  const body = {
    contents: [{ role: "user", parts: request.parts }],
    ...(request.systemInstruction ? { systemInstruction: { parts: [{ text: request.systemInstruction }] } } : {}),
    generationConfig: {
      ...(request.responseSchema
        ? { responseMimeType: "application/json", responseSchema: request.responseSchema }
        : {}),
      ...(request.maxOutputTokens ? { maxOutputTokens: request.maxOutputTokens } : {}),
    },
  };

  // One deadline for the whole exchange: the abort also stops a body that trickles in slowly.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs ?? DEFAULT_AI_TIMEOUT_MS);
  let payload: GeminiResponse;
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-goog-api-key": request.apiKey },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const raw = await response.text();
    if (!response.ok) {
      throw new GeminiError("http", `Gemini answered ${response.status}: ${errorMessageOf(raw)}`, response.status);
    }
    try {
      payload = JSON.parse(raw) as GeminiResponse;
    } catch {
      throw new GeminiError("bad_response", "Gemini answered a body that is not JSON");
    }
  } catch (error) {
    if (error instanceof GeminiError) throw error;
    if (controller.signal.aborted) throw new GeminiError("timeout", "Gemini did not answer in time");
    throw new GeminiError("network", `Gemini could not be reached: ${(error as Error).message}`);
  } finally {
    clearTimeout(timer);
  }

  return textOf(payload);
}

function textOf(payload: GeminiResponse): string {
  if (typeof payload !== "object" || payload === null) {
    throw new GeminiError("bad_response", "Gemini answered an unexpected body");
  }
  const blockReason = payload.promptFeedback?.blockReason;
  if (blockReason) throw new GeminiError("blocked", `Gemini blocked the prompt (${blockReason})`);

  const candidate = payload.candidates?.[0];
  if (!candidate) throw new GeminiError("empty", "Gemini answered no candidates");

  // Thought summaries (thought: true) are not part of the answer.
  const text = (candidate.content?.parts ?? [])
    .filter((part) => typeof part.text === "string" && part.thought !== true)
    .map((part) => part.text as string)
    .join("")
    .trim();
  if (text) return text;

  if (candidate.finishReason && BLOCKING_FINISH_REASONS.has(candidate.finishReason)) {
    throw new GeminiError("blocked", `Gemini withheld the answer (${candidate.finishReason})`);
  }
  throw new GeminiError("empty", `Gemini answered no text (${candidate.finishReason ?? "no finish reason"})`);
}

/** Google's error bodies are { error: { code, message, status } }; keep the message short for logs. */
function errorMessageOf(raw: string): string {
  try {
    const parsed = JSON.parse(raw) as { error?: { message?: string; status?: string } };
    const message = [parsed.error?.status, parsed.error?.message].filter(Boolean).join(" ");
    if (message) return message.slice(0, 200);
  } catch {
    // Not JSON: fall back to the raw text.
  }
  return raw.slice(0, 200) || "(empty body)";
}

/** Bytes → an inline image part (base64), as Gemini reads images sent with the request. */
export function inlineImagePart(bytes: Uint8Array, mimeType: string): GeminiPart {
  return { inline_data: { mime_type: mimeType, data: Buffer.from(bytes).toString("base64") } };
}
