/**
 * Thin wrappers over the `openai` package: a chat completion for descriptions and the moderation
 * endpoint for text and images. The client never retries (the next provider is the retry) and
 * always gets an explicit base URL and key, so the package does not fall back to process.env
 * (it still honours OPENAI_LOG and OPENAI_CUSTOM_HEADERS, which the app never sets).
 */
import OpenAI from "openai";
import { DEFAULT_AI_TIMEOUT_MS } from "./types";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
/**
 * gpt-4o-mini leaves the API on 2027-01-14; the GPT-5.4 mini model is its current small
 * successor. Only max_completion_tokens is sent (no temperature, no reasoning effort), which
 * every current chat model accepts. OPENAI_MODEL overrides it.
 */
export const OPENAI_DEFAULT_CHAT_MODEL = "gpt-5.4-mini";
export const OPENAI_DEFAULT_MODERATION_MODEL = "omni-moderation-latest";

type Connection = { apiKey: string; baseUrl?: string; timeoutMs?: number };

function clientFor({ apiKey, baseUrl, timeoutMs }: Connection) {
  return new OpenAI({
    apiKey,
    baseURL: baseUrl ?? OPENAI_DEFAULT_BASE_URL,
    timeout: timeoutMs ?? DEFAULT_AI_TIMEOUT_MS,
    maxRetries: 0,
    // Explicit nulls: otherwise the package fills these from OPENAI_* environment variables.
    adminAPIKey: null,
    organization: null,
    project: null,
    webhookSecret: null,
  });
}

/**
 * Runs `call` with an abort signal that fires after the timeout. The package's own timeout stops
 * waiting for headers; this one also covers a body that never finishes.
 */
async function withDeadline<T>(timeoutMs: number | undefined, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs ?? DEFAULT_AI_TIMEOUT_MS);
  try {
    return await call(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

export type OpenAiChatRequest = Connection & {
  model?: string;
  system: string;
  user: string;
  maxCompletionTokens?: number;
};

/** The assistant's text answer. Throws on any failure, including an empty or refused answer. */
export async function openaiChatText(request: OpenAiChatRequest): Promise<string> {
  const client = clientFor(request);
  const completion = await withDeadline(request.timeoutMs, (signal) =>
    client.chat.completions.create(
      {
        model: request.model ?? OPENAI_DEFAULT_CHAT_MODEL,
        messages: [
          { role: "system", content: request.system },
          { role: "user", content: request.user },
        ],
        max_completion_tokens: request.maxCompletionTokens ?? 600,
      },
      { signal },
    ),
  );
  const message = completion?.choices?.[0]?.message;
  if (message?.refusal) throw new Error(`OpenAI refused: ${message.refusal.slice(0, 200)}`);
  const text = typeof message?.content === "string" ? message.content.trim() : "";
  if (!text) throw new Error("OpenAI answered no text");
  return text;
}

/**
 * OpenAI's moderation categories, what they mean for a classified ad (pt-BR reason) and how hard
 * they weigh: "reject" categories refuse the ad, the others send it to a person.
 */
export const OPENAI_CATEGORY_RULES: Record<string, { reason: string; severity: "reject" | "review" }> = {
  sexual: { reason: "Conteúdo sexual ou adulto não é permitido", severity: "reject" },
  "sexual/minors": { reason: "Conteúdo sexual envolvendo menores é proibido", severity: "reject" },
  harassment: { reason: "Linguagem ofensiva ou de assédio", severity: "review" },
  "harassment/threatening": { reason: "Ameaças ou intimidação", severity: "reject" },
  hate: { reason: "Discurso de ódio ou discriminação", severity: "reject" },
  "hate/threatening": { reason: "Discurso de ódio com ameaça de violência", severity: "reject" },
  illicit: { reason: "Oferta ou incentivo a atividade ilegal", severity: "review" },
  "illicit/violent": { reason: "Atividade ilegal violenta ou oferta de armas", severity: "reject" },
  "self-harm": { reason: "Conteúdo sobre automutilação", severity: "review" },
  "self-harm/intent": { reason: "Conteúdo sobre automutilação", severity: "review" },
  "self-harm/instructions": { reason: "Instruções de automutilação", severity: "reject" },
  violence: { reason: "Conteúdo violento", severity: "review" },
  "violence/graphic": { reason: "Violência explícita ou imagens chocantes", severity: "reject" },
};

export type OpenAiModerationInput = { text: string } | { imageUrl: string };

export type OpenAiModerationOutcome = {
  flagged: boolean;
  /** Distinct pt-BR reasons of the flagged categories. */
  reasons: string[];
  /** True when a flagged category weighs "reject". */
  severe: boolean;
  /** Highest category score across inputs (0..1), to derive a confidence. */
  maxScore: number;
};

/**
 * Moderates text and images (http(s) or data: URLs). One request per input keeps within the
 * endpoint's limit on images per request; the answers are merged.
 */
export async function openaiModerate(
  request: Connection & { model?: string; inputs: OpenAiModerationInput[] },
): Promise<OpenAiModerationOutcome> {
  const client = clientFor(request);
  const model = request.model ?? OPENAI_DEFAULT_MODERATION_MODEL;
  const answers = await withDeadline(request.timeoutMs, (signal) =>
    Promise.all(
      request.inputs.map((input) =>
        client.moderations.create(
          {
            model,
            input: [
              "text" in input
                ? { type: "text" as const, text: input.text }
                : { type: "image_url" as const, image_url: { url: input.imageUrl } },
            ],
          },
          { signal },
        ),
      ),
    ),
  );

  const outcome: OpenAiModerationOutcome = { flagged: false, reasons: [], severe: false, maxScore: 0 };
  for (const answer of answers) {
    const results = answer?.results;
    if (!Array.isArray(results) || results.length === 0) throw new Error("OpenAI moderation answered no results");
    for (const result of results) {
      if (typeof result.flagged !== "boolean" || typeof result.categories !== "object" || !result.categories) {
        throw new Error("OpenAI moderation answered an unexpected result");
      }
      for (const score of Object.values(result.category_scores ?? {})) {
        if (typeof score === "number" && score > outcome.maxScore) outcome.maxScore = score;
      }
      if (!result.flagged) continue;
      outcome.flagged = true;
      for (const [category, isFlagged] of Object.entries(result.categories)) {
        if (!isFlagged) continue;
        const rule = OPENAI_CATEGORY_RULES[category] ?? { reason: "Conteúdo impróprio", severity: "review" as const };
        if (!outcome.reasons.includes(rule.reason)) outcome.reasons.push(rule.reason);
        if (rule.severity === "reject") outcome.severe = true;
      }
    }
  }
  return outcome;
}

/** Bytes → a data: URL, the form in which the moderation endpoint takes an uploaded image. */
export function imageDataUrl(bytes: Uint8Array, mimeType: string): string {
  return `data:${mimeType};base64,${Buffer.from(bytes).toString("base64")}`;
}
