/**
 * The ad's status changes that follow its payment (GUIDE "An ad's life"): the ad model owns every
 * status change; the payment model calls these inside its own transaction, so a payment and its
 * ad never disagree.
 *
 *   pending_payment --paid--> active, or pending (admin queue) when the automatic moderation said
 *                             needs_review or a fraud signal was found (fraud-signals.server.ts)
 *   active / paused --its owner changed the price or added a photo, and a fraud signal is found--> pending
 *   active / pending --payment refunded or charged back--> paused
 *   active / pending / paused --cash receipt undone (the money is gone)--> pending_payment
 *
 * The expiration date is kept: the owner paid up to it. Each function changes the ad only from the
 * status it expects, so a repeated or late call changes nothing.
 */
import { and, eq, inArray } from "drizzle-orm";
import type { Writer } from "~/db/client.server";
import { ads } from "~/db/schema";
import type { AdStatus } from "~/models/ad/ad";
import { reviewReasons } from "~/models/ad/fraud-signals";
import { fraudSignalsFor, signalsAwaitingPerson } from "~/models/ad/fraud-signals.server";

/** The status a paid ad goes to: the admin queue when the automatic moderation asked for a person, or a fraud signal was found. */
function statusAfterPayment(moderation: { recommendation?: string } | null, fraudSignals: readonly unknown[]): AdStatus {
  return moderation?.recommendation === "needs_review" || fraudSignals.length > 0 ? "pending" : "active";
}

/**
 * pending_payment → active (or pending), published until `paysUntil`: the end of the period the
 * payment bought, never a later day. Returns the new status, or null when the ad was not waiting
 * for payment (already activated, paused, removed…) or waits for another period than the one paid
 * (its end date changed after the charge was made): nothing is changed then.
 * `paysUntil` null: a payment made before periods were recorded, which bought the ad's date as it is.
 */
export function activatePaidAd(tx: Writer, adId: number, paysUntil: Date | null, now: Date = new Date()): AdStatus | null {
  const ad = tx
    .select({ status: ads.status, moderation: ads.moderation, expirationDate: ads.expirationDate, fraudSignals: ads.fraudSignals })
    .from(ads)
    .where(eq(ads.id, adId))
    .get();
  if (!ad || ad.status !== "pending_payment") return null;
  if (paysUntil && paysUntil.getTime() !== ad.expirationDate.getTime()) return null;
  // Checked at every payment (a renewal too): the ad, its peers and the other ads may have changed since.
  // All are kept with the ad (the queue shows them); only those an admin has not cleared hold it.
  const fraudSignals = fraudSignalsFor(tx, adId, now);
  const next = statusAfterPayment(ad.moderation, signalsAwaitingPerson(tx, adId, fraudSignals, ad.fraudSignals));
  const result = tx
    .update(ads)
    .set({
      status: next,
      expirationDate: paysUntil ?? ad.expirationDate,
      fraudSignals: fraudSignals.length ? fraudSignals : null,
      updatedAt: now,
    })
    .where(and(eq(ads.id, adId), eq(ads.status, "pending_payment")))
    .run();
  return result.changes > 0 ? next : null;
}

/** Where an owner's change can make an ad public without a payment: live now, or paused and one 'Reativar' away. */
const PUBLISHED_STATUSES: AdStatus[] = ["active", "paused"];

/**
 * An owner changed what the fraud signals judge on a published ad (its price, type or subcategory:
 * edit.server.ts; a photo added: photos.server.ts): it is checked as a payment checks it, inside the
 * change's own transaction so the change is never public unchecked. Signals an admin has not cleared
 * send it to the admin queue (pending), as re-moderated text does (ADR 012); the signals are kept
 * with the ad for the queue either way. An admin's own change is that review: callers skip it.
 * Returns the reasons the ad now waits for (for the owner), empty when it stays as it was.
 */
export function holdChangedLiveAd(tx: Writer, adId: number, now: Date = new Date()): string[] {
  const ad = tx.select({ status: ads.status, fraudSignals: ads.fraudSignals }).from(ads).where(eq(ads.id, adId)).get();
  if (!ad || !PUBLISHED_STATUSES.includes(ad.status)) return [];
  const found = fraudSignalsFor(tx, adId, now);
  const awaiting = signalsAwaitingPerson(tx, adId, found, ad.fraudSignals);
  tx.update(ads)
    .set({ fraudSignals: found.length ? found : null, ...(awaiting.length ? { status: "pending" as const, updatedAt: now } : {}) })
    .where(and(eq(ads.id, adId), eq(ads.status, ad.status)))
    .run();
  return reviewReasons("pending", awaiting);
}

/**
 * A live ad whose money is gone (Asaas's PAYMENT_RECEIVED_IN_CASH_UNDONE: a cash receipt recorded by
 * mistake was undone) goes back to awaiting payment: unpublished until it is paid. Returns whether
 * the ad changed.
 */
export function unpublishUnpaidAd(tx: Writer, adId: number, now: Date = new Date()): boolean {
  const result = tx
    .update(ads)
    .set({ status: "pending_payment", updatedAt: now })
    .where(and(eq(ads.id, adId), inArray(ads.status, ["active", "pending", "paused"])))
    .run();
  return result.changes > 0;
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
