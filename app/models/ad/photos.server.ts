/**
 * An existing ad's photos (GET/POST /api/ads/{id}/images, DELETE …/images/{imageId}, and the edit
 * page's photo manager): only the owner or an admin; at most 5; the first one is the cover, and when
 * the cover goes the next photo becomes it. Removing a photo removes its files from storage. Adding or
 * removing one is editing the ad: not while it is paused, rejected or in review (manage.ts photoChangeRefusal).
 * A photo its owner adds to a live ad is checked by the payment's fraud signals in the same write
 * (lifecycle.server.ts holdChangedLiveAd): a copy of another account's photo sends the ad to the queue.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { adImages, ads, categories } from "~/db/schema";
import { AD_NOT_FOUND, effectiveStatus, MAX_AD_IMAGES, type AdStatus, type Viewer } from "~/models/ad/ad";
import { AD_FORM_MESSAGES } from "~/models/ad/ad-form";
import { holdChangedLiveAd } from "~/models/ad/lifecycle.server";
import { photoChangeRefusal } from "~/models/ad/manage";
import { moderateAdContent } from "~/models/ad/moderation.server";
import { storePhotos } from "~/models/ad/write.server";
import { deleteImage } from "~/models/ad/image-store.server";
import { imageUrl } from "~/services/images.server";

export type AdPhoto = { id: number; publicId: string; url: string; isPrimary: boolean; order: number };

type Refusal = { ok: false; status: 400 | 404 | 409 | 422; message: string; details?: string[]; suggestion?: string };

/** The ad when the viewer may manage it (owner or admin), else null: the same 404 for "missing" and "not yours". */
function managedAd(adId: number, viewer: NonNullable<Viewer>) {
  const ad = db
    .select({
      id: ads.id,
      userId: ads.userId,
      status: ads.status,
      expirationDate: ads.expirationDate,
      createdAt: ads.createdAt,
      title: ads.title,
      description: ads.description,
      categoryName: categories.name,
    })
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .where(eq(ads.id, adId))
    .get();
  if (!ad || (!viewer.isAdmin && ad.userId !== viewer.id)) return null;
  return ad;
}

export function listAdPhotos(adId: number, viewer: NonNullable<Viewer>): AdPhoto[] | null {
  if (!managedAd(adId, viewer)) return null;
  return db
    .select({ id: adImages.id, publicId: adImages.publicId, url: adImages.url, isPrimary: adImages.isPrimary, order: adImages.order })
    .from(adImages)
    .where(eq(adImages.adId, adId))
    .orderBy(asc(adImages.order), asc(adImages.id))
    .all();
}

/**
 * Why this viewer may not add a photo to this ad now (404 not theirs or missing, 409 locked), or null.
 * The API asks before reading the upload: who may act is answered whatever the body holds.
 */
export function addPhotoRefusal(adId: number, viewer: NonNullable<Viewer>): Refusal | null {
  const ad = managedAd(adId, viewer);
  if (!ad) return { ok: false, status: 404, message: AD_NOT_FOUND };
  const locked = photoChangeRefusal(ad, viewer);
  return locked ? { ok: false, status: 409, message: locked } : null;
}

/**
 * What adding a photo did: the photo, the ad's status after it, and why the fraud signals sent the ad
 * to the admin queue (empty when they did not).
 */
export type AddedPhoto = { ok: true; photo: AdPhoto; adStatus: AdStatus; reviewReasons: string[] };

/** Adds one photo (checked by content, re-encoded), moderated with the ad's text; the new photo, or the refusal. */
export async function addAdPhoto(adId: number, viewer: NonNullable<Viewer>, file: { bytes: Uint8Array }, now: Date = new Date()): Promise<AddedPhoto | Refusal> {
  const refused = addPhotoRefusal(adId, viewer);
  if (refused) return refused;
  const ad = managedAd(adId, viewer)!;
  const current = listAdPhotos(adId, viewer) ?? [];
  if (current.length >= MAX_AD_IMAGES) return { ok: false, status: 400, message: AD_FORM_MESSAGES.imageLimitApi };
  const stored = await storePhotos([file]);
  if (!stored.ok) return stored;
  const [photo] = stored.photos;
  const verdict = await moderateAdContent({
    title: ad.title,
    description: ad.description,
    characteristics: [],
    categoryName: ad.categoryName,
    photoIds: [...current.map((p) => p.publicId), photo!.publicId],
  });
  if (verdict.recommendation === "rejected") {
    await deleteImage(photo!.publicId);
    return { ok: false, status: 422, message: AD_FORM_MESSAGES.rejectedTitle, details: verdict.issues, suggestion: verdict.suggestion || AD_FORM_MESSAGES.rejectedSuggestion };
  }
  const inserted = writeTransaction((tx) => {
    // Counted again inside the write, so two parallel uploads cannot make a sixth photo.
    const [{ n }] = tx.select({ n: count() }).from(adImages).where(eq(adImages.adId, adId)).all() as [{ n: number }];
    if (n >= MAX_AD_IMAGES) return null;
    const added = tx
      .insert(adImages)
      .values({ adId, publicId: photo!.publicId, url: imageUrl(photo!.publicId), width: photo!.width, height: photo!.height, phash: photo!.phash, phashVariants: photo!.phashVariants, isPrimary: n === 0, order: n })
      .returning({ id: adImages.id, publicId: adImages.publicId, url: adImages.url, isPrimary: adImages.isPrimary, order: adImages.order })
      .get();
    // An admin's upload is that review (ADR 012); anyone else's is checked before the photo is public.
    const reviewReasons = viewer.isAdmin ? [] : holdChangedLiveAd(tx, adId, now);
    const after = tx.select({ status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, adId)).get()!;
    return { photo: added, adStatus: effectiveStatus(after, now), reviewReasons };
  });
  if (!inserted) {
    await deleteImage(photo!.publicId);
    return { ok: false, status: 400, message: AD_FORM_MESSAGES.imageLimitApi };
  }
  return { ok: true, ...inserted };
}

export async function removeAdPhoto(adId: number, imageId: number, viewer: NonNullable<Viewer>): Promise<{ ok: true } | Refusal> {
  const ad = managedAd(adId, viewer);
  if (!ad) return { ok: false, status: 404, message: AD_NOT_FOUND };
  const locked = photoChangeRefusal(ad, viewer);
  if (locked) return { ok: false, status: 409, message: locked };
  const removed = writeTransaction((tx) => {
    const photo = tx
      .delete(adImages)
      .where(and(eq(adImages.id, imageId), eq(adImages.adId, adId)))
      .returning({ publicId: adImages.publicId, isPrimary: adImages.isPrimary })
      .get();
    if (!photo) return null;
    // Renumber what is left; the first becomes the cover.
    const rest = tx.select({ id: adImages.id }).from(adImages).where(eq(adImages.adId, adId)).orderBy(asc(adImages.order), asc(adImages.id)).all();
    rest.forEach((row, index) => tx.update(adImages).set({ order: index, isPrimary: index === 0 }).where(eq(adImages.id, row.id)).run());
    return photo;
  });
  if (!removed) return { ok: false, status: 404, message: "Imagem não encontrada" };
  await deleteImage(removed.publicId);
  return { ok: true };
}
