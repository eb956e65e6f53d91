/**
 * The ad's status changes that follow its payment (GUIDE "An ad's life"): the ad model owns every
 * status change; the payment model calls these inside its own transaction, so a payment and its
 * ad never disagree.
 *
 *   pending_payment --paid--> active, or pending when moderation said needs_review (admin queue)
 *   active / pending --payment refunded or charged back--> paused
 *
 * The expiration date is kept: the owner paid up to it. Each function changes the ad only from the
 * status it expects, so a repeated or late call changes nothing.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { ads } from "~/db/schema";
import type { AdStatus } from "~/models/ad/ad";

/** The database or an open transaction (the payment model passes its transaction). */
export type Writer = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The status a paid ad goes to: the admin queue when the automatic moderation asked for a person. */
function statusAfterPayment(moderation: { recommendation?: string } | null): AdStatus {
  return moderation?.recommendation === "needs_review" ? "pending" : "active";
}

/**
 * pending_payment → active (or pending). Returns the new status, or null when the ad was not
 * waiting for payment (already activated, paused, removed…): nothing is changed then.
 */
export function activatePaidAd(tx: Writer, adId: number, now: Date = new Date()): AdStatus | null {
  const ad = tx.select({ status: ads.status, moderation: ads.moderation }).from(ads).where(eq(ads.id, adId)).get();
  if (!ad || ad.status !== "pending_payment") return null;
  const next = statusAfterPayment(ad.moderation);
  const result = tx
    .update(ads)
    .set({ status: next, updatedAt: now })
    .where(and(eq(ads.id, adId), eq(ads.status, "pending_payment")))
    .run();
  return result.changes > 0 ? next : null;
}

/** active / pending → paused after the money went back. Returns whether the ad changed. */
export function pauseAfterRefund(tx: Writer, adId: number, now: Date = new Date()): boolean {
  const result = tx
    .update(ads)
    .set({ status: "paused", updatedAt: now })
    .where(and(eq(ads.id, adId), inArray(ads.status, ["active", "pending"])))
    .run();
  return result.changes > 0;
}
