/**
 * The paid AI's monthly quota per account (São Paulo calendar month, AI_MONTHLY_LIMIT calls, default
 * 10), shared by the description helper and the moderation test (moderation-test.server.ts). A call is
 * counted atomically BEFORE generating — one UPSERT that only increments below the limit — so
 * parallel calls can never pass the quota. The count is kept under a keyed hash of the e-mail, not
 * the account id, so deleting the account and signing up again with the same e-mail keeps it.
 */
import { createHmac } from "node:crypto";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { db, sqlite } from "~/db/client.server";
import { aiUsage } from "~/db/schema";
import { getEnv } from "~/env.server";
import { monthKey, startOfDayInstant } from "~/lib/dates";
import { AI_MESSAGES, type AiDescriptionSource, type AiUsage } from "~/models/ai-usage/ai-usage";
import { countAttempt } from "~/models/account/throttle.server";
import { normalizeEmail } from "~/models/account/users.server";
import { aiConfig } from "~/models/ad/moderation.server";
import { generateDescription, type DescriptionInput } from "~/services/ai/description.server";

export function monthlyLimit() {
  return getEnv().AI_MONTHLY_LIMIT;
}

/** Whose quota a call counts against: the account, known by its e-mail. */
export type QuotaHolder = { id: number; email: string };

/**
 * The row key of an e-mail's quota: HMAC with the server secret, so the table alone does not give the
 * e-mails back (a plain hash of an e-mail is undone with a list of e-mails).
 */
export function quotaKeyOf(email: string) {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`ai-quota:${normalizeEmail(email)}`).digest("base64url");
}

const holderMonth = (holder: QuotaHolder, now: Date) => and(eq(aiUsage.quotaKey, quotaKeyOf(holder.email)), eq(aiUsage.month, monthKey(now)));

export function usageStatus(holder: QuotaHolder, now = new Date()): AiUsage {
  const limit = monthlyLimit();
  const row = db.select({ totalCalls: aiUsage.totalCalls }).from(aiUsage).where(holderMonth(holder, now)).get();
  return toUsage(row?.totalCalls ?? 0, limit);
}

function toUsage(totalCalls: number, limit: number): AiUsage {
  const remainingCalls = Math.max(0, limit - totalCalls);
  return { totalCalls, limit, remainingCalls, canUse: remainingCalls > 0 };
}

let reserveStatement: { get(...params: unknown[]): unknown } | undefined;

/** Counts one call when the month still has room; the new total, or null when the quota is spent. */
export function reserveCall(holder: QuotaHolder, now = new Date()): number | null {
  const limit = monthlyLimit();
  if (limit <= 0) return null;
  reserveStatement ??= sqlite
    .prepare(
      // user_id follows the e-mail's current account (a re-registered one takes the row over).
      `INSERT INTO ai_usage (quota_key, user_id, month, total_calls) VALUES (?, ?, ?, 1)
       ON CONFLICT (quota_key, month) DO UPDATE SET total_calls = total_calls + 1, user_id = excluded.user_id WHERE total_calls < ?
       RETURNING total_calls`,
    )
    .pluck();
  const total = reserveStatement.get(quotaKeyOf(holder.email), holder.id, monthKey(now), limit);
  return typeof total === "number" ? total : null;
}

/**
 * The counts of deleted accounts are kept only for their month (to stop a fresh quota by signing up
 * again): past months' rows without an account go (the daily job).
 */
export function sweepDeletedAccountsUsage(now = new Date()) {
  return db.delete(aiUsage).where(and(isNull(aiUsage.userId), lt(aiUsage.month, monthKey(now)))).run().changes;
}

/** Gives back a call `reserveCall` counted when nothing was asked of the AI after all. */
export function giveBackCall(holder: QuotaHolder, now = new Date()) {
  db.update(aiUsage)
    .set({ totalCalls: sql`${aiUsage.totalCalls} - 1` })
    .where(and(holderMonth(holder, now), sql`${aiUsage.totalCalls} > 0`))
    .run();
}

/** Which provider answered a counted call, for the operator's bill (the quota itself is counted before). */
export function recordProvider(holder: QuotaHolder, provider: "gemini" | "openai" | "local", now = new Date()) {
  if (provider === "local") return;
  const column = provider === "gemini" ? aiUsage.geminiCalls : aiUsage.openaiCalls;
  db.update(aiUsage)
    .set({ [provider === "gemini" ? "geminiCalls" : "openaiCalls"]: sql`${column} + 1` })
    .where(holderMonth(holder, now))
    .run();
}

/**
 * A paid AI call refused before it was made, and why: the month's quota is spent (`limit_reached`,
 * until the São Paulo month turns) or too many calls in the last minute (`too_fast`, a script and
 * never a person). Both are a 429 with the wait known, answered by web/http.server.ts (aiRefusalPage, aiRefusalJson).
 */
export type AiCallRefused = { ok: false; status: 429; reason: "limit_reached" | "too_fast"; message: string; usage: AiUsage; retryAfterSeconds: number };

/** Seconds from `now` until the next São Paulo month starts, when the monthly quota comes back. */
function secondsUntilNextMonth(now: Date) {
  const [year, month] = monthKey(now).split("-").map(Number) as [number, number];
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
  return Math.max(1, Math.ceil((startOfDayInstant(next).getTime() - now.getTime()) / 1000));
}

/**
 * Takes one call from the holder's month (after the per-minute burst limit, which stops scripts and
 * never a person): the month's usage after it, or why not.
 */
export function takeAiCall(holder: QuotaHolder, now = new Date()): { ok: true; usage: AiUsage } | AiCallRefused {
  const limit = monthlyLimit();
  const burst = countAttempt("ai-description", [`ai-user:${holder.id}`], now);
  if (!burst.ok) {
    return { ok: false, status: 429, reason: "too_fast", message: AI_MESSAGES.tooFast, usage: usageStatus(holder, now), retryAfterSeconds: burst.retryAfterMinutes * 60 };
  }
  const total = reserveCall(holder, now);
  if (total === null) {
    return { ok: false, status: 429, reason: "limit_reached", message: AI_MESSAGES.limitReached(limit), usage: toUsage(limit, limit), retryAfterSeconds: secondsUntilNextMonth(now) };
  }
  return { ok: true, usage: toUsage(total, limit) };
}

export type GeneratedDescription = { ok: true; description: string; source: Exclude<AiDescriptionSource, "limit_reached">; usage: AiUsage };

/** A description from the first provider that answers, or why no call was made (one refusal for every surface). */
export async function generateDescriptionFor(holder: QuotaHolder, input: DescriptionInput, now = new Date()): Promise<GeneratedDescription | AiCallRefused> {
  const call = takeAiCall(holder, now);
  if (!call.ok) return call;
  const result = await generateDescription(input, aiConfig());
  recordProvider(holder, result.source, now);
  return { ok: true, description: result.description, source: result.source, usage: call.usage };
}
