/**
 * Fraud signals, the browser-safe half: what makes a paid ad wait for a person instead of going live
 * (models/ad/fraud-signals.server.ts decides), as stored with the ad and shown in the admin's queue.
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

export const FRAUD_REASONS = {
  priceOutlier: "preço muito abaixo do comum nesta subcategoria",
  copiedPhoto: "foto igual à de um anúncio de outra conta",
} as const;

export type FraudSignal =
  | { kind: "price_outlier"; reason: string; priceCents: number; medianCents: number; peers: number }
  | { kind: "copied_photo"; reason: string; otherAdId: number; distance: number };
