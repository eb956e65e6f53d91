/**
 * Shapes shared by the AI services (description helper and automatic moderation).
 * Browser-safe: no server imports, so a page can import the verdict type to render it.
 */

/**
 * What the services need to reach the providers. The coordinator builds it from env.server.ts;
 * the services never read process.env, and tests point the base URLs at local fake servers.
 * A provider without a key is skipped.
 */
export type AiConfig = {
  geminiApiKey?: string;
  /** Default https://generativelanguage.googleapis.com (the client adds /v1beta/models/…). */
  geminiBaseUrl?: string;
  /** Default gemini-3.5-flash-lite. */
  geminiModel?: string;
  openaiApiKey?: string;
  /** Default https://api.openai.com/v1 (the openai package's default; include the /v1). */
  openaiBaseUrl?: string;
  /** Chat model for descriptions. Default gpt-5.4-mini. */
  openaiModel?: string;
  /** Default omni-moderation-latest. */
  openaiModerationModel?: string;
  /** Per provider call, in milliseconds. Default 8000. */
  timeoutMs?: number;
};

export const DEFAULT_AI_TIMEOUT_MS = 8_000;

export type ModerationRecommendation = "approved" | "rejected" | "needs_review";

export type ModerationProvider = "gemini" | "openai" | "local";

/** A verdict before it is stamped with its provider and time. */
export type ModerationVerdict = {
  recommendation: ModerationRecommendation;
  /** 0..1: how sure the provider is of its recommendation. */
  confidence: number;
  /** pt-BR reasons shown to the advertiser and the admin ("Motivos"). */
  issues: string[];
  /** pt-BR advice on how to fix the ad ("Sugestão"). */
  suggestion?: string;
};

/** The verdict stored with an ad and returned by the moderation endpoints. */
export type ModerationResult = ModerationVerdict & {
  /** The provider whose verdict is final (the strictest of the AI answer and the local rules). */
  provider: ModerationProvider;
  /** Every provider that gave an answer, in the order asked. */
  consulted: ModerationProvider[];
  /** ISO 8601 time of the verdict. */
  timestamp: string;
  /** pt-BR remarks about the check itself, e.g. photos that could not be analysed. */
  notes?: string[];
};

/** Strictest first: used to combine verdicts. */
const SEVERITY: Record<ModerationRecommendation, number> = { approved: 0, needs_review: 1, rejected: 2 };

export function isStricter(a: ModerationRecommendation, b: ModerationRecommendation): boolean {
  return SEVERITY[a] > SEVERITY[b];
}
