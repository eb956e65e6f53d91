/**
 * The automatic moderation of an ad's text and photos, with the providers configured for this server
 * (Gemini, then OpenAI, then the local rules; see services/ai). Photos are judged by content only when
 * an AI provider is configured; the verdict then says so in its notes.
 */
import { getEnv } from "~/env.server";
import type { AdModeration } from "~/models/ad/ad";
import { getOriginalImage } from "~/models/ad/image-store.server";
import { hasAiProvider, moderateAd, moderateImageUrl, type ModerationImage } from "~/services/ai/moderation.server";
import { SafeFetchError } from "~/services/ai/safe-fetch.server";
import type { ModerationResult } from "~/services/ai/types";
import type { AiConfig } from "~/services/ai/types";

export function aiConfig(): AiConfig {
  const env = getEnv();
  return {
    geminiApiKey: env.GEMINI_API_KEY,
    geminiBaseUrl: env.GEMINI_BASE_URL,
    geminiModel: env.GEMINI_MODEL,
    openaiApiKey: env.OPENAI_API_KEY,
    openaiBaseUrl: env.OPENAI_BASE_URL,
    openaiModel: env.OPENAI_MODEL,
    openaiModerationModel: env.OPENAI_MODERATION_MODEL,
    timeoutMs: env.AI_TIMEOUT_MS,
  };
}

export type AdContent = {
  title: string;
  description: string;
  /** "Label: value" lines of the characteristics and free pairs. */
  characteristics: string[];
  categoryName: string;
  photoIds: string[];
};

export async function moderateAdContent(content: AdContent): Promise<AdModeration> {
  const config = aiConfig();
  // Reading the photos back only pays off when a provider can look at them.
  const images: ModerationImage[] = [];
  if (hasAiProvider(config)) {
    for (const publicId of content.photoIds) {
      const original = await getOriginalImage(publicId);
      if (original) images.push({ bytes: original.bytes, mimeType: original.contentType });
    }
  }
  const result = await moderateAd(
    {
      title: content.title,
      description: content.description,
      characteristics: content.characteristics,
      categoryName: content.categoryName,
      images,
      imageCount: content.photoIds.length,
    },
    config,
  );
  return {
    recommendation: result.recommendation,
    confidence: result.confidence,
    issues: result.issues,
    suggestion: result.suggestion,
    notes: result.notes,
    provider: result.provider,
    timestamp: result.timestamp,
  };
}

/** The /moderation-test page and POST /api/moderation/test: the same chain on a bare description. */
export async function testTextModeration(input: { description: string; categoryName: string }): Promise<ModerationResult> {
  return moderateAd({ description: input.description, categoryName: input.categoryName }, aiConfig());
}

/**
 * POST /api/moderation/test-image: the image at a public http(s) address, fetched with a size cap and a
 * timeout and never from a private or loopback address; a refused address is a 400 with the reason.
 */
export async function testImageModeration(input: { imageUrl: string; categoryName: string }): Promise<{ ok: true; result: ModerationResult } | { ok: false; status: 400; message: string }> {
  try {
    return { ok: true, result: await moderateImageUrl(input.imageUrl, input.categoryName, aiConfig()) };
  } catch (error) {
    if (error instanceof SafeFetchError) return { ok: false, status: 400, message: error.message };
    throw error;
  }
}
