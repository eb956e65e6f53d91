/**
 * The public listing: home, /categories and GET /api/ads/public all call `listPublicAds`.
 *
 * Rules kept here and nowhere else: public = stored status "active" AND not past `expirationDate`
 * (spec 02 §4: expiry wins over the stored status), always sorted by views desc, then id desc so
 * pages never overlap. How search and counts stay fast: docs/decisions/004-ad-search-and-counts.md.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { db, sqlite } from "~/db/client.server";
import { ads, categories, subcategories, users } from "~/db/schema";
import type { PublicAdsFilter, PublicAdsResult } from "~/models/ad/ad";
import { cardColumns, imagesByAd, toPublicAd, type CardRow } from "~/models/ad/card.server";
import { dateKey } from "~/lib/dates";

const MAX_SEARCH_TERMS = 8;


/**
 * A safe FTS5 query from what a person typed: the words (letters and digits, any script), each as a
 * quoted prefix term, all required. Quotes and operators the person typed never reach FTS5 syntax.
 * null when there is no word at all (the search then does not filter).
 */
export function ftsQuery(search: string | undefined): string | null {
  if (!search) return null;
  const words = search.normalize("NFC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.slice(0, MAX_SEARCH_TERMS).map((word) => `"${word}"*`);
  return terms.length ? terms.join(" ") : null;
}

// ---------------------------------------------------------------------------------------------
// Listing
// ---------------------------------------------------------------------------------------------

/**
 * Which filters a request uses: the listing's SQL depends only on this, so each shape is built and
 * prepared once per process and then only executed (building the SQL with Drizzle costs more than
 * running it on an index).
 */
type Shape = {
  city: boolean;
  category: boolean;
  subcategory: boolean;
  type: boolean;
  /**
   * How a keyword search joins the listing:
   * - "list": materialise the matching rowids once and walk the index, checking each ad against
   *   them (counts; and pages with many matches, where one page turns up within a few dozen ads);
   * - "matchesFirst": few matches — read just those ads by rowid and sort them, instead of walking
   *   the views index until enough matches turn up (for a rare word, the whole index).
   * (Asking FTS5 about each ad by rowid instead was measured 30× slower for common prefixes.)
   */
  search: "none" | "list" | "matchesFirst";
};

/**
 * Up to this many matches, reading and sorting them beats walking the views index (measured at
 * 100 000 ads: 4 matches 0.09 ms vs 6.8 ms; 1 400 matches 1.5 ms vs 0.4 ms).
 */
const FTS_FIRST_MAX_MATCHES = 500;

/** The count's shape when `total` is not given; the page's, chosen by the total, when it is. */
function shapeOf(filter: PublicAdsFilter, match: string | null, total?: number | "unknown"): Shape {
  let search: Shape["search"] = "none";
  if (match !== null) {
    search = typeof total === "number" && total <= FTS_FIRST_MAX_MATCHES ? "matchesFirst" : "list";
  }
  return {
    city: filter.cityId !== undefined,
    category: filter.categoryId !== undefined,
    subcategory: filter.subcategoryId !== undefined,
    type: filter.adType !== undefined,
    search,
  };
}

const p = sql.placeholder;

function publicWhere(shape: Shape): SQL {
  // A unary + makes a column unusable for an index, steering the planner to the FTS rowids.
  const col = (column: AnySQLiteColumn) => (shape.search === "matchesFirst" ? sql`+${column}` : sql`${column}`);
  return and(
    sql`${col(ads.status)} = 'active'`,
    sql`${ads.expirationDate} > ${p("now")}`,
    shape.city ? sql`${col(ads.idCity)} = ${p("cityId")}` : undefined,
    shape.category ? sql`${col(ads.categoryId)} = ${p("categoryId")}` : undefined,
    shape.subcategory ? sql`${col(ads.subcategoryId)} = ${p("subcategoryId")}` : undefined,
    shape.type ? sql`${col(ads.adType)} = ${p("adType")}` : undefined,
    // FTS5 answers the matching rowids (the planner materialises them once per query).
    shape.search !== "none" ? sql`${ads.id} IN (SELECT rowid FROM ads_fts WHERE ads_fts MATCH ${p("match")})` : undefined,
  )!;
}

function countQuery(shape: Shape) {
  return db.select({ total: sql<number>`count(*)` }).from(ads).where(publicWhere(shape));
}

function pageQuery(shape: Shape) {
  return db
    .select(cardColumns)
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, ads.subcategoryId))
    .innerJoin(users, eq(users.id, ads.userId))
    .where(publicWhere(shape))
    .orderBy(sql`${ads.views} DESC`, sql`${ads.id} DESC`)
    .limit(p("limit"))
    .offset(p("offset"));
}

type Prepared = { count: ReturnType<ReturnType<typeof countQuery>["prepare"]>; page: ReturnType<ReturnType<typeof pageQuery>["prepare"]> };
const preparedByShape = new Map<string, Prepared>();

function preparedFor(shape: Shape): Prepared {
  const key = JSON.stringify(shape);
  let prepared = preparedByShape.get(key);
  if (!prepared) {
    prepared = { count: countQuery(shape).prepare(), page: pageQuery(shape).prepare() };
    preparedByShape.set(key, prepared);
  }
  return prepared;
}

function placeholderValues(filter: PublicAdsFilter, now: Date, match: string | null) {
  return {
    now: now.getTime(),
    cityId: filter.cityId,
    categoryId: filter.categoryId,
    subcategoryId: filter.subcategoryId,
    adType: filter.adType,
    match,
    limit: filter.limit,
    offset: (filter.page - 1) * filter.limit,
  };
}

/**
 * Totals are cached per filter. The cache is exact, not merely "fresh enough": its key holds the
 * listing version (bumped by triggers whenever an ad enters, leaves or moves between filters) and the
 * São Paulo day (expiration instants are São Paulo midnights, so totals can only change by expiry
 * when the day changes). The one-minute lifetime is only a backstop for hand-made expiration times.
 */
const COUNT_TTL_MS = 60_000;
const COUNT_CACHE_MAX = 2_000;
const countCache = new Map<string, { total: number; at: number }>();
let versionStatement: { get(): unknown } | undefined;

function listingVersion(): number {
  versionStatement ??= sqlite.prepare<[], number>("SELECT version FROM ads_listing_version WHERE id = 1").pluck();
  return Number(versionStatement.get() ?? 0);
}

function countPublicAds(filter: PublicAdsFilter, now: Date, match: string | null, prepared: Prepared): number {
  const key = [
    listingVersion(),
    dateKey(now),
    filter.cityId ?? "",
    filter.categoryId ?? "",
    filter.subcategoryId ?? "",
    filter.adType ?? "",
    match ?? "",
  ].join("|");
  const cached = countCache.get(key);
  if (cached && now.getTime() - cached.at < COUNT_TTL_MS) return cached.total;

  const row = prepared.count.get(placeholderValues(filter, now, match));
  const total = Number(row?.total ?? 0);
  if (countCache.size >= COUNT_CACHE_MAX) countCache.clear();
  countCache.set(key, { total, at: now.getTime() });
  return total;
}

/** Forget cached totals (tests that change `now` or write outside the triggers' view). */
export function clearPublicAdCountCache() {
  countCache.clear();
}

/** The SQL (and parameters) listPublicAds runs for a filter, for EXPLAIN QUERY PLAN in `npm run bench`. */
export function publicAdsStatements(filter: PublicAdsFilter, now: Date = new Date(), total: number | "unknown" = "unknown") {
  const match = ftsQuery(filter.search);
  const values: Record<string, unknown> = placeholderValues(filter, now, match);
  const bind = ({ sql: text, params }: { sql: string; params: unknown[] }) => ({
    sql: text,
    params: params.map((param) =>
      param && typeof param === "object" && "name" in param ? values[String((param as { name: string }).name)] : param,
    ),
  });
  return { count: bind(countQuery(shapeOf(filter, match)).toSQL()), page: bind(pageQuery(shapeOf(filter, match, total)).toSQL()) };
}

/** One page of public ads, most viewed first, with the total for the same filter. */
export function listPublicAds(filter: PublicAdsFilter, now: Date = new Date()): PublicAdsResult {
  const match = ftsQuery(filter.search);
  const total = countPublicAds(filter, now, match, preparedFor(shapeOf(filter, match)));
  if ((filter.page - 1) * filter.limit >= total) return { ads: [], total };

  const rows = preparedFor(shapeOf(filter, match, total)).page.all(placeholderValues(filter, now, match)) as CardRow[];
  const images = imagesByAd(rows.map((row) => row.id));
  return { ads: rows.map((row) => toPublicAd(row, images.get(row.id) ?? [])), total };
}

