/**
 * The ad wizard's state between steps: one draft row per user, saved at every step, so the wizard
 * works as plain form posts, survives a reload and a dropped connection, and the photos already sent
 * are kept. The draft disappears when the ad is created (its photos move to the ad) or when the user
 * starts over (its photos leave the storage); abandoned drafts are swept after DRAFT_TTL_DAYS.
 */
import { and, eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adDrafts, ads } from "~/db/schema";
import { expirationKeyFromInstant } from "~/lib/dates";
import type { WizardDraftData } from "~/models/ad/ad-form";
import { characteristicDefinitions, photosOfAd } from "~/models/ad/write.server";
import { deleteImage } from "~/models/ad/image-store.server";

export const DRAFT_TTL_DAYS = 30;

export type Draft = { editAdId: number | null; data: WizardDraftData; updatedAt: Date };

export function getDraft(userId: number): Draft | null {
  const row = db.select().from(adDrafts).where(eq(adDrafts.userId, userId)).get();
  return row ? { editAdId: row.editAdId, data: row.data, updatedAt: row.updatedAt } : null;
}

/** Merges `patch` into the user's draft (creating it), and returns the result. */
export function saveDraft(userId: number, patch: Partial<WizardDraftData>, now = new Date()): Draft {
  const current = getDraft(userId);
  const data = { ...(current?.data ?? {}), ...patch };
  db.insert(adDrafts)
    .values({ userId, data, editAdId: current?.editAdId ?? null, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: adDrafts.userId, set: { data, updatedAt: now } })
    .run();
  return { editAdId: current?.editAdId ?? null, data, updatedAt: now };
}

/**
 * Removes the draft. Its photos leave the storage unless they belong to an ad (a draft reopened on
 * an unpaid ad starts from the ad's photos) or the caller keeps them (they just moved to a new ad).
 */
export async function discardDraft(userId: number, { keepPhotos = false } = {}) {
  const draft = getDraft(userId);
  if (!draft) return;
  db.delete(adDrafts).where(eq(adDrafts.userId, userId)).run();
  if (keepPhotos) return;
  const adPhotos = new Set(draft.editAdId ? photosOfAd(draft.editAdId).map((photo) => photo.publicId) : []);
  await Promise.all((draft.data.photos ?? []).filter((photo) => !adPhotos.has(photo.publicId)).map((photo) => deleteImage(photo.publicId)));
}

/** A draft worth keeping: something was chosen or typed beyond the defaults. */
export function draftHasAnswers(data: WizardDraftData) {
  return Boolean(data.categoryId || data.description || data.title || data.photos?.length);
}

/**
 * Another draft with answers that reopening ad `adId` would replace (a new ad in progress, or the
 * edit of another ad), so the user is asked first; null when there is nothing to lose.
 */
export function draftInTheWay(userId: number, adId: number): Draft | null {
  const current = getDraft(userId);
  return current && current.editAdId !== adId && draftHasAnswers(current.data) ? current : null;
}

/** The user's own ad that still awaits payment (the only kind the wizard reopens), or null. */
export function unpaidAdOf(userId: number, adId: number) {
  return db
    .select()
    .from(ads)
    .where(and(eq(ads.id, adId), eq(ads.userId, userId), eq(ads.status, "pending_payment")))
    .get() ?? null;
}

/**
 * Opens the wizard on one of the user's ads that awaits payment (the payment page's "Voltar"): the
 * draft starts from the ad as it is. False when the ad is not the user's or is no longer unpaid.
 */
export async function startDraftFromAd(userId: number, adId: number, now = new Date()): Promise<boolean> {
  const ad = unpaidAdOf(userId, adId);
  if (!ad) return false;
  const current = getDraft(userId);
  if (current?.editAdId === adId) return true;
  await discardDraft(userId);
  // Stored characteristics mix the category's own with the free pairs: split them back.
  const defined = new Set(characteristicDefinitions(ad.categoryId).map((definition) => definition.name));
  const entries = Object.entries(ad.characteristics);
  const data: WizardDraftData = {
    adType: ad.adType,
    cityId: ad.idCity,
    categoryId: ad.categoryId,
    subcategoryId: ad.subcategoryId,
    title: ad.title,
    expirationDate: expirationKeyFromInstant(ad.expirationDate),
    characteristics: Object.fromEntries(entries.filter(([name]) => defined.has(name))),
    customPairs: entries.filter(([name]) => !defined.has(name)).map(([name, value]) => ({ name, value })),
    priceCents: ad.priceCents,
    whatsapp: ad.whatsapp ?? "",
    description: ad.description,
    photos: photosOfAd(ad.id),
  };
  db.insert(adDrafts).values({ userId, editAdId: adId, data, createdAt: now, updatedAt: now }).run();
  return true;
}

/** Drafts untouched for DRAFT_TTL_DAYS, with their photos (the daily job). Returns how many went. */
export async function sweepAbandonedDrafts(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - DRAFT_TTL_DAYS * 24 * 60 * 60 * 1000);
  const stale = db.select({ userId: adDrafts.userId }).from(adDrafts).where(lt(adDrafts.updatedAt, cutoff)).all();
  for (const { userId } of stale) await discardDraft(userId);
  return stale.length;
}
