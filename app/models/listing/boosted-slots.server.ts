/**
 * The boosted slots of the public lists (ADR 037): when someone browses by city, category,
 * subcategory or type (no typed words, the views order), each page of PUBLIC_PAGE_SIZE cards gets at
 * most BOOSTED_SLOTS boosted ads on top, chosen among the boosted public ads matching the same
 * filters. The one exception to spec 01 §4's order by views.
 *
 * Fair without a write per page load: the matching boosted ads are taken in id order and rotated by
 * the time slot (`boostSlot`, BOOST_SLOT_MS long): page p of slot s starts at (s + (p − 1) × k) mod n.
 * So the first slot of page 1 goes to each of the n ads once every n slots — the same share over a
 * day — and a page never shows the same ad twice (k ≤ n distinct consecutive ids). The kept card pages
 * and the first-visit pages (ADR 016/027) carry the slot in their key, so they expire with it.
 */
import { and, asc, eq, gte, inArray, isNotNull, lte, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { ads, categories, payments, subcategories, users } from "~/db/schema";
import { PUBLIC_PAGE_SIZE, type CardAd, type PublicAd, type PublicAdsFilter } from "~/models/ad/ad";
import type { BoostMark } from "~/models/ad/boost";
import { boostedUntilByAd, runningBoostTerms } from "~/models/ad/boost.server";
import { cardColumns, imagesByAd, toCards, toPublicAd, type CardRow } from "~/models/ad/card.server";
import { publiclyVisible } from "~/models/ad/visibility.server";
import { cardPageColumns } from "~/models/listing/listing-sql.server";

/** How long one rotation of the boosted slots lasts. */
export const BOOST_SLOT_MS = 5_000;
/** Boosted ads at the top of each page, at most. */
export const BOOSTED_SLOTS = 3;

export function boostSlot(now: Date): number {
  return Math.floor(now.getTime() / BOOST_SLOT_MS);
}

/** Does this list get boosted slots? Browsing (no typed words) in the views order, a full page of cards. */
export function takesBoostedSlots(filter: PublicAdsFilter, match: string | null): boolean {
  return match === null && (filter.sort === undefined || filter.sort === "views" || filter.sort === "relevance") && filter.limit >= PUBLIC_PAGE_SIZE;
}

/** The ids shown in page `page`'s slots at `slot`, from the matching boosted ids in id order. */
export function slotIds(boostedIds: readonly number[], slot: number, page: number): number[] {
  const n = boostedIds.length;
  if (n === 0) return [];
  const k = Math.min(BOOSTED_SLOTS, n);
  const start = (((slot + (page - 1) * k) % n) + n) % n;
  return Array.from({ length: k }, (_, i) => boostedIds[(start + i) % n]!);
}

function filterTerms(filter: PublicAdsFilter): SQL[] {
  const terms: SQL[] = [];
  if (filter.cityId !== undefined) terms.push(eq(ads.idCity, filter.cityId));
  if (filter.categoryId !== undefined) terms.push(eq(ads.categoryId, filter.categoryId));
  if (filter.subcategoryId !== undefined) terms.push(eq(ads.subcategoryId, filter.subcategoryId));
  if (filter.adType !== undefined) terms.push(eq(ads.adType, filter.adType));
  if (filter.minPriceCents !== undefined || filter.maxPriceCents !== undefined) terms.push(isNotNull(ads.priceCents));
  if (filter.minPriceCents !== undefined) terms.push(gte(ads.priceCents, filter.minPriceCents));
  if (filter.maxPriceCents !== undefined) terms.push(lte(ads.priceCents, filter.maxPriceCents));
  return terms;
}

/** The public ads with a running boost that match the filter, in id order (few: read from the running boosts' index). */
export function matchingBoostedIds(filter: PublicAdsFilter, now: Date): number[] {
  return db
    .selectDistinct({ id: ads.id })
    .from(payments)
    .innerJoin(ads, eq(ads.id, payments.adId))
    .where(and(runningBoostTerms(now), publiclyVisible(now), ...filterTerms(filter)))
    .orderBy(asc(ads.id))
    .all()
    .map((row) => row.id);
}

const isoOf = (until: Date | undefined) => (until ? until.toISOString() : undefined);

/** In the order of `ids`. */
function inOrder<T extends { id: number }>(items: T[], ids: number[]): T[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/**
 * A page of cards with, when `slots`, its boosted slots on top: the slot ads first (never again
 * below), then the page's own cards in their order; every boosted card carries `boostedUntil` (its badge).
 */
export function withBoostedCards(page: CardAd[], filter: PublicAdsFilter, slots: boolean, now: Date): (CardAd & BoostMark)[] {
  const chosen = slots ? slotIds(matchingBoostedIds(filter, now), boostSlot(now), filter.page) : [];
  const shown = new Set(chosen);
  const rest = page.filter((card) => !shown.has(card.id));
  const until = boostedUntilByAd([...chosen, ...rest.map((card) => card.id)], now);
  const slotCards = chosen.length
    ? inOrder(toCards(db.select(cardPageColumns).from(ads).innerJoin(categories, eq(categories.id, ads.categoryId)).where(inArray(ads.id, chosen)).all(), now), chosen)
    : [];
  return [...slotCards, ...rest].map((card) => (until.has(card.id) ? { ...card, boostedUntil: isoOf(until.get(card.id)) } : card));
}

/** The same for the API's public ads: `boosted: true` and `boostedUntil` (ISO) on every boosted item. */
export function withBoostedAds(page: PublicAd[], filter: PublicAdsFilter, slots: boolean, now: Date): (PublicAd & { boosted?: true; boostedUntil?: string })[] {
  const chosen = slots ? slotIds(matchingBoostedIds(filter, now), boostSlot(now), filter.page) : [];
  const shown = new Set(chosen);
  const rest = page.filter((ad) => !shown.has(ad.id));
  const until = boostedUntilByAd([...chosen, ...rest.map((ad) => ad.id)], now);
  let slotAds: PublicAd[] = [];
  if (chosen.length) {
    const rows = db
      .select(cardColumns)
      .from(ads)
      .innerJoin(categories, eq(categories.id, ads.categoryId))
      .leftJoin(subcategories, eq(subcategories.id, ads.subcategoryId))
      .innerJoin(users, eq(users.id, ads.userId))
      .where(inArray(ads.id, chosen))
      .all() as CardRow[];
    const images = imagesByAd(chosen);
    slotAds = inOrder(
      rows.map((row) => toPublicAd(row, images.get(row.id) ?? [], now)),
      chosen,
    );
  }
  return [...slotAds, ...rest].map((ad) => (until.has(ad.id) ? { ...ad, boosted: true as const, boostedUntil: isoOf(until.get(ad.id)) } : ad));
}
