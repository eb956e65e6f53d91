/**
 * The ad wizard's steps on the server (/create-ad): each step's answers are checked and saved into the
 * user's draft (draft.server.ts); the last step creates the ad — or rewrites the unpaid ad the draft
 * was opened on — through the write rules (write.server.ts), and the draft goes.
 */
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { categories, cities, subcategories } from "~/db/schema";
import { MAX_AD_IMAGES } from "~/models/ad/ad";
import { AD_FORM_MESSAGES, type WizardDraftData } from "~/models/ad/ad-form";
import { adInputFromDraft } from "~/models/ad/ad-input.server";
import { checkCharacteristicValues } from "~/models/ad/characteristic-values";
import { minExpirationKey } from "~/models/ad/cost";
import { discardDraft, getDraft, saveDraft } from "~/models/ad/draft.server";
import { characteristicDefinitions, createAd, rewriteUnpaidAd, storePhotos, type AdWriteResult } from "~/models/ad/write.server";
import { photosOfAd } from "~/models/ad/write.server";
import { deleteImage } from "~/models/ad/image-store.server";

export type FieldErrors = Record<string, string[]>;

/** Step 1 is complete when type, city and category are chosen, and a subcategory when the category has any. */
export function step1Errors(data: WizardDraftData): FieldErrors {
  const errors: FieldErrors = {};
  if (!data.adType) errors.adType = [AD_FORM_MESSAGES.typeRequired];
  const city = data.cityId ? db.select({ id: cities.id }).from(cities).where(eq(cities.id, data.cityId)).get() : undefined;
  if (!city) errors.cityId = [AD_FORM_MESSAGES.cityRequired];
  const category = data.categoryId
    ? db
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, data.categoryId), eq(categories.isActive, true)))
        .get()
    : undefined;
  if (!category) {
    errors.categoryId = [AD_FORM_MESSAGES.chooseCategory];
    return errors;
  }
  const own = db
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(and(eq(subcategories.categoryId, category.id), eq(subcategories.isActive, true)))
    .all();
  if (own.length > 0 && !own.some((sub) => sub.id === data.subcategoryId)) errors.subcategoryId = [AD_FORM_MESSAGES.subcategoryRequired];
  return errors;
}

/** Step 2's rules that need the category and today: characteristics by their definitions, the minimum date. */
export function step2Errors(data: WizardDraftData, now = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  if (!data.description?.trim()) errors.description = [AD_FORM_MESSAGES.descriptionRequired];
  if (!data.expirationDate) errors.expirationDate = [AD_FORM_MESSAGES.expirationRequired];
  else if (data.expirationDate < minExpirationKey(now)) errors.expirationDate = [AD_FORM_MESSAGES.expirationMin];
  if (data.categoryId) {
    const checked = checkCharacteristicValues(characteristicDefinitions(data.categoryId), data.characteristics ?? {});
    for (const [name, message] of Object.entries(checked.errors)) errors[`characteristics.${name}`] = [message];
  }
  return errors;
}

/**
 * Saves step 1. Changing the category forgets the answers that belonged to the old one (its
 * subcategory and characteristics), as the wizard's screens do. `subcategoryNext` says the step lacks
 * only a subcategory of a category chosen with this post: the visitor has not seen its list yet (without
 * JavaScript the list comes with the answer), so it is the next thing to pick, not a mistake.
 */
export function saveStep1(userId: number, answers: Pick<WizardDraftData, "adType" | "cityId" | "categoryId" | "subcategoryId">) {
  const current = getDraft(userId)?.data ?? {};
  const categoryChanged = current.categoryId !== undefined && current.categoryId !== answers.categoryId;
  const draft = saveDraft(userId, {
    ...answers,
    subcategoryId: answers.subcategoryId ?? null,
    ...(categoryChanged ? { characteristics: {} } : {}),
  });
  const errors = step1Errors(draft.data);
  const onlySubcategoryMissing = Object.keys(errors).join() === "subcategoryId";
  return { draft, errors, subcategoryNext: onlySubcategoryMissing && current.categoryId !== answers.categoryId };
}

/** Adds photos as sent to the draft (checked by content and stored at once, so a dropped connection loses nothing). */
export async function addDraftPhotos(userId: number, files: { bytes: Uint8Array }[]): Promise<{ ok: true } | { ok: false; status: 400; message: string }> {
  if (files.length === 0) return { ok: true };
  const current = getDraft(userId)?.data.photos ?? [];
  if (current.length + files.length > MAX_AD_IMAGES) return { ok: false, status: 400, message: AD_FORM_MESSAGES.imageLimit };
  const stored = await storePhotos(files);
  if (!stored.ok) return stored;
  // Read again after the (slow) re-encoding: two uploads in parallel must not pass the limit together.
  const latest = getDraft(userId)?.data.photos ?? [];
  if (latest.length + stored.photos.length > MAX_AD_IMAGES) {
    await Promise.all(stored.photos.map((photo) => deleteImage(photo.publicId)));
    return { ok: false, status: 400, message: AD_FORM_MESSAGES.imageLimit };
  }
  saveDraft(userId, { photos: [...latest, ...stored.photos] });
  return { ok: true };
}

/** Takes a photo out of the draft; its files go too unless it belongs to the ad being edited. */
export async function removeDraftPhoto(userId: number, publicId: string) {
  const draft = getDraft(userId);
  if (!draft) return;
  const photos = draft.data.photos ?? [];
  if (!photos.some((photo) => photo.publicId === publicId)) return;
  saveDraft(userId, { photos: photos.filter((photo) => photo.publicId !== publicId) });
  const ownedByAd = draft.editAdId ? photosOfAd(draft.editAdId).some((photo) => photo.publicId === publicId) : false;
  if (!ownedByAd) await deleteImage(publicId);
}

/** 'Criar Anúncio': creates the ad from the draft (or rewrites the unpaid ad it was opened on). */
export async function finishWizard(userId: number, now = new Date()): Promise<AdWriteResult> {
  const draft = getDraft(userId);
  if (!draft) return { ok: false, status: 400, message: AD_FORM_MESSAGES.createError };
  const input = adInputFromDraft(draft.data, now);
  const photos = draft.data.photos ?? [];
  const result = draft.editAdId
    ? await rewriteUnpaidAd(userId, draft.editAdId, input, photos, now)
    : await createAd(userId, input, photos, now);
  // The photos now belong to the ad; only the draft row goes.
  if (result.ok) await discardDraft(userId, { keepPhotos: true });
  return result;
}
