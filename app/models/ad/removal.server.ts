/**
 * Removing ads for good (an owner's or an admin's delete, the daily job, an account deletion): the
 * rows go, their photos leave the storage, and their payments stay.
 *
 * Payments are kept for the tax and accounting rules (5 years, privacy policy §7), but `payments.adId`
 * and `payments.userId` are ON DELETE CASCADE. Until the schema lets a payment outlive its ad (see the
 * issue 13 report), a removed ad's payments are moved to one internal placeholder ad, owned by an
 * internal "conta removida" user that cannot sign in; each payment's metadata records which ad it
 * paid for and when that ad was removed. The placeholder is paused with a date in 1970, so it is never
 * public, and the dashboards and the daily job leave it alone.
 */
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { db, type Writer } from "~/db/client.server";
import { adDrafts, adImages, ads, categories, cities, payments, users } from "~/db/schema";
import { withdrawOpenCharges } from "~/models/payment-outbox/withdrawal-queue.server";
import { deleteImage } from "~/models/ad/image-store.server";

/** Not an address anyone can register (no dot in the domain), and marked by its provider. */
const ARCHIVE_EMAIL = "conta-removida@sistema";
const ARCHIVE_PROVIDER = "system";

/** The internal "conta removida" user's id, or null while nothing was ever archived. */
export function archiveUserId(tx: Writer = db): number | null {
  return (
    tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, ARCHIVE_EMAIL), eq(users.provider, ARCHIVE_PROVIDER)))
      .get()?.id ?? null
  );
}

/** The internal user and placeholder ad that keep the payments of removed ads, created on first use. */
export function archiveHolder(tx: Writer): { userId: number; adId: number } {
  const userId =
    archiveUserId(tx) ??
    tx
      .insert(users)
      .values({
        username: `conta_removida_${randomBytes(4).toString("hex")}`,
        email: ARCHIVE_EMAIL,
        fullName: "Conta removida",
        provider: ARCHIVE_PROVIDER,
        password: null,
      })
      .returning({ id: users.id })
      .get().id;
  const existing = tx.select({ id: ads.id }).from(ads).where(eq(ads.userId, userId)).orderBy(asc(ads.id)).get();
  if (existing) return { userId, adId: existing.id };
  const category = tx.select({ id: categories.id }).from(categories).orderBy(asc(categories.id)).get();
  const city = tx.select().from(cities).orderBy(asc(cities.id)).get();
  if (!category || !city) throw new Error("cannot archive payments: there is no category or city to attach the placeholder ad to");
  const ad = tx
    .insert(ads)
    .values({
      title: "Pagamentos de anúncios removidos",
      description: "Registro interno: guarda os pagamentos de anúncios que foram excluídos.",
      status: "paused",
      userId,
      categoryId: category.id,
      expirationDate: new Date(0),
      city: city.name,
      idCity: city.id,
      state: city.state,
    })
    .returning({ id: ads.id })
    .get();
  return { userId, adId: ad.id };
}

/**
 * Removes the ads inside the caller's transaction and returns the storage ids of the photos to delete
 * once it commits (the ads' photos, and those of wizard drafts reopened on them). Their open charges
 * are queued for withdrawal (the caller sends them after the commit: sendQueuedWithdrawals), and their
 * payments move to the placeholder ad first.
 */
export function removeAdsInTransaction(tx: Writer, adIds: number[], now: Date = new Date()): string[] {
  if (adIds.length === 0) return [];
  // Their open charges can no longer buy anything: withdrawn (sent to the gateway by sendQueuedWithdrawals after the commit).
  withdrawOpenCharges(tx, adIds, "ad_removed", now);
  const kept = tx.select({ id: payments.id, adId: payments.adId, metadata: payments.metadata }).from(payments).where(inArray(payments.adId, adIds)).all();
  if (kept.length) {
    const holder = archiveHolder(tx);
    for (const payment of kept) {
      tx.update(payments)
        .set({ adId: holder.adId, metadata: { ...payment.metadata, removedAd: { id: payment.adId, removedAt: now.toISOString() } }, updatedAt: now })
        .where(eq(payments.id, payment.id))
        .run();
    }
  }
  const photoIds = tx.select({ publicId: adImages.publicId }).from(adImages).where(inArray(adImages.adId, adIds)).all().map((row) => row.publicId);
  const drafts = tx.select({ data: adDrafts.data }).from(adDrafts).where(inArray(adDrafts.editAdId, adIds)).all();
  for (const draft of drafts) for (const photo of draft.data.photos ?? []) photoIds.push(photo.publicId);
  tx.delete(ads).where(inArray(ads.id, adIds)).run();
  return [...new Set(photoIds)];
}

/** Deletes stored photos after the rows are gone; a storage failure is logged, never undoes the removal. */
export async function deleteStoredPhotos(publicIds: string[]) {
  await Promise.all(
    publicIds.map((publicId) =>
      deleteImage(publicId).catch((error: unknown) => console.error(`[ads] could not delete photo ${publicId} from storage`, error)),
    ),
  );
}
