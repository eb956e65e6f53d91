/**
 * Human moderation (spec 02 §2 'Moderação', §4; GUIDE "An ad's life"): the queue of ads awaiting a
 * person, the admin's approve / reject, and the owner's request for a human review (LGPD Art. 20).
 *
 *   pending --admin approves--> active          pending --admin rejects (reason kept)--> rejected
 *   rejected --owner asks for a human review--> pending (back in the queue)
 *   active --3 accounts over 7 days report it--> pending (held_by_reports; the owner may add a review request)
 *   active/paused/pending --admin 'Retirar do ar' from 'Denúncias'--> rejected (report-review.server.ts)
 *
 * An ad reaches `pending` when it was paid and the automatic moderation said needs_review or a fraud
 * signal was found (ad/lifecycle.server.ts, ad/fraud-signals.server.ts), when reports of aged accounts hid it
 * (report/reports.server.ts), or when its owner asks for a review of a rejection. Every decision — and every
 * request — is a `moderation_decisions` row: who (the admin; null for the owner's request and for a
 * hold, whose ad says who the owner is), when, and why. Each change is made only from the status it
 * expects, in
 * the same transaction as its record, so two admins deciding at once cannot both win.
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { adImages, ads, moderationDecisions, users } from "~/db/schema";
import type { AdModeration, AdStatus } from "~/models/ad/ad";
import { sharedAdColumns, withAdNames } from "~/models/ad/card.server";
import { latestDecisions } from "~/models/ad/decisions.server";
import { MODERATION_MESSAGES, type ModerationQueueItem } from "~/models/moderation/moderation-queue";
import { reportSummaries } from "~/models/report/reports.server";

export type QueueRefusal = { ok: false; status: 400 | 403 | 404 | 409; message: string };
export type QueueOutcome = { ok: true; adId: number; status: AdStatus } | QueueRefusal;

/** Ads waiting for a person, oldest wait first, with the automatic verdict and the owner's request. */
export function listModerationQueue({ limit = 100, now = new Date() }: { limit?: number; now?: Date } = {}): ModerationQueueItem[] {
  const rows = withAdNames(
    db
      .select({
        ...sharedAdColumns,
        city: ads.city,
        state: ads.state,
        updatedAt: ads.updatedAt,
        moderation: ads.moderation,
        fraudSignals: ads.fraudSignals,
        ownerName: users.fullName,
        ownerEmail: users.email,
      })
      .from(ads)
      .$dynamic(),
  )
    .where(eq(ads.status, "pending"))
    .orderBy(ads.updatedAt, ads.id)
    .limit(limit)
    .all();
  const ids = rows.map((row) => row.id);
  const requests = latestDecisions(ids, "review_requested");
  const lastRejections = latestDecisions(ids, "rejected");
  const covers = coverImages(ids);
  const reports = reportSummaries(ids);
  const held = heldByReports(ids);
  return rows.map((row) => {
    const request = requests.get(row.id);
    const rejection = lastRejections.get(row.id);
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      priceCents: row.priceCents,
      adType: row.adType,
      city: row.city,
      state: row.state,
      categoryName: row.categoryName,
      subcategoryName: row.subcategoryName,
      owner: { fullName: row.ownerName, email: row.ownerEmail },
      createdAt: row.createdAt.toISOString(),
      waitingSince: row.updatedAt.toISOString(),
      expirationDate: row.expirationDate.toISOString(),
      expired: row.expirationDate.getTime() <= now.getTime(),
      moderation: row.moderation ?? null,
      fraudSignals: row.fraudSignals ?? [],
      reviewRequest: request ? { reason: request.reason, createdAt: request.createdAt } : null,
      previousRejection: request && rejection ? { reason: rejection.reason, createdAt: rejection.createdAt } : null,
      coverPublicId: covers.get(row.id) ?? null,
      reports: reports.get(row.id) ?? null,
      heldByReports: held.has(row.id),
    };
  });
}

export function countPendingModeration(): number {
  return db.select({ n: sql<number>`count(*)` }).from(ads).where(eq(ads.status, "pending")).get()?.n ?? 0;
}

/**
 * When the ad that has waited longest for a moderator joined the queue (the queue's own order: its
 * last change), or null when nobody waits: /metrics shows its age, and the operator's check
 * (scripts/ops-check.ts) mails when it passes a day.
 */
export function oldestPendingModerationSince(): Date | null {
  return db.select({ at: sql<Date | null>`min(${ads.updatedAt})`.mapWith(ads.updatedAt) }).from(ads).where(eq(ads.status, "pending")).get()?.at ?? null;
}


function coverImages(adIds: number[]): Map<number, string> {
  const covers = new Map<number, string>();
  if (adIds.length === 0) return covers;
  const rows = db
    .select({ adId: adImages.adId, publicId: adImages.publicId })
    .from(adImages)
    .where(inArray(adImages.adId, adIds))
    .orderBy(desc(adImages.isPrimary), adImages.order, adImages.id)
    .all();
  for (const row of rows) if (!covers.has(row.adId)) covers.set(row.adId, row.publicId);
  return covers;
}

/** Why the ad cannot take an admin's decision now (404 missing, 409 not waiting), or null. The API asks before reading the body. */
export function decisionRefusal(adId: number): QueueRefusal | null {
  const ad = db.select({ status: ads.status }).from(ads).where(eq(ads.id, adId)).get();
  if (!ad) return { ok: false, status: 404, message: MODERATION_MESSAGES.notFound };
  return ad.status === "pending" ? null : { ok: false, status: 409, message: MODERATION_MESSAGES.notPending };
}

/** The refusal after a decision found the ad no longer waiting. */
function notWaiting(adId: number): QueueRefusal {
  return decisionRefusal(adId) ?? { ok: false, status: 409, message: MODERATION_MESSAGES.notPending };
}

/** pending → active, recorded with the admin and an optional note. */
export function approveAd({ adId, adminId, reason = null }: { adId: number; adminId: number; reason?: string | null }, now: Date = new Date()): QueueOutcome {
  const changed = writeTransaction((tx) => {
    const updated = tx
      .update(ads)
      .set({ status: "active", updatedAt: now })
      .where(and(eq(ads.id, adId), eq(ads.status, "pending")))
      .returning({ id: ads.id })
      .get();
    if (!updated) return false;
    tx.insert(moderationDecisions).values({ adId, userId: adminId, decision: "approved", reason, createdAt: now }).run();
    return true;
  });
  return changed ? { ok: true, adId, status: "active" } : notWaiting(adId);
}

/**
 * pending → rejected with the reason the owner will read on the dashboard. 'Retirar do ar' in
 * 'Denúncias' (report-review.server.ts) rejects from the public statuses too (`from`).
 */
export function rejectAd(
  { adId, adminId, reason }: { adId: number; adminId: number; reason: string },
  now: Date = new Date(),
  from: AdStatus[] = ["pending"],
): QueueOutcome {
  const text = reason.trim();
  if (!text) return { ok: false, status: 400, message: MODERATION_MESSAGES.reasonRequired };
  const changed = writeTransaction((tx) => {
    const updated = tx
      .update(ads)
      .set({ status: "rejected", updatedAt: now })
      .where(and(eq(ads.id, adId), inArray(ads.status, from)))
      .returning({ id: ads.id })
      .get();
    if (!updated) return false;
    tx.insert(moderationDecisions).values({ adId, userId: adminId, decision: "rejected", reason: text, createdAt: now }).run();
    return true;
  });
  return changed ? { ok: true, adId, status: "rejected" } : notWaiting(adId);
}

/**
 * Whether the latest decision on each ad, owners' review requests aside, is held_by_reports: the
 * reports of aged accounts took it out of the public list (report/reports.server.ts) and no one decided since.
 */
export function heldByReports(adIds: number[]): Set<number> {
  const held = new Set<number>();
  const seen = new Set<number>();
  if (adIds.length === 0) return held;
  const rows = db
    .select({ adId: moderationDecisions.adId, decision: moderationDecisions.decision })
    .from(moderationDecisions)
    .where(and(inArray(moderationDecisions.adId, adIds), ne(moderationDecisions.decision, "review_requested")))
    .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
    .all();
  for (const row of rows) {
    if (seen.has(row.adId)) continue;
    seen.add(row.adId);
    if (row.decision === "held_by_reports") held.add(row.adId);
  }
  return held;
}

/** A held ad whose owner has not yet asked for a review of the hold (their request is the latest decision otherwise). */
function heldAndNotContested(adId: number): boolean {
  return latestDecisions([adId]).get(adId)?.decision === "held_by_reports";
}

/**
 * Why this user may not ask for a review of this ad now (404 not theirs or missing, 409 not rejected
 * nor hidden by reports, already waiting or expired), or null. The API asks before reading the body.
 */
export function reviewRequestRefusal(adId: number, ownerId: number, now: Date = new Date()): QueueRefusal | null {
  const ad = db.select({ userId: ads.userId, status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, adId)).get();
  if (!ad || ad.userId !== ownerId) return { ok: false, status: 404, message: MODERATION_MESSAGES.notFound };
  if (ad.status === "pending" && !heldAndNotContested(adId)) return { ok: false, status: 409, message: MODERATION_MESSAGES.alreadyPending };
  if (ad.status !== "rejected" && ad.status !== "pending") return { ok: false, status: 409, message: MODERATION_MESSAGES.notRejected };
  if (ad.expirationDate.getTime() <= now.getTime()) return { ok: false, status: 409, message: MODERATION_MESSAGES.expired };
  return null;
}

/**
 * The owner asks for a person to look at their ad again (LGPD Art. 20: the right to a review of an
 * automated decision), with their words:
 * - a rejected ad: rejected → pending, back in the admin queue;
 * - an ad hidden by reports (already pending, in the queue): the request joins it, once per hold.
 * Only the owner may ask (404 for anyone else, as if the ad did not exist), only while the ad has not
 * expired (an expired one is reactivated instead, which moderates it again).
 */
export function requestHumanReview(
  { adId, ownerId, reason = null }: { adId: number; ownerId: number; reason?: string | null },
  now: Date = new Date(),
): QueueOutcome {
  const refused = reviewRequestRefusal(adId, ownerId, now);
  if (refused) return refused;
  const note = reason?.trim() ? reason.trim() : null;
  const changed = writeTransaction((tx) => {
    // A held ad is waiting already; a rejected one goes back to the queue. Either from what was just checked.
    const waiting =
      heldAndNotContested(adId) ||
      tx
        .update(ads)
        .set({ status: "pending", updatedAt: now })
        .where(and(eq(ads.id, adId), eq(ads.userId, ownerId), eq(ads.status, "rejected")))
        .returning({ id: ads.id })
        .get();
    if (!waiting) return false;
    tx.insert(moderationDecisions).values({ adId, userId: null, decision: "review_requested", reason: note, createdAt: now }).run();
    return true;
  });
  return changed ? { ok: true, adId, status: "pending" } : { ok: false, status: 409, message: MODERATION_MESSAGES.notRejected };
}

export type { AdModeration };
