/**
 * Fraud signals: what makes a paid ad wait for a person (status pending, the admin's queue) instead
 * of going live. Checked when a payment publishes the ad (lifecycle.server.ts activatePaidAd), and when
 * the owner of a live ad changes its price or adds a photo (`holdChangedLiveAd`, from edit.server.ts and
 * photos.server.ts), each inside the write's transaction, so the ad is never public for a moment first:
 *
 * - a price far below its peers (the bait of most golpes): at least PRICE_OUTLIER.minPeers active
 *   priced ads of the same type (Vender with Vender…) in its subcategory, and a price under 20 % of
 *   their median;
 * - a photo copied from another account's ad: a perceptual hash (services/photo-hash.server.ts)
 *   within COPIED_PHOTO_MAX_DISTANCE bits of one of that ad's photos, so a resized or recompressed
 *   copy still counts. Only ads that were paid for count as the other ad: an unpaid draft costs
 *   nothing, and would otherwise let anyone send a seller's next payment to the queue by uploading
 *   the seller's photos.
 *
 * The signals are stored with the ad (ads.fraud_signals) for the queue to show, with a link to the
 * other ad for a copied photo. An admin who approves the ad clears what they saw: a renewal or an edit
 * is not held again for the same signal (a price no lower against its peers, a photo like the same
 * other ad); a new one (the price lowered, another ad copied) holds it again (`signalsAwaitingPerson`).
 * Photos stored before hashes existed are hashed at start-up
 * (`backfillPhotoHashes`); until then they are not compared.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adImages, ads, moderationDecisions, photoHashBand } from "~/db/schema";
import type { AdStatus, AdType } from "~/models/ad/ad";
import { COPIED_PHOTO_MAX_DISTANCE, FRAUD_REASONS, PHOTO_HASH_BAND_RADIUS, PHOTO_HASH_BANDS, PRICE_OUTLIER, type FraudSignal } from "~/models/ad/fraud-signals";
import type { Writer } from "~/models/ad/lifecycle.server";
import { getOriginalImage } from "~/services/images.server";
import { hashDistance, parseHash, perceptualHash } from "~/services/photo-hash.server";

/** Ads someone paid for: the ones a copied photo is compared with. */
const PAID_STATUSES: AdStatus[] = ["active", "paused", "expired", "pending"];
/** At most this many other ads are linked for the admin (the closest first). */
const MAX_COPIED_PHOTO_LINKS = 3;

type CheckedAd = { id: number; userId: number; subcategoryId: number | null; adType: AdType; priceCents: number | null };

/** Every reason the ad should wait for a person, empty when it may go live. */
export function fraudSignalsFor(tx: Writer, adId: number, now: Date = new Date()): FraudSignal[] {
  const ad = tx
    .select({ id: ads.id, userId: ads.userId, subcategoryId: ads.subcategoryId, adType: ads.adType, priceCents: ads.priceCents })
    .from(ads)
    .where(eq(ads.id, adId))
    .get();
  if (!ad) return [];
  const price = priceOutlier(tx, ad, now);
  return [...(price ? [price] : []), ...copiedPhotos(tx, ad)];
}

/** Whether an admin who cleared `cleared` has seen `found`: a photo like the same other ad, or a price no lower. */
const clearedBy = (found: FraudSignal, cleared: FraudSignal) =>
  found.kind === "price_outlier"
    ? cleared.kind === "price_outlier" && found.priceCents >= cleared.priceCents
    : cleared.kind === "copied_photo" && found.otherAdId === cleared.otherAdId;

/**
 * The signals an admin has not cleared yet: all of `found`, unless the admin's last decision on the ad
 * was to approve it, when those it was approved with (`stored`, the ad's signals then) are cleared.
 */
export function signalsAwaitingPerson(tx: Writer, adId: number, found: FraudSignal[], stored: FraudSignal[] | null): FraudSignal[] {
  if (!found.length || !stored?.length) return found;
  const last = tx
    .select({ decision: moderationDecisions.decision })
    .from(moderationDecisions)
    .where(and(eq(moderationDecisions.adId, adId), inArray(moderationDecisions.decision, ["approved", "rejected"])))
    .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
    .get();
  if (last?.decision !== "approved") return found;
  return found.filter((signal) => !stored.some((cleared) => clearedBy(signal, cleared)));
}

/** The median price of the subcategory's active priced ads of the same type, when there are enough of them. */
function peerMedian(tx: Writer, ad: CheckedAd, now: Date): { medianCents: number; peers: number } | null {
  if (ad.subcategoryId === null) return null;
  const peersOf = and(
    eq(ads.status, "active"),
    eq(ads.subcategoryId, ad.subcategoryId),
    eq(ads.adType, ad.adType),
    gt(ads.expirationDate, now),
    gt(ads.priceCents, 0),
    ne(ads.id, ad.id),
  );
  const peers = tx.select({ n: sql<number>`count(*)` }).from(ads).where(peersOf).get()?.n ?? 0;
  if (peers < PRICE_OUTLIER.minPeers) return null;
  // The middle one, or the two middle ones of an even count.
  const middle = tx
    .select({ priceCents: ads.priceCents })
    .from(ads)
    .where(peersOf)
    .orderBy(ads.priceCents)
    .limit(peers % 2 === 1 ? 1 : 2)
    .offset(Math.floor((peers - 1) / 2))
    .all();
  const medianCents = middle.reduce((sum, row) => sum + (row.priceCents ?? 0), 0) / middle.length;
  return { medianCents, peers };
}

function priceOutlier(tx: Writer, ad: CheckedAd, now: Date): FraudSignal | null {
  if (!ad.priceCents || ad.priceCents <= 0) return null;
  const median = peerMedian(tx, ad, now);
  if (!median || ad.priceCents >= median.medianCents * PRICE_OUTLIER.shareOfMedian) return null;
  return { kind: "price_outlier", reason: FRAUD_REASONS.priceOutlier, priceCents: ad.priceCents, medianCents: median.medianCents, peers: median.peers };
}

/** Other accounts' paid ads with a photo within COPIED_PHOTO_MAX_DISTANCE of one of this ad's, closest first. */
function copiedPhotos(tx: Writer, ad: CheckedAd): FraudSignal[] {
  const ownHex = tx
    .select({ phash: adImages.phash })
    .from(adImages)
    .where(and(eq(adImages.adId, ad.id), isNotNull(adImages.phash)))
    .all()
    .map((row) => row.phash ?? "")
    .filter((hex) => parseHash(hex) !== null);
  if (ownHex.length === 0) return [];
  const own = ownHex.map((hex) => parseHash(hex)!);
  // Only photos with a band within PHOTO_HASH_BAND_RADIUS bits of one of this ad's can be within
  // COPIED_PHOTO_MAX_DISTANCE bits of it (PHOTO_HASH_BANDS): each band is an index lookup, so the
  // payment's write transaction reads a few candidates instead of every paid ad's photos. The CROSS
  // JOIN makes SQLite read the photos first (it never reorders one), as the band indexes need: left
  // to itself it walks every paid ad by status and each ad's photos.
  const sharesABand = or(
    ...PHOTO_HASH_BANDS.map((band) => {
      const [start, length] = band;
      const values = ownHex.flatMap((hex) => valuesWithinRadius(hex.slice(start - 1, start - 1 + length), PHOTO_HASH_BAND_RADIUS));
      return inArray(photoHashBand(adImages.phash, band), [...new Set(values)]);
    }),
  );
  const others = tx
    .select({ adId: adImages.adId, phash: adImages.phash })
    .from(adImages)
    .crossJoin(ads)
    .where(and(sharesABand, eq(ads.id, adImages.adId), ne(ads.userId, ad.userId), inArray(ads.status, PAID_STATUSES), isNotNull(adImages.phash)))
    .values() as [number, string][];
  const closest = new Map<number, number>();
  for (const [otherAdId, phash] of others) {
    const high = parseInt(phash.slice(0, 8), 16);
    const low = parseInt(phash.slice(8), 16);
    for (const mine of own) {
      const distance = hashDistance(mine, [high, low]);
      if (distance <= COPIED_PHOTO_MAX_DISTANCE && distance < (closest.get(otherAdId) ?? Infinity)) closest.set(otherAdId, distance);
    }
  }
  return [...closest]
    .sort(([idA, a], [idB, b]) => a - b || idA - idB)
    .slice(0, MAX_COPIED_PHOTO_LINKS)
    .map(([otherAdId, distance]) => ({ kind: "copied_photo", reason: FRAUD_REASONS.copiedPhoto, otherAdId, distance }));
}

/** Every hex value of `band`'s width that differs from it in at most `radius` bits, itself included. */
function valuesWithinRadius(band: string, radius: number): string[] {
  if (radius === 0) return [band];
  const value = parseInt(band, 16);
  const bits = band.length * 4;
  const flipped = Array.from({ length: bits }, (_, bit) => ((value ^ (1 << bit)) >>> 0).toString(16).padStart(band.length, "0"));
  return [band, ...flipped.flatMap((one) => valuesWithinRadius(one, radius - 1))];
}

/**
 * Hashes the photos stored before photo hashes existed (or whose hashing failed), a batch at a time,
 * reading their originals from storage. Run once at start-up, in the background; a photo whose
 * original is missing or unreadable is left without a hash (and so never matched). Returns how many
 * were hashed.
 */
export async function backfillPhotoHashes({ batch = 50 }: { batch?: number } = {}): Promise<number> {
  let hashed = 0;
  let afterId = 0;
  for (;;) {
    const rows = db
      .select({ id: adImages.id, publicId: adImages.publicId })
      .from(adImages)
      .where(and(isNull(adImages.phash), gt(adImages.id, afterId)))
      .orderBy(adImages.id)
      .limit(batch)
      .all();
    if (rows.length === 0) return hashed;
    afterId = rows[rows.length - 1]!.id;
    for (const row of rows) {
      const phash = await hashStoredPhoto(row.publicId);
      if (!phash) continue;
      db.update(adImages).set({ phash }).where(and(eq(adImages.id, row.id), isNull(adImages.phash))).run();
      hashed++;
    }
  }
}

async function hashStoredPhoto(publicId: string): Promise<string | null> {
  try {
    const original = await getOriginalImage(publicId);
    return original ? await perceptualHash(original.bytes) : null;
  } catch (error) {
    console.warn(`[photos] could not hash photo ${publicId}:`, error instanceof Error ? error.message : error);
    return null;
  }
}
