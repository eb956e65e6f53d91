/**
 * The AI description helper with its monthly quota per user (São Paulo calendar month, AI_MONTHLY_LIMIT
 * generations, default 10). A call is counted atomically BEFORE generating — one UPSERT that only
 * increments below the limit — so parallel calls can never pass the quota.
 */
import { and, eq, sql } from "drizzle-orm";
import { db, sqlite } from "~/db/client.server";
import { aiUsage } from "~/db/schema";
import { getEnv } from "~/env.server";
import { monthKey } from "~/lib/dates";
import { AI_MESSAGES, type AiDescriptionSource, type AiUsage } from "~/models/ai-usage/ai-usage";
import { countAttempt } from "~/models/account/throttle.server";
import { aiConfig } from "~/models/ad/moderation.server";
import { generateDescription, type DescriptionInput } from "~/services/ai/description.server";

export function monthlyLimit() {
  return getEnv().AI_MONTHLY_LIMIT;
}

export function usageStatus(userId: number, now = new Date()): AiUsage {
  const limit = monthlyLimit();
  const row = db
    .select({ totalCalls: aiUsage.totalCalls })
    .from(aiUsage)
    .where(and(eq(aiUsage.userId, userId), eq(aiUsage.month, monthKey(now))))
    .get();
  return toUsage(row?.totalCalls ?? 0, limit);
}

function toUsage(totalCalls: number, limit: number): AiUsage {
  const remainingCalls = Math.max(0, limit - totalCalls);
  return { totalCalls, limit, remainingCalls, canUse: remainingCalls > 0 };
}

let reserveStatement: { get(...params: unknown[]): unknown } | undefined;

/** Counts one call when the month still has room; the new total, or null when the quota is spent. */
export function reserveCall(userId: number, now = new Date()): number | null {
  const limit = monthlyLimit();
  if (limit <= 0) return null;
  reserveStatement ??= sqlite
    .prepare(
      `INSERT INTO ai_usage (user_id, month, total_calls) VALUES (?, ?, 1)
       ON CONFLICT (user_id, month) DO UPDATE SET total_calls = total_calls + 1 WHERE total_calls < ?
       RETURNING total_calls`,
    )
    .pluck();
  const total = reserveStatement.get(userId, monthKey(now), limit);
  return typeof total === "number" ? total : null;
}

export type GeneratedDescription = { description: string; source: AiDescriptionSource; usage: AiUsage; message?: string };

/** Refused before anything is counted: too many generations in the last minute (a script, not a person). */
export type TooFast = { tooFast: true; message: string; retryAfterMinutes: number };

export async function generateDescriptionFor(userId: number, input: DescriptionInput, now = new Date()): Promise<GeneratedDescription | TooFast> {
  const burst = countAttempt("ai-description", [`ai-user:${userId}`], now);
  if (!burst.ok) return { tooFast: true, message: AI_MESSAGES.tooFast, retryAfterMinutes: burst.retryAfterMinutes };
  const limit = monthlyLimit();
  const total = reserveCall(userId, now);
  if (total === null) {
    return { description: "", source: "limit_reached", usage: toUsage(limit, limit), message: AI_MESSAGES.limitReached(limit) };
  }
  const result = await generateDescription(input, aiConfig());
  // Which provider answered, for the operator's bill; the quota itself was counted above.
  if (result.source !== "local") {
    const column = result.source === "gemini" ? aiUsage.geminiCalls : aiUsage.openaiCalls;
    db.update(aiUsage)
      .set({ [result.source === "gemini" ? "geminiCalls" : "openaiCalls"]: sql`${column} + 1` })
      .where(and(eq(aiUsage.userId, userId), eq(aiUsage.month, monthKey(now))))
      .run();
  }
  return { description: result.description, source: result.source, usage: toUsage(total, limit) };
}
