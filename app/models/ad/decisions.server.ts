/**
 * An ad's moderation record, read back: the latest `moderation_decisions` row of each ad (who decided,
 * when, why). The owner's dashboard shows it beside a rejected ad, and the admin's queue
 * (models/moderation/moderation-queue.server.ts) beside a request for review; the decisions themselves
 * are made there.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { moderationDecisions } from "~/db/schema";
import type { ModerationDecision } from "~/models/ad/ad";

export type DecisionRecord = { decision: ModerationDecision; reason: string | null; createdAt: string; byAdmin: boolean };

/**
 * The latest decision of each ad (optionally of one kind): what the owner's dashboard shows beside
 * a rejected ad ('Motivo: …') and whether a review was already asked for.
 */
export function latestDecisions(adIds: number[], kind?: ModerationDecision): Map<number, DecisionRecord> {
  const result = new Map<number, DecisionRecord>();
  if (adIds.length === 0) return result;
  const rows = db
    .select({
      adId: moderationDecisions.adId,
      decision: moderationDecisions.decision,
      reason: moderationDecisions.reason,
      userId: moderationDecisions.userId,
      createdAt: moderationDecisions.createdAt,
    })
    .from(moderationDecisions)
    .where(and(inArray(moderationDecisions.adId, adIds), kind ? eq(moderationDecisions.decision, kind) : undefined))
    .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
    .all();
  for (const row of rows) {
    if (result.has(row.adId)) continue;
    result.set(row.adId, {
      decision: row.decision,
      reason: row.reason,
      createdAt: row.createdAt.toISOString(),
      byAdmin: row.decision !== "review_requested" && row.decision !== "held_by_reports",
    });
  }
  return result;
}
