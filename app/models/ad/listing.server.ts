/**
 * The public listing: home, /categories and GET /api/ads/public all call `listPublicAds`.
 *
 * Rules kept here and nowhere else: public = stored status "active" AND not past `expirationDate`
 * (spec 02 §4: expiry wins over the stored status; an ad held by visitors' reports is "pending", see
 * reports.server.ts). Sorted by views desc (the spec's default), newest, or price, always with id as
 * the tie-break so pages never overlap. Its SQL is in listing-sql.server.ts; how search and counts stay fast: docs/decisions/004 and 014.
 */
import type Database from "better-sqlite3";
import { sqlite } from "~/db/client.server";
import type { CardAd, PublicAdsFilter, PublicAdsResult } from "~/models/ad/ad";
import { CARD_DESCRIPTION_CHARS, coversByAd, imagesByAd, toPublicAd, type CardRow } from "~/models/ad/card.server";
import {
  countQuery,
  pageQuery,
  placeholderValues,
  preparedCardPage,
  preparedCount,
  preparedPage,
  shapeOf,
} from "~/models/ad/listing-sql.server";
import { centsToDecimalString } from "~/lib/money";
import { searchHits } from "~/models/ad/search-hits.server";
import { ensureSearchIndex, searchMatch } from "~/models/ad/search-index.server";
import { addDaysToKey, dateKey, startOfDayInstant } from "~/lib/dates";

/**
 * Totals are cached per filter. The cache is exact, not merely "fresh enough": its key holds the
 * listing version (bumped by triggers whenever an ad enters, leaves or moves between filters, and by
 * the search index when it indexes) and the São Paulo day (expiration instants are São Paulo
 * midnights, so totals can only change by expiry when the day changes). The one-minute lifetime is
 * only a backstop for hand-made expiration times. The order does not change a total.
 */
const COUNT_TTL_MS = 60_000;
const COUNT_CACHE_MAX = 2_000;
const countCache = new Map<string, { total: number; at: number }>();
const LISTING_VERSION_SQL = "SELECT version FROM ads_listing_version WHERE id = 1";
let versionStatement: { get(): unknown } | undefined;

/** The listing's version (bumped by triggers on every change of a public ad), on the app's connection or another. */
function listingVersion(connection: Database.Database = sqlite): number {
  if (connection !== sqlite) return Number(connection.prepare(LISTING_VERSION_SQL).pluck().get() ?? 0);
  versionStatement ??= sqlite.prepare<[], number>(LISTING_VERSION_SQL).pluck();
  return Number(versionStatement.get() ?? 0);
}

let wordMatchesStatement: { get(match: string): unknown } | undefined;

/** How many ads (public or not) the search's words match: cheap from FTS5, cached like the totals. */
function countWordMatches(match: string, now: Date): number {
  const key = `words|${listingVersion()}|${match}`;
  const cached = countCache.get(key);
  if (cached && now.getTime() - cached.at < COUNT_TTL_MS) return cached.total;
  wordMatchesStatement ??= sqlite.prepare<[string], number>("SELECT count(*) FROM ads_search WHERE ads_search MATCH ?").pluck();
  const total = Number(wordMatchesStatement.get(match) ?? 0);
  if (countCache.size >= COUNT_CACHE_MAX) countCache.clear();
  countCache.set(key, { total, at: now.getTime() });
  return total;
}

let today: { key: string; from: number; until: number } | undefined;

/** São Paulo's day of `now`, remembered until that day ends (working it out through Intl costs more than a count). */
function dayOf(now: Date): string {
  const time = now.getTime();
  if (!today || time < today.from || time >= today.until) {
    const key = dateKey(now);
    today = { key, from: startOfDayInstant(key).getTime(), until: startOfDayInstant(addDaysToKey(key, 1)).getTime() };
  }
  return today.key;
}

/**
 * What a filter selects, as a cache key: the listing version and the São Paulo day (expirations fall on
 * its midnights) say whether the same filter still selects the same ads. The order does not change a total.
 */
function selectionKey(filter: PublicAdsFilter, now: Date, match: string | null): string {
  return [
    listingVersion(),
    dayOf(now),
    filter.cityId ?? "",
    filter.categoryId ?? "",
    filter.subcategoryId ?? "",
    filter.adType ?? "",
    filter.minPriceCents ?? "",
    filter.maxPriceCents ?? "",
    match ?? "",
  ].join("|");
}

function countPublicAds(filter: PublicAdsFilter, now: Date, match: string | null, wordMatches: number | null): number {
  const key = selectionKey(filter, now, match);
  const cached = countCache.get(key);
  if (cached && now.getTime() - cached.at < COUNT_TTL_MS) return cached.total;

  const row = preparedCount(shapeOf(filter, match, wordMatches)).get(placeholderValues(filter, now, match));
  const total = Number(row?.total ?? 0);
  if (countCache.size >= COUNT_CACHE_MAX) countCache.clear();
  countCache.set(key, { total, at: now.getTime() });
  return total;
}

/** Forget cached totals and cards (tests that change `now` or write outside the triggers' view). */
export function clearPublicListingCaches() {
  countCache.clear();
  cardPageCache.clear();
}

/**
 * The SQL (and parameters) listPublicAds runs for a filter, for EXPLAIN QUERY PLAN in `npm run bench`:
 * the count, and the page as read for `total` matches ("unknown": as for many), when the search's
 * words match `wordMatches` ads (default: as many as `total`).
 */
export function publicAdsStatements(
  filter: PublicAdsFilter,
  now: Date = new Date(),
  total: number | "unknown" = "unknown",
  wordMatches: number | "unknown" = total,
  /** The connection the statements will run on (a page that walks an index probes its copy of the matches). */
  connection: Database.Database = sqlite,
) {
  const match = searchMatch(filter.search);
  const many = Number.MAX_SAFE_INTEGER;
  const words = match === null ? null : wordMatches === "unknown" ? many : wordMatches;
  const pageShape = shapeOf(filter, match, words, total === "unknown" ? many : total);
  const hits = pageShape.search && pageShape.plan === "walk" ? searchHits(connection, match!, listingVersion(connection)) : undefined;
  const values: Record<string, unknown> = placeholderValues(filter, now, match, hits);
  const bind = ({ sql: text, params }: { sql: string; params: unknown[] }) => ({
    sql: text,
    params: params.map((param) =>
      param && typeof param === "object" && "name" in param ? values[String((param as { name: string }).name)] : param,
    ),
  });
  return {
    match,
    count: bind(countQuery(shapeOf(filter, match, words)).toSQL()),
    page: bind(pageQuery(pageShape).toSQL()),
  };
}

/** The total of a filter and how to read its page (null when the page is past the end). */
function plan(filter: PublicAdsFilter, now: Date, match: string | null = searchMatch(filter.search)) {
  if (match !== null) ensureSearchIndex();
  const wordMatches = match === null ? null : countWordMatches(match, now);
  const total = wordMatches === 0 ? 0 : countPublicAds(filter, now, match, wordMatches);
  if ((filter.page - 1) * filter.limit >= total) return { total, page: null };
  const shape = shapeOf(filter, match, wordMatches, total);
  const hits = shape.search && shape.plan === "walk" ? searchHits(sqlite, match!, listingVersion()) : undefined;
  return { total, page: { shape, values: placeholderValues(filter, now, match, hits) } };
}

/** One page of public ads in the filter's order (most viewed first by default), with the total for the same filter. */
export function listPublicAds(filter: PublicAdsFilter, now: Date = new Date()): PublicAdsResult {
  const { total, page } = plan(filter, now);
  if (!page) return { ads: [], total };
  const rows = preparedPage(page.shape).all(page.values) as CardRow[];
  const images = imagesByAd(rows.map((row) => row.id));
  return { ads: rows.map((row) => toPublicAd(row, images.get(row.id) ?? [])), total };
}

/**
 * The list pages' cards, kept a few seconds per filter, order and page: every visitor of the home page
 * asks for the same one. Under the listing version, so an ad published, paused, edited or expired
 * appears or leaves at once; only the views (and the order by views) may lag by CARD_PAGE_TTL_MS.
 */
const CARD_PAGE_TTL_MS = 5_000;
const CARD_PAGE_CACHE_MAX = 500;
const cardPageCache = new Map<string, { cards: { ads: CardAd[]; total: number }; at: number }>();

/**
 * The same page as `listPublicAds`, as cards (`CardAd`): what the list pages render and put in their
 * HTML, read with only the columns a card shows.
 */
export function listPublicCards(filter: PublicAdsFilter, now: Date = new Date()): { ads: CardAd[]; total: number } {
  const match = searchMatch(filter.search);
  const key = `${selectionKey(filter, now, match)}|${filter.sort ?? ""}|${filter.page}|${filter.limit}`;
  const cached = cardPageCache.get(key);
  if (cached && Math.abs(now.getTime() - cached.at) < CARD_PAGE_TTL_MS) return cached.cards;
  const cards = readPublicCards(filter, now, match);
  if (cardPageCache.size >= CARD_PAGE_CACHE_MAX) cardPageCache.clear();
  cardPageCache.set(key, { cards, at: now.getTime() });
  return cards;
}

function readPublicCards(filter: PublicAdsFilter, now: Date, match: string | null): { ads: CardAd[]; total: number } {
  const { total, page } = plan(filter, now, match);
  if (!page) return { ads: [], total };
  const rows = preparedCardPage(page.shape).all(page.values);
  const covers = coversByAd(rows.map((row) => row.id));
  return {
    total,
    ads: rows.map((row) => {
      const cover = covers.get(row.id);
      return {
        id: row.id,
        title: row.title,
        description: row.description.length > CARD_DESCRIPTION_CHARS ? `${row.description.slice(0, CARD_DESCRIPTION_CHARS).trimEnd()}…` : row.description,
        price: row.priceCents ? centsToDecimalString(row.priceCents) : "",
        adType: row.adType,
        whatsapp: row.whatsapp?.trim() ? row.whatsapp : null,
        city: row.city,
        state: row.state,
        createdAt: row.createdAt.toISOString(),
        views: row.views,
        category: { name: row.categoryName },
        images: cover ? [{ id: cover.id, publicId: cover.publicId }] : [],
        imageCount: cover?.count ?? 0,
      };
    }),
  };
}
