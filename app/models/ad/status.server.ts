/**
 * Status changes and deletion of an ad by a person (spec 02 §4, §6): the dashboard's 'Pausar',
 * 'Reativar', 'Vendido', the admin's status menu and 'Excluir', and their API twins (PUT /api/ads/{id}/status,
 * DELETE /api/ads/{id}). The payment's own arrows (paid → active, refunded → paused) are in
 * lifecycle.server.ts; the rules of who may do what are in manage.ts, shared with the screens.
 *
 * Every write repeats the status it was decided on in its WHERE, so a payment confirmed or another
 * change made meanwhile is never overwritten: the request is refused with 409 instead.
 */
import { and, desc, eq, inArray, isNull } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { ads, payments } from "~/db/schema";
import type { AdStatus } from "~/models/ad/ad";
import { deleteRefusal, MANAGE_MESSAGES, statusChangeRefusal, type Actor, type ManagedAdState } from "~/models/ad/manage";
import { archiveUserId, deleteStoredPhotos, removeAdsInTransaction } from "~/models/ad/removal.server";
import { sendQueuedWithdrawals } from "~/models/payment-outbox/withdrawal-queue.server";

export type ManageRefusal = { ok: false; status: 403 | 404 | 409; title: string; message: string };

export const CHANGED_MEANWHILE = "O anúncio foi alterado enquanto você decidia. Recarregue a página e tente de novo.";

function refusal(status: ManageRefusal["status"], title: string, message: string): ManageRefusal {
  return { ok: false, status, title, message };
}

/**
 * Was the money that bought the ad's current period given back (refunded or charged back)? Then the
 * ad's pause is the payment's (lifecycle.server.ts's pauseAfterRefund), not its owner's to undo.
 */
export function paidMoneyWasReversed(adId: number): boolean {
  const last = db
    .select({ status: payments.status })
    .from(payments)
    .where(and(eq(payments.adId, adId), eq(payments.purpose, "ad"), inArray(payments.status, ["confirmed", "received", "refunded"]), isNull(payments.refundDueReason)))
    .orderBy(desc(payments.id))
    .get();
  return last?.status === "refunded";
}

/** The ad as the rules see it, or null when it is missing or not the actor's to manage (the same 404 for both). */
export function managedAdState(adId: number, actor: Actor): (ManagedAdState & { id: number; title: string }) | null {
  const ad = db
    .select({ id: ads.id, title: ads.title, status: ads.status, expirationDate: ads.expirationDate, createdAt: ads.createdAt, userId: ads.userId })
    .from(ads)
    .where(eq(ads.id, adId))
    .get();
  if (!ad || (!actor.isAdmin && ad.userId !== actor.id)) return null;
  if (ad.userId === archiveUserId()) return null;
  return ad;
}

/**
 * Sets the ad's status when the rules allow it (owner: pause / reactivate / sold; admin: active, paused,
 * pending_payment). Sold records when (the daily job removes the ad STALE_AD_DAYS later) and the
 * owner's answer to "Vendeu pelo Classificados?" (`soldHere`, null unanswered) for the admin's numbers.
 */
export function changeAdStatus(
  adId: number,
  actor: Actor,
  target: AdStatus,
  now: Date = new Date(),
  soldHere: boolean | null = null,
): { ok: true; status: AdStatus } | ManageRefusal {
  const ad = managedAdState(adId, actor);
  if (!ad) return refusal(404, MANAGE_MESSAGES.statusError, MANAGE_MESSAGES.notFound);
  const problem = statusChangeRefusal(ad, target, actor, now);
  if (problem) return refusal(409, MANAGE_MESSAGES.statusError, problem);
  if (ad.status === target) return { ok: true, status: target };
  // The owner's 'Reativar' undoes their own pause, never the pause of a refund or chargeback.
  if (!actor.isAdmin && target === "active" && paidMoneyWasReversed(adId)) return refusal(409, MANAGE_MESSAGES.statusError, MANAGE_MESSAGES.refundedPaused);
  const result = db
    .update(ads)
    .set({ status: target, updatedAt: now, ...(target === "sold" ? { soldAt: now, soldHere } : {}) })
    .where(and(eq(ads.id, adId), eq(ads.status, ad.status)))
    .run();
  if (result.changes === 0) return refusal(409, MANAGE_MESSAGES.statusError, CHANGED_MEANWHILE);
  return { ok: true, status: target };
}

/** Deletes the ad when the rules allow it (owner: pending_payment or expired; admin: active or paused), photos included. */
export async function deleteAd(adId: number, actor: Actor, now: Date = new Date()): Promise<{ ok: true } | ManageRefusal> {
  const ad = managedAdState(adId, actor);
  if (!ad) return refusal(404, MANAGE_MESSAGES.deleteError, MANAGE_MESSAGES.notFound);
  const problem = deleteRefusal(ad, actor, now);
  if (problem) return refusal(409, MANAGE_MESSAGES.deleteTitle, problem);
  const photos = writeTransaction((tx) => {
    const current = tx.select({ status: ads.status }).from(ads).where(eq(ads.id, adId)).get();
    if (current?.status !== ad.status) return null;
    return removeAdsInTransaction(tx, [adId], now);
  });
  if (photos === null) return refusal(409, MANAGE_MESSAGES.deleteError, CHANGED_MEANWHILE);
  sendQueuedWithdrawals();
  await deleteStoredPhotos(photos);
  return { ok: true };
}
