/**
 * Creating an ad and rewriting an unpaid one (the wizard, /create-ad-steps?edit= and POST /api/ads).
 *
 * Rules kept here and nowhere else (spec 02 §3–§5):
 * - the category must be active, the subcategory one of its own (required when it has any), the city
 *   one of ours; characteristics are checked against the category's definitions; free pairs are kept;
 * - the expiration is at least today + 3 (São Paulo days) and at most a year ahead;
 * - the title is the advertiser's, or '{adType} - {category name}'; condition 'Usado';
 * - status is always pending_payment and adCost is (charged days × the price setting), whatever the
 *   client sends; city and state come from the chosen city;
 * - every create and edit goes through automatic moderation: "rejected" creates nothing (422 with the
 *   reasons); the verdict is stored with the ad so "needs_review" goes to the admin queue once paid.
 */
import { and, eq } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { adImages, ads, categories, characteristics, cities, subcategories } from "~/db/schema";
import { addDaysToKey, expirationInstantFromKey, isValidDateKey, todayKey } from "~/lib/dates";
import { formatWhatsapp } from "~/lib/whatsapp";
import { AD_NOT_FOUND, MAX_AD_IMAGES, type AdModeration, type AdType } from "~/models/ad/ad";
import { AD_FORM_MESSAGES, generatedTitle } from "~/models/ad/ad-form";
import { checkCharacteristicValues, type CharacteristicDefinition } from "~/models/ad/characteristic-values";
import { adCostCents, minExpirationKey } from "~/models/ad/cost";
import { moderateAdContent } from "~/models/ad/moderation.server";
import { sendQueuedWithdrawals, withdrawOpenCharges } from "~/models/payment-outbox/withdrawal-queue.server";
import { getAdPricePerDayCents } from "~/models/setting/setting.server";
import { deleteImage, storeUploadedImage } from "~/models/ad/image-store.server";
import { imageUrl, NotAnImageError } from "~/services/images.server";

/** The longest an ad may be bought for in one go. */
export const MAX_AD_DAYS = 365;

/** What the form and the API hand in, already parsed by the shared schemas (ad-form.ts). */
export type AdInput = {
  adType: AdType;
  cityId: number;
  categoryId: number;
  subcategoryId: number | null;
  title: string;
  /** YYYY-MM-DD, the last São Paulo day the ad is visible. */
  expirationDate: string;
  /** Raw values of the category's characteristics, by name. */
  characteristics: Record<string, string | undefined>;
  customPairs: { name: string; value: string }[];
  priceCents: number | null;
  whatsapp: string;
  description: string;
};

/**
 * `phash`, `phashVariants`: its perceptual hashes (services/photo-hash.server.ts); absent in drafts from
 * before them, backfilled at start-up (fraud-signals.server.ts).
 */
export type StoredPhoto = { publicId: string; width: number; height: number; phash?: string | null; phashVariants?: string | null };

export type AdWriteRefusal = {
  ok: false;
  status: 400 | 403 | 404 | 409 | 422;
  message: string;
  /** pt-BR messages by field (categoryId, characteristics.{name}, expirationDate…). */
  fieldErrors?: Record<string, string>;
  /** Moderation reasons. */
  details?: string[];
  suggestion?: string;
};

export type AdWriteResult = { ok: true; adId: number; moderation: AdModeration } | AdWriteRefusal;

type Prepared = {
  row: Omit<typeof ads.$inferInsert, "userId">;
  categoryName: string;
  characteristicLines: string[];
};

export function characteristicDefinitions(categoryId: number): CharacteristicDefinition[] {
  return db
    .select({
      name: characteristics.name,
      label: characteristics.label,
      dataType: characteristics.dataType,
      options: characteristics.options,
      minValue: characteristics.minValue,
      maxValue: characteristics.maxValue,
      charLimit: characteristics.charLimit,
      isRequired: characteristics.isRequired,
    })
    .from(characteristics)
    .where(eq(characteristics.categoryId, categoryId))
    .orderBy(characteristics.id)
    .all();
}

/**
 * The ad's category (an active one) and its subcategory: required when the category has active ones,
 * none otherwise. Refusals go into `fieldErrors` (the wizard's and the edit page's messages).
 */
export function checkAdCategory(categoryId: number, subcategoryId: number | null | undefined, fieldErrors: Record<string, string>) {
  const category = db
    .select()
    .from(categories)
    .where(and(eq(categories.id, categoryId), eq(categories.isActive, true)))
    .get();
  if (!category) fieldErrors.categoryId = AD_FORM_MESSAGES.categoryRequired;
  const own = category
    ? db
        .select({ id: subcategories.id })
        .from(subcategories)
        .where(and(eq(subcategories.categoryId, category.id), eq(subcategories.isActive, true)))
        .all()
    : [];
  let chosen = subcategoryId ?? null;
  if (own.length === 0) chosen = null;
  else if (!own.some((sub) => sub.id === chosen)) fieldErrors.subcategoryId = AD_FORM_MESSAGES.subcategoryRequired;
  return { category, subcategoryId: chosen };
}

/** Why `day` cannot be set as an ad's expiration (the spec's messages), or null for a day in [today + 3, today + 365]. */
export function expirationDayError(day: string | undefined, now: Date): string | null {
  if (!day || !isValidDateKey(day)) return AD_FORM_MESSAGES.expirationRequired;
  if (day < minExpirationKey(now)) return AD_FORM_MESSAGES.expirationMin;
  if (day > addDaysToKey(todayKey(now), MAX_AD_DAYS)) return `A data máxima é daqui a ${MAX_AD_DAYS} dias`;
  return null;
}

/** Checks the references and rules that need the database; the row to write, or the refusal. */
export function prepareAd(input: AdInput, now = new Date()): { ok: true; value: Prepared } | AdWriteRefusal {
  const fieldErrors: Record<string, string> = {};
  const { category, subcategoryId } = checkAdCategory(input.categoryId, input.subcategoryId, fieldErrors);

  const city = db.select().from(cities).where(eq(cities.id, input.cityId)).get();
  if (!city) fieldErrors.cityId = AD_FORM_MESSAGES.cityRequired;

  const expirationError = expirationDayError(input.expirationDate, now);
  if (expirationError) fieldErrors.expirationDate = expirationError;

  const definitions = category ? characteristicDefinitions(category.id) : [];
  const checked = checkCharacteristicValues(definitions, input.characteristics);
  for (const [name, message] of Object.entries(checked.errors)) fieldErrors[`characteristics.${name}`] = message;

  if (!category || !city || Object.keys(fieldErrors).length > 0) {
    return { ok: false, status: 400, message: Object.values(fieldErrors)[0] ?? AD_FORM_MESSAGES.createError, fieldErrors };
  }

  // Free pairs never overwrite a defined characteristic of the same name.
  const stored: Record<string, string> = { ...checked.values };
  for (const pair of input.customPairs) if (pair.name && !(pair.name in stored)) stored[pair.name] = pair.value;
  const labels = new Map(definitions.map((d) => [d.name, d.label]));
  const characteristicLines = Object.entries(stored).map(([name, value]) => `${labels.get(name) ?? name}: ${value}`);

  return {
    ok: true,
    value: {
      categoryName: category.name,
      characteristicLines,
      row: {
        title: input.title.trim() || generatedTitle(input.adType, category.name),
        description: input.description.trim(),
        priceCents: input.priceCents,
        adCostCents: adCostCents(input.expirationDate, getAdPricePerDayCents(), now),
        condition: "Usado",
        status: "pending_payment",
        categoryId: category.id,
        subcategoryId,
        characteristics: stored,
        adType: input.adType,
        expirationDate: expirationInstantFromKey(input.expirationDate),
        // One spelling whatever was typed (the mask runs only with JavaScript).
        whatsapp: input.whatsapp ? formatWhatsapp(input.whatsapp) : null,
        city: city.name,
        idCity: city.id,
        state: city.state,
        zipCode: "",
      },
    },
  };
}

async function moderate(prepared: Prepared, photos: StoredPhoto[]): Promise<{ ok: true; moderation: AdModeration } | AdWriteRefusal> {
  const moderation = await moderateAdContent({
    title: prepared.row.title,
    description: prepared.row.description,
    characteristics: prepared.characteristicLines,
    categoryName: prepared.categoryName,
    photoIds: photos.map((photo) => photo.publicId),
  });
  if (moderation.recommendation === "rejected") {
    return {
      ok: false,
      status: 422,
      message: AD_FORM_MESSAGES.rejectedTitle,
      details: moderation.issues,
      suggestion: moderation.suggestion || AD_FORM_MESSAGES.rejectedSuggestion,
    };
  }
  return { ok: true, moderation };
}

function imageRows(adId: number, photos: StoredPhoto[]) {
  return photos.slice(0, MAX_AD_IMAGES).map((photo, index) => ({
    adId,
    publicId: photo.publicId,
    url: imageUrl(photo.publicId),
    width: photo.width,
    height: photo.height,
    phash: photo.phash ?? null,
    phashVariants: photo.phashVariants ?? null,
    isPrimary: index === 0,
    order: index,
  }));
}

/** Creates the ad (pending_payment) with its photos; the first photo is the cover. */
export async function createAd(userId: number, input: AdInput, photos: StoredPhoto[], now = new Date()): Promise<AdWriteResult> {
  if (photos.length > MAX_AD_IMAGES) return { ok: false, status: 400, message: AD_FORM_MESSAGES.imageLimitApi };
  const prepared = prepareAd(input, now);
  if (!prepared.ok) return prepared;
  return insertAd(userId, prepared.value, photos, now);
}

/** Moderates a prepared ad and, approved, inserts it with its photos. */
async function insertAd(userId: number, prepared: Prepared, photos: StoredPhoto[], now: Date): Promise<AdWriteResult> {
  const verdict = await moderate(prepared, photos);
  if (!verdict.ok) return verdict;
  const adId = writeTransaction((tx) => {
    const ad = tx
      .insert(ads)
      .values({ ...prepared.row, userId, moderation: verdict.moderation, createdAt: now, updatedAt: now })
      .returning({ id: ads.id })
      .get();
    const rows = imageRows(ad.id, photos);
    if (rows.length) tx.insert(adImages).values(rows).run();
    return ad.id;
  });
  return { ok: true, adId, moderation: verdict.moderation };
}

/**
 * Rewrites an ad that is still awaiting payment (the wizard reopened from the payment page): every
 * field, the cost for the new dates and the photo set; photos no longer used leave the storage.
 */
export async function rewriteUnpaidAd(
  userId: number,
  adId: number,
  input: AdInput,
  photos: StoredPhoto[],
  now = new Date(),
): Promise<AdWriteResult> {
  const existing = db.select({ userId: ads.userId, status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, adId)).get();
  if (!existing || existing.userId !== userId) return { ok: false, status: 404, message: AD_NOT_FOUND };
  if (existing.status !== "pending_payment") {
    return { ok: false, status: 409, message: `Este anúncio não pode ser editado no momento. Status: ${existing.status}` };
  }
  if (photos.length > MAX_AD_IMAGES) return { ok: false, status: 400, message: AD_FORM_MESSAGES.imageLimitApi };
  const prepared = prepareAd(input, now);
  if (!prepared.ok) return prepared;
  const verdict = await moderate(prepared.value, photos);
  if (!verdict.ok) return verdict;
  const keep = new Set(photos.map((photo) => photo.publicId));
  const dropped = writeTransaction((tx) => {
    // Ownership and status again inside the write: the ad may have been paid meanwhile.
    const updated = tx
      .update(ads)
      .set({ ...prepared.value.row, moderation: verdict.moderation, updatedAt: now })
      .where(and(eq(ads.id, adId), eq(ads.userId, userId), eq(ads.status, "pending_payment")))
      .returning({ id: ads.id })
      .get();
    if (!updated) return null;
    const old = tx.select({ publicId: adImages.publicId }).from(adImages).where(eq(adImages.adId, adId)).all();
    tx.delete(adImages).where(eq(adImages.adId, adId)).run();
    const rows = imageRows(adId, photos);
    if (rows.length) tx.insert(adImages).values(rows).run();
    // A charge quoted for the old period must not publish the new one: withdrawn, quoted again on payment.
    const periodChanged = prepared.value.row.expirationDate.getTime() !== existing.expirationDate.getTime();
    const withdrawn = periodChanged ? withdrawOpenCharges(tx, [adId], "superseded", now) : [];
    return { photos: old.map((row) => row.publicId).filter((publicId) => !keep.has(publicId)), withdrawn };
  });
  if (dropped === null) return { ok: false, status: 409, message: "Este anúncio não pode ser editado no momento." };
  sendQueuedWithdrawals(dropped.withdrawn);
  await Promise.all(dropped.photos.map(deleteImage));
  return { ok: true, adId, moderation: verdict.moderation };
}

/** The photos of an ad, in order (the wizard reopened on an unpaid ad starts from them). */
export function photosOfAd(adId: number): StoredPhoto[] {
  return db
    .select({ publicId: adImages.publicId, width: adImages.width, height: adImages.height, phash: adImages.phash, phashVariants: adImages.phashVariants })
    .from(adImages)
    .where(eq(adImages.adId, adId))
    .orderBy(adImages.order, adImages.id)
    .all()
    .map((row) => ({ publicId: row.publicId, width: row.width ?? 0, height: row.height ?? 0, phash: row.phash, phashVariants: row.phashVariants }));
}

/** Photos as sent, made safe and stored (see storeUploadedImage); on a non-image, nothing stays stored. */
export async function storePhotos(
  files: { bytes: Uint8Array }[],
): Promise<{ ok: true; photos: StoredPhoto[] } | { ok: false; status: 400; message: string }> {
  const photos: StoredPhoto[] = [];
  for (const file of files) {
    try {
      photos.push(await storeUploadedImage(file.bytes));
    } catch (error) {
      await Promise.all(photos.map((photo) => deleteImage(photo.publicId)));
      if (error instanceof NotAnImageError) return { ok: false, status: 400, message: AD_FORM_MESSAGES.imageNotImage };
      throw error;
    }
  }
  return { ok: true, photos };
}

/** POST /api/ads: stores the photos, creates the ad; a refused ad leaves no photo behind. */
export async function createAdWithUploads(userId: number, input: AdInput, files: { bytes: Uint8Array }[], now = new Date()): Promise<AdWriteResult> {
  if (files.length > MAX_AD_IMAGES) return { ok: false, status: 400, message: AD_FORM_MESSAGES.imageLimitApi };
  // The fields first: a refused ad must not cost the re-encoding and storing of its photos.
  const prepared = prepareAd(input, now);
  if (!prepared.ok) return prepared;
  const stored = await storePhotos(files);
  if (!stored.ok) return stored;
  const result = await insertAd(userId, prepared.value, stored.photos, now);
  if (!result.ok) await Promise.all(stored.photos.map((photo) => deleteImage(photo.publicId)));
  return result;
}
