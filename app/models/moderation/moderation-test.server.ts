/**
 * The moderation test (/moderation-test, POST /api/moderation/test and /test-image) runs the paid AI,
 * so it is not free for every account: administrators test without limit (it is their tool for
 * checking the moderation), everyone else spends the same monthly quota as the description helper,
 * one call per test. The page and the API both come through here.
 */
import type { PublicUser } from "~/models/account/users.server";
import { testImageModeration, testTextModeration } from "~/models/ad/moderation.server";
import { giveBackCall, recordProvider, takeAiCall, usageStatus } from "~/models/ai-usage/ai-usage.server";
import type { AiUsage } from "~/models/ai-usage/ai-usage";
import type { ModerationResult } from "~/services/ai/types";

export type ModerationTest = { kind: "text"; description: string; categoryName: string } | { kind: "image"; imageUrl: string; categoryName: string };

export type ModerationTestAnswer =
  | { ok: true; result: ModerationResult; usage: AiUsage | null }
  | { ok: false; status: 400 | 429; message: string; retryAfterSeconds?: number };

/** What the page says about the quota before a test: null for an administrator (no limit). */
export function moderationTestUsage(user: PublicUser): AiUsage | null {
  return user.isAdmin ? null : usageStatus(user);
}

export async function runModerationTest(user: PublicUser, test: ModerationTest, now = new Date()): Promise<ModerationTestAnswer> {
  let usage: AiUsage | null = null;
  if (!user.isAdmin) {
    const call = takeAiCall(user, now);
    if (!call.ok) return { ok: false, status: call.status, message: call.message, retryAfterSeconds: call.retryAfterSeconds };
    usage = call.usage;
  }
  if (test.kind === "text") {
    const result = await testTextModeration(test);
    if (usage) recordProvider(user, result.provider, now);
    return { ok: true, result, usage };
  }
  const answer = await testImageModeration(test);
  if (!answer.ok) {
    // The address was refused before any AI saw it: the call is not spent.
    if (usage) giveBackCall(user, now);
    return answer;
  }
  if (usage) recordProvider(user, answer.result.provider, now);
  return { ok: true, result: answer.result, usage };
}
