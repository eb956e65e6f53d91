/**
 * The public listing: home, /categories and GET /api/ads/public all call `listPublicAds`.
 *
 * Lists the ads the public may see (the rule: ad/visibility.server.ts). Sorted by views desc (the spec's
 * default), newest, or price, always with id as the tie-break so pages never overlap; or by relevance
 * to the search (`searchRanker`), read one rank at a time in the views order (without a search,
 * relevance is the views order). Its SQL is in listing-sql.server.ts; how search and counts stay fast:
 * docs/decisions/004 and 014.
 */
import type Database from "better-sqlite3";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { db, sqlite } from "~/db/client.server";
import { ads, categories } from "~/db/schema";
import type { CardAd, PublicAdsFilter, PublicAdsResult } from "~/models/ad/ad";
import { imagesByAd, toCards, toPublicAd, type CardRow } from "~/models/ad/card.server";
import {
  cardPageColumns,
  countQuery,
  pageQuery,
  placeholderValues,
  preparedCardPage,
  preparedCount,
  preparedPage,
  preparedRankCount,
  rankCountQuery,
  shapeOf,
  type RankPage,
  type Shape,
} from "~/models/listing/listing-sql.server";
import { publiclyVisible } from "~/models/ad/visibility.server";
import { boostSlot, takesBoostedSlots, withBoostedAds, withBoostedCards } from "~/models/listing/boosted-slots.server";
import { rankedSearchHits, searchHits } from "~/models/listing/search-hits.server";
import { ensureSearchIndex, searchMatch, searchRanker } from "~/models/listing/search-index.server";
import { addDaysToKey, dateKey, startOfDayInstant } from "~/lib/dates";

/**
 * Totals are cached per filter. The cache is exact, not merely "fresh enough": its key holds the
 * listing version (bumped by triggers whenever an ad enters, leaves or moves between filters, and by
 * the search index when it indexes) and the São Paulo day (expiration instants are São Paulo
 * midnights, so totals can only change by expiry when the day changes). The one-minute lifetime is
 * only a backstop for hand-made expiration times. The order does not change a total. The relevance
 * order's counts per rank are kept the same way. One exception, for big sites: a large total may lag
 * by up to a minute (LARGE_TOTAL below).
 */
const COUNT_TTL_MS = 60_000;
const COUNT_CACHE_MAX = 2_000;
const countCache = new Map<string, { value: unknown; at: number }>();

/** `key`'s cached count (a total, or the counts per rank), read by `count` when missing or too old. */
function cachedCount<T>(key: string, now: Date, count: () => T): T {
  const cached = countCache.get(key);
  if (cached && now.getTime() - cached.at < COUNT_TTL_MS) return cached.value as T;
  const value = count();
  remember(key, value, now);
  return value;
}

function remember(key: string, value: unknown, now: Date) {
  if (countCache.size >= COUNT_CACHE_MAX) countCache.clear();
  countCache.set(key, { value, at: now.getTime() });
}
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
  return cachedCount(`words|${listingVersion()}|${match}`, now, () => {
    wordMatchesStatement ??= sqlite.prepare<[string], number>("SELECT count(*) FROM ads_search WHERE ads_search MATCH ?").pluck();
    return Number(wordMatchesStatement.get(match) ?? 0);
  });
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
 * What every public list shows depends on, as a cache key: the listing version, the São Paulo day and
 * the boosted slots' rotation (ADR 037). The whole list pages kept for visitors without a cookie
 * (web/anonymous-pages.server.ts) go by it too, so they expire with the rotation's slot.
 */
export function listingState(now: Date = new Date()): string {
  return `${listingVersion()}|${dayOf(now)}|${boostSlot(now)}`;
}

/**
 * What a filter selects, as a cache key: the listing version and the São Paulo day (expirations fall on
 * its midnights) say whether the same filter still selects the same ads. The order does not change a total.
 */
function selectionKey(filter: PublicAdsFilter, now: Date, match: string | null): string {
  return `${listingVersion()}|${filterKey(filter, now, match)}`;
}

/** The filter and the day, without the listing version. */
function filterKey(filter: PublicAdsFilter, now: Date, match: string | null): string {
  return [
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

/**
 * A total of at least LARGE_TOTAL ads is also kept under its filter alone, across listing versions,
 * for COUNT_TTL_MS. On a big site the version changes every few seconds (each ad published, paused or
 * edited anywhere), and counting a big selection again costs what a page cannot pay: 15–220 ms for
 * 700 000 public ads, seconds for a common word (`BENCH_SIZES=1000000 npm run bench`, its plans).
 * "48.213 anúncios" up to a minute behind is invisible to a buyer; a small total ("3 anúncios") stays
 * exact, and the pages themselves are always read live.
 */
const LARGE_TOTAL = 1_000;

function countPublicAds(filter: PublicAdsFilter, now: Date, match: string | null, wordMatches: number | null): number {
  const lastingKey = `large|${filterKey(filter, now, match)}`;
  const lasting = countCache.get(lastingKey);
  if (lasting && now.getTime() - lasting.at < COUNT_TTL_MS) return lasting.value as number;
  const total = cachedCount(selectionKey(filter, now, match), now, () => {
    const row = preparedCount(shapeOf(filter, match, wordMatches)).get(placeholderValues(filter, now, match));
    return Number(row?.total ?? 0);
  });
  if (total >= LARGE_TOTAL) remember(lastingKey, total, now);
  return total;
}

type RankCount = { rank: number; total: number };

/** How many of a search's public ads (under the filter) each relevance rank holds, best rank first. */
function countRanks(filter: PublicAdsFilter, now: Date, match: string, wordMatches: number, hits: number): RankCount[] {
  return cachedCount(`ranks|${selectionKey(filter, now, match)}`, now, () =>
    (preparedRankCount(shapeOf(filter, match, wordMatches)).all(placeholderValues(filter, now, match, hits)) as RankCount[]).sort(byRank),
  );
}

const byRank = (a: RankCount, b: RankCount) => b.rank - a.rank;

/**
 * The relevance order's page: ranks best first, each in the views order (then id), so the page is
 * the next `limit` ads after skipping `offset` across the ranks in turn — one query per rank the page
 * touches (usually one), each on the plan its rank's size calls for. Pages are as stable as the
 * views order's: the ranks only change with the listing version.
 */
function rankPages(
  filter: PublicAdsFilter,
  ranks: RankCount[],
  shapeOfRank: (page: Omit<RankPage, "publicAds">) => Shape,
  valuesOf: (rank: number, offset: number, limit: number) => Record<string, unknown>,
) {
  const pages: { shape: Shape; values: Record<string, unknown> }[] = [];
  let skip = (filter.page - 1) * filter.limit;
  let wanted = filter.limit;
  for (const { rank, total } of ranks) {
    if (wanted === 0) break;
    if (skip >= total) {
      skip -= total;
      continue;
    }
    const limit = Math.min(wanted, total - skip);
    pages.push({ shape: shapeOfRank({ count: total, offset: skip, limit }), values: valuesOf(rank, skip, limit) });
    wanted -= limit;
    skip = 0;
  }
  return pages;
}

/** Forget cached totals and cards (tests that change `now` or write outside the triggers' view). */
export function clearPublicListingCaches() {
  countCache.clear();
  cardPageCache.clear();
}

/**
 * The SQL (and parameters) listPublicAds runs for a filter, for EXPLAIN QUERY PLAN in `npm run bench`:
 * the count, and the page as read for `total` matches ("unknown": as for many), when the search's
 * words match `wordMatches` ads (default: as many as `total`). For the relevance order of a search,
 * also the counts per rank, and as the page the first rank's (worked out on `connection`).
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
  const bindWith =
    (values: Record<string, unknown>) =>
    ({ sql: text, params }: { sql: string; params: unknown[] }) => ({
      sql: text,
      params: params.map((param) =>
        param && typeof param === "object" && "name" in param ? values[String((param as { name: string }).name)] : param,
      ),
    });
  const countShape = shapeOf(filter, match, words);
  const count = bindWith(placeholderValues(filter, now, match))(countQuery(countShape).toSQL());
  if (filter.sort === "relevance" && match !== null) {
    const hits = rankedSearchHits(connection, match, listingVersion(connection), searchRanker(filter.search));
    const values = placeholderValues(filter, now, match, hits);
    const ranks = bindWith(values)(rankCountQuery(countShape).toSQL());
    const counts = (connection.prepare(ranks.sql).raw().all(...ranks.params) as [number, number][]).map(([rank, n]) => ({ rank, total: n })).sort(byRank);
    const unsearched = bindWith(placeholderValues(filter, now, null))(countQuery(shapeOf({ ...filter, search: undefined }, null, null)).toSQL());
    const publicAds = Number(connection.prepare(unsearched.sql).pluck().get(...unsearched.params));
    const shapeOfRank = (page: Omit<RankPage, "publicAds">) => shapeOf(filter, match, words, undefined, { ...page, publicAds });
    // Past the end (or no match), the page a rank of none would be read with.
    const first = rankPages(filter, counts, shapeOfRank, (rank, offset, limit) => ({ ...values, rank, offset, limit }))[0] ?? {
      shape: shapeOfRank({ count: 0, offset: 0, limit: filter.limit }),
      values: { ...values, rank: 0 },
    };
    return { match, count, ranks, page: bindWith(first.values)(pageQuery(first.shape).toSQL()) };
  }
  const pageShape = shapeOf(filter, match, words, total === "unknown" ? many : total);
  const hits = pageShape.search && pageShape.plan === "walk" ? searchHits(connection, match!, listingVersion(connection)) : undefined;
  return { match, count, page: bindWith(placeholderValues(filter, now, match, hits))(pageQuery(pageShape).toSQL()) };
}

/**
 * The total of a filter and the queries of its page: one, or for the relevance order one per rank
 * the page touches (none when the page is past the end).
 */
function plan(filter: PublicAdsFilter, now: Date, match: string | null = searchMatch(filter.search)) {
  if (match !== null) ensureSearchIndex();
  const wordMatches = match === null ? null : countWordMatches(match, now);
  const total = wordMatches === 0 ? 0 : countPublicAds(filter, now, match, wordMatches);
  if ((filter.page - 1) * filter.limit >= total) return { total, pages: [] };
  if (filter.sort === "relevance" && match !== null) {
    const hits = rankedSearchHits(sqlite, match, listingVersion(), searchRanker(filter.search));
    const values = placeholderValues(filter, now, match, hits);
    const ranks = countRanks(filter, now, match, wordMatches!, hits);
    // The public ads under the same filters without the words: how far a walk of the views index goes (cached like any total).
    const publicAds = countPublicAds({ ...filter, search: undefined }, now, null, null);
    const pages = rankPages(
      filter,
      ranks,
      (page) => shapeOf(filter, match, wordMatches, undefined, { ...page, publicAds }),
      (rank, offset, limit) => ({ ...values, rank, offset, limit }),
    );
    return { total, pages };
  }
  const shape = shapeOf(filter, match, wordMatches, total);
  const hits = shape.search && shape.plan === "walk" ? searchHits(sqlite, match!, listingVersion()) : undefined;
  return { total, pages: [{ shape, values: placeholderValues(filter, now, match, hits) }] };
}

/**
 * One page of public ads in the filter's order (most viewed first by default), with the total for the
 * same filter; when browsing, the boosted slots on top (boosted-slots.server.ts).
 */
export function listPublicAds(filter: PublicAdsFilter, now: Date = new Date()): PublicAdsResult {
  const match = searchMatch(filter.search);
  const { total, pages } = plan(filter, now, match);
  const rows = pages.flatMap((page) => preparedPage(page.shape).all(page.values) as CardRow[]);
  const images = imagesByAd(rows.map((row) => row.id));
  const ads = rows.map((row) => toPublicAd(row, images.get(row.id) ?? []));
  return { ads: withBoostedAds(ads, filter, takesBoostedSlots(filter, match), now), total };
}

/**
 * The list pages' cards, kept a few seconds per filter, order and page: every visitor of the home page
 * asks for the same one. Under the listing version, so an ad published, paused, edited or expired
 * appears or leaves at once; only the views (and the order by views) may lag by CARD_PAGE_TTL_MS.
 */
const CARD_PAGE_TTL_MS = 5_000;
/**
 * Pages kept per web worker (ADR 016): ~30 KB each with their cards' HTML, so ~6 MB. Within a 5 s life
 * a small city's visitors ask for far fewer distinct pages; when full, all are dropped at once.
 */
const CARD_PAGE_CACHE_MAX = 200;
const cardPageCache = new Map<string, { cards: { ads: CardAd[]; total: number }; at: number }>();

/**
 * The same page as `listPublicAds`, as cards (`CardAd`): what the list pages render and put in their
 * HTML, read with only the columns a card shows.
 */
export function listPublicCards(filter: PublicAdsFilter, now: Date = new Date()): { ads: CardAd[]; total: number } {
  const match = searchMatch(filter.search);
  const slots = takesBoostedSlots(filter, match);
  // With boosted slots the page changes with the rotation's slot: kept under it, it expires with it.
  const key = `${selectionKey(filter, now, match)}|${filter.sort ?? ""}|${filter.page}|${filter.limit}${slots ? `|${boostSlot(now)}` : ""}`;
  return keptCards(key, now, () => {
    const read = readPublicCards(filter, now, match);
    return { total: read.total, ads: withBoostedCards(read.ads, filter, slots, now) };
  });
}

function keptCards(key: string, now: Date, read: () => { ads: CardAd[]; total: number }) {
  const cached = cardPageCache.get(key);
  if (cached && Math.abs(now.getTime() - cached.at) < CARD_PAGE_TTL_MS) return cached.cards;
  const cards = read();
  if (cardPageCache.size >= CARD_PAGE_CACHE_MAX) cardPageCache.clear();
  cardPageCache.set(key, { cards, at: now.getTime() });
  return cards;
}

function readPublicCards(filter: PublicAdsFilter, now: Date, match: string | null): { ads: CardAd[]; total: number } {
  const { total, pages } = plan(filter, now, match);
  return { total, ads: toCards(pages.flatMap((page) => preparedCardPage(page.shape).all(page.values))) };
}

/** How many ads 'Recém-chegados' shows on the home page. */
export const RECENT_ARRIVALS = 8;

/**
 * 'Recém-chegados': a city's public ads, last published first (`publishedAt`, set when a payment or an
 * admin puts an ad live). Kept like a page of cards, under the listing version: an ad published
 * appears at once.
 */
export function listRecentCards(cityId: number, now: Date = new Date()): CardAd[] {
  return keptCards(`recent|${listingState(now)}|${cityId}`, now, () => {
    const rows = db
      .select(cardPageColumns)
      .from(ads)
      .innerJoin(categories, eq(categories.id, ads.categoryId))
      .where(and(publiclyVisible(now), eq(ads.idCity, cityId), isNotNull(ads.publishedAt)))
      .orderBy(desc(ads.publishedAt), desc(ads.id))
      .limit(RECENT_ARRIVALS)
      .all();
    return { ads: toCards(rows), total: rows.length };
  }).ads;
}
