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
 *   copy still counts, or one of its views (mirrored, framed, turned back, cropped) within
 *   COPIED_VIEW_MAX_DISTANCE of the other's (`copyDistance`), so a mirrored, slightly rotated, cropped
 *   or bordered copy counts too. Only ads that were paid for count as the other ad: an unpaid draft
 *   costs nothing, and would otherwise let anyone send a seller's next payment to the queue by
 *   uploading the seller's photos.
 *
 * The signals are stored with the ad (ads.fraud_signals) for the queue to show, with a link to the
 * other ad for a copied photo. An admin who approves the ad clears what they saw: a renewal or an edit
 * is not held again for the same signal (a price no lower against its peers, a photo like the same
 * other ad); a new one (the price lowered, another ad copied) holds it again (`signalsAwaitingPerson`).
 * Photos stored before hashes existed are hashed at start-up
 * (`backfillPhotoHashes`); until then they are not compared.
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { db, type Writer } from "~/db/client.server";
import { adImages, ads, moderationDecisions, photoHashBand, photoVariantBand } from "~/db/schema";
import type { AdStatus, AdType } from "~/models/ad/ad";
import {
  COPIED_PHOTO_MAX_DISTANCE,
  COPIED_TURN_CUT_BACK_MAX_DISTANCE,
  COPIED_VIEW_MAX_DISTANCE,
  FRAUD_REASONS,
  PHOTO_HASH_BAND_RADIUS,
  PHOTO_HASH_BANDS,
  PHOTO_VIEW_BAND_RADIUS,
  PHOTO_VIEW_BANDS,
  PRICE_OUTLIER,
  type FraudSignal,
} from "~/models/ad/fraud-signals";
import { publiclyVisible } from "~/models/ad/visibility.server";
import { getOriginalImage } from "~/models/ad/image-store.server";
import {
  hashDistance,
  INDEXED_PHOTO_VARIANTS,
  INDEXED_VIEWS_LENGTH,
  parsePhotoHashes,
  PHOTO_VARIANTS_LENGTH,
  photoHashes,
  variantHexes,
  type ParsedPhotoHashes,
  type PhotoHashes,
  type PhotoVariant,
} from "~/services/photo-hash.server";

/** Ads someone paid for: the ones a copied photo is compared with. */
const PAID_STATUSES: AdStatus[] = ["active", "paused", "expired", "pending", "sold"];
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

/** The median price of the subcategory's public priced ads of the same type, when there are enough of them. */
function peerMedian(tx: Writer, ad: CheckedAd, now: Date): { medianCents: number; peers: number } | null {
  if (ad.subcategoryId === null) return null;
  const peersOf = and(
    publiclyVisible(now),
    eq(ads.subcategoryId, ad.subcategoryId),
    eq(ads.adType, ad.adType),
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

type View = "full" | PhotoVariant;
type StoredView = "full" | (typeof INDEXED_PHOTO_VARIANTS)[number];

/**
 * Which view of a photo being checked is compared with which stored view of another account's photo,
 * and how many bits may differ (services/photo-hash.server.ts PHOTO_VARIANTS, ADR 020): the whole
 * pictures as before; the whole picture with the other's centre crops (a cropped copy); the mirror
 * image and the inner frames with the other's whole picture (a mirrored or framed copy); the views
 * turned back ±3°, ±4° and ±5° with the other's crop of the same part of the picture (a rotated copy: cut
 * to 90 % of the original it holds, with the other's 90 % crop; cut to 85 % of its canvas, with its 85 %;
 * each view has the one crop it is the copy of, so it gets no second chance of a match). A view matches
 * by chance more easily than the whole picture does, so those allow COPIED_VIEW_MAX_DISTANCE bits,
 * fewer, and the cut-back turns COPIED_TURN_CUT_BACK_MAX_DISTANCE.
 */
const COMPARISONS: { mine: View; theirs: StoredView; maxDistance: number }[] = [
  { mine: "full", theirs: "full", maxDistance: COPIED_PHOTO_MAX_DISTANCE },
  ...INDEXED_PHOTO_VARIANTS.map((theirs) => ({ mine: "full" as const, theirs, maxDistance: COPIED_VIEW_MAX_DISTANCE })),
  ...(["mirror", "frame3", "frame6", "frame9"] as const).map((mine) => ({ mine, theirs: "full" as const, maxDistance: COPIED_VIEW_MAX_DISTANCE })),
  ...(["+3", "-3", "+4", "-4", "+5", "-5"] as const).flatMap((turn) => [
    { mine: `turn${turn}o90` as const, theirs: "c90" as const, maxDistance: COPIED_VIEW_MAX_DISTANCE },
    { mine: `turn${turn}c85` as const, theirs: "c85" as const, maxDistance: COPIED_TURN_CUT_BACK_MAX_DISTANCE },
  ]),
];

/**
 * How far `theirs` is from `mine` as a copy: the smallest distance of a comparison within its limit,
 * or null when none is (or the views needed are missing: photos from before the variants, until the
 * backfill reaches them).
 */
export function copyDistance(mine: ParsedPhotoHashes, theirs: ParsedPhotoHashes): number | null {
  let best: number | null = null;
  for (const { mine: view, theirs: stored, maxDistance } of COMPARISONS) {
    const [a, b] = [mine[view], theirs[stored]];
    if (!a || !b) continue;
    const distance = hashDistance(a, b);
    if (distance <= maxDistance && (best === null || distance < best)) best = distance;
  }
  return best;
}

type Band = (typeof PHOTO_HASH_BANDS)[number] | (typeof PHOTO_VIEW_BANDS)[number];

/** The SQL of one band of a stored view, as its index declares it (db/schema.ts). */
const storedBand = (view: StoredView, band: Band) => (view === "full" ? photoHashBand(adImages.phash, band) : photoVariantBand(adImages.phashVariants, view, band));

/**
 * How the comparisons read their candidates: the whole pictures through the hash's four bands, as
 * before; the views, with their tighter limit, through three longer bands (PHOTO_VIEW_BANDS).
 */
const LOOKUPS = [
  { views: COMPARISONS.filter((comparison) => comparison.maxDistance > COPIED_VIEW_MAX_DISTANCE), bands: PHOTO_HASH_BANDS, radius: PHOTO_HASH_BAND_RADIUS },
  { views: COMPARISONS.filter((comparison) => comparison.maxDistance <= COPIED_VIEW_MAX_DISTANCE), bands: PHOTO_VIEW_BANDS, radius: PHOTO_VIEW_BAND_RADIUS },
];

/** Other accounts' paid ads with a photo that is a copy of one of this ad's (`copyDistance`), closest first. */
function copiedPhotos(tx: Writer, ad: CheckedAd): FraudSignal[] {
  const own = tx
    .select({ phash: adImages.phash, variants: adImages.phashVariants })
    .from(adImages)
    .where(and(eq(adImages.adId, ad.id), isNotNull(adImages.phash)))
    .all()
    .map((row) => ({ hex: { full: row.phash, ...variantHexes(row.variants) }, parsed: parsePhotoHashes(row.phash, row.variants) }))
    .filter((photo) => photo.parsed.full);
  if (own.length === 0) return [];
  // Only a stored view with a band within the radius of the same band of a view compared with it can
  // be within the comparison's limit (pigeonhole: PHOTO_HASH_BANDS, PHOTO_VIEW_BANDS): each band of each
  // stored view is an index lookup, so the write transaction reads a few candidates instead of every
  // paid ad's photos. The CROSS JOIN makes SQLite read the photos first (it never reorders one), as the
  // band indexes need: left to itself it walks every paid ad by status and each ad's photos.
  const lookups = LOOKUPS.flatMap(({ views, bands, radius }) =>
    [...new Set(views.map((comparison) => comparison.theirs))].flatMap((stored) => {
      const probes = views.filter((comparison) => comparison.theirs === stored).flatMap((comparison) => own.map((photo) => photo.hex[comparison.mine]));
      return bands.map((band) => {
        const [start, length] = band;
        const values = probes.flatMap((hex) => (hex ? valuesWithinRadius(hex.slice(start - 1, start - 1 + length), radius) : []));
        return values.length ? inArray(storedBand(stored, band), [...new Set(values)]) : undefined;
      });
    }),
  );
  // Only the stored views are compared on their side: the rest of phash_variants is not even read.
  const others = tx
    .select({ adId: adImages.adId, phash: adImages.phash, stored: sql<string | null>`substr(${adImages.phashVariants}, 1, ${INDEXED_VIEWS_LENGTH})` })
    .from(adImages)
    .crossJoin(ads)
    .where(and(or(...lookups), eq(ads.id, adImages.adId), ne(ads.userId, ad.userId), inArray(ads.status, PAID_STATUSES)))
    .values() as [number, string | null, string | null][];
  const closest = new Map<number, number>();
  for (const [otherAdId, phash, stored] of others) {
    const theirs = parsePhotoHashes(phash, stored);
    for (const mine of own) {
      const distance = copyDistance(mine.parsed, theirs);
      if (distance !== null && distance < (closest.get(otherAdId) ?? Infinity)) closest.set(otherAdId, distance);
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

/** A photo whose views are missing, or some of them: from before they existed or changed, or whose hashing failed. */
const viewsMissing = or(isNull(adImages.phashVariants), sql`length(${adImages.phashVariants}) < ${PHOTO_VARIANTS_LENGTH}`);

/**
 * Hashes the photos stored before their hashes existed — the whole picture's, or since ADR 020's
 * amendment its views (`phash_variants`), or all of them since the turned views changed (migration
 * 0022 cut them off) — or whose hashing failed, a batch at a time, reading their
 * originals from storage. Run once at start-up, in the background; a photo whose original is missing or
 * unreadable is left as it is (compared by what it has, if anything). Returns how many were hashed.
 */
export async function backfillPhotoHashes({ batch = 50 }: { batch?: number } = {}): Promise<number> {
  let hashed = 0;
  let afterId = 0;
  for (;;) {
    const rows = db
      .select({ id: adImages.id, publicId: adImages.publicId })
      .from(adImages)
      .where(and(viewsMissing, gt(adImages.id, afterId)))
      .orderBy(adImages.id)
      .limit(batch)
      .all();
    if (rows.length === 0) return hashed;
    afterId = rows[rows.length - 1]!.id;
    for (const row of rows) {
      const hashes = await hashStoredPhoto(row.publicId);
      if (!hashes) continue;
      db.update(adImages)
        .set({ phash: hashes.phash, phashVariants: hashes.variants })
        .where(and(eq(adImages.id, row.id), viewsMissing))
        .run();
      hashed++;
    }
  }
}

async function hashStoredPhoto(publicId: string): Promise<PhotoHashes | null> {
  try {
    const original = await getOriginalImage(publicId);
    return original ? await photoHashes(original.bytes) : null;
  } catch (error) {
    console.warn(`[photos] could not hash photo ${publicId}:`, error instanceof Error ? error.message : error);
    return null;
  }
}
