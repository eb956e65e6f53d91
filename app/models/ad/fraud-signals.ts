/**
 * Fraud signals, the browser-safe half: what makes a paid ad, or a live ad whose price or photos its
 * owner changed, wait for a person instead of being public (models/ad/fraud-signals.server.ts decides),
 * as stored with the ad and shown in the admin's queue and, by reason only, to the owner.
 */

/** An ad this far below its peers' median price is the bait of most golpes. */
export const PRICE_OUTLIER = {
  /** Active priced ads of the same type in the subcategory needed before a median means anything. */
  minPeers: 5,
  /** Under this share of the median (20 %), the ad waits for a person. */
  shareOfMedian: 0.2,
} as const;

/** Photos this close (bits of 64 that differ in their perceptual hash) are the same picture, resized or recompressed. */
export const COPIED_PHOTO_MAX_DISTANCE = 6;

/**
 * A view of a photo (its mirror image, a frame, turned back, a centre crop: services/photo-hash.server.ts)
 * this close to a view of another is a mirrored, bordered, rotated or cropped copy. Tighter than the
 * whole picture's limit: 20 comparisons per pair of photos give chance 20 times the openings, and at 6
 * bits the demo pictures' look-alike layouts matched (ADR 020).
 */
export const COPIED_VIEW_MAX_DISTANCE = 4;

/**
 * A view turned back and cut to 85 % of its own canvas (a copy turned, then cut back to its old size)
 * this close to another photo's 85 % crop is a rotated copy: tighter still, since two demo pictures of
 * one layout came within 4 bits that way, and such copies, turned back, land within 2 (ADR 020).
 */
export const COPIED_TURN_CUT_BACK_MAX_DISTANCE = 2;

/**
 * The perceptual hash's 16 hex digits cut into four bands of 16 bits ([first digit, length] as SQLite's
 * substr counts them). Two hashes within COPIED_PHOTO_MAX_DISTANCE bits differ in at most
 * PHOTO_HASH_BAND_RADIUS bits in at least one band (pigeonhole: 6 bits over 4 bands leave one band with
 * at most 1), so only photos whose band equals one of that band's values within the radius (17 values
 * at radius 1) need comparing. Each band has an index on its substr expression (db/schema.ts), which
 * keeps the check off a scan of every photo (ADR 020).
 */
export const PHOTO_HASH_BANDS = [
  [1, 4],
  [5, 4],
  [9, 4],
  [13, 4],
] as const;
export const PHOTO_HASH_BAND_RADIUS = Math.floor(COPIED_PHOTO_MAX_DISTANCE / PHOTO_HASH_BANDS.length);

/**
 * The views are looked up by three longer bands (5, 5 and 6 hex digits): two views within
 * COPIED_VIEW_MAX_DISTANCE bits differ in at most PHOTO_VIEW_BAND_RADIUS bits in one of them (4 bits
 * over 3 bands leave one with at most 1), and a 20-bit band within 1 bit is 21 values of a million,
 * against 17 of 65 536 for a 16-bit one: a photo's 20 view comparisons read ~25 times fewer candidates
 * than they would through PHOTO_HASH_BANDS (ADR 020, `npm run bench:photos`).
 */
export const PHOTO_VIEW_BANDS = [
  [1, 5],
  [6, 5],
  [11, 6],
] as const;
export const PHOTO_VIEW_BAND_RADIUS = Math.floor(COPIED_VIEW_MAX_DISTANCE / PHOTO_VIEW_BANDS.length);

/** The title of what the owner is told when the signals take a live ad out of the lists (the reasons follow). */
export const HELD_FOR_REVIEW = "Anúncio enviado para análise: ele sai das listas até nossa equipe revisar";

export const FRAUD_REASONS = {
  priceOutlier: "preço muito abaixo do comum nesta subcategoria",
  copiedPhoto: "foto igual à de um anúncio de outra conta",
} as const;

export type FraudSignal =
  | { kind: "price_outlier"; reason: string; priceCents: number; medianCents: number; peers: number }
  | { kind: "copied_photo"; reason: string; otherAdId: number; distance: number };

/**
 * What the owner is told of an ad the signals hold (the dashboard, GET /api/ads/{id}, the toasts): the
 * reasons, once each, while it waits for a person — never the figures or the other ad behind them.
 */
export function reviewReasons(status: string, signals: readonly FraudSignal[] | null): string[] {
  return status === "pending" && signals?.length ? [...new Set(signals.map((signal) => signal.reason))] : [];
}
