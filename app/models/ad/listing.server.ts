/**
 * The public listing: home, /categories and GET /api/ads/public all call `listPublicAds`.
 *
 * Rules kept here and nowhere else: public = stored status "active" AND not past `expirationDate`
 * (spec 02 §4: expiry wins over the stored status; an ad held by visitors' reports is "pending", see
 * reports.server.ts). Sorted by views desc (the spec's default), newest, or price, always with id as
 * the tie-break so pages never overlap. How search and counts stay fast: docs/decisions/004 and 012.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type Database from "better-sqlite3";
import { db, sqlite } from "~/db/client.server";
import { ads, categories, subcategories, users } from "~/db/schema";
import type { CardAd, PublicAdsFilter, PublicAdsResult, PublicSort } from "~/models/ad/ad";
import { CARD_DESCRIPTION_CHARS, cardColumns, coversByAd, imagesByAd, toPublicAd, type CardRow } from "~/models/ad/card.server";
import { centsToDecimalString } from "~/lib/money";
import { searchHits } from "~/models/ad/search-hits.server";
import { ensureSearchIndex, searchMatch } from "~/models/ad/search-index.server";
import { addDaysToKey, dateKey, startOfDayInstant } from "~/lib/dates";

const MAX_SEARCH_TERMS = 8;


/**
 * The seller's dashboard searches its own ads through `ads_fts` (title and description, migration
 * 0001) with this query; the public listing uses the Portuguese index instead (`searchMatch`).
 *
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
 * Which filters a request uses and how its page is read: the listing's SQL depends only on this, so
 * each shape is built and prepared once per process and then only executed (building the SQL with
 * Drizzle costs more than running it on an index).
 */
type Shape = {
  city: boolean;
  category: boolean;
  subcategory: boolean;
  type: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  search: boolean;
  sort: PublicSort;
  /**
   * How the rows are read (every listing index covers every filter, so any index choice is an
   * index-only scan; these steer the planner to the cheap one):
   * - "count": the total, walking a filter's index (a keyword search: against the list of matching
   *   rowids, materialised once);
   * - "countMatchesFirst": the total of a search that few ads match — look those up by rowid;
   * - "walk": a page when many ads match — walk the index of the order (for views, the filter's own
   *   index, which is in views order) and check the other filters inside it until a page is full;
   * - "matchesFirst": a page when few ads match — read just those (through the FTS rowids, or the
   *   most selective filter index) and sort them, instead of walking an order index until enough turn
   *   up (for a rare word or filter, the whole index). (Asking FTS5 about each ad by rowid instead was
   *   measured 30× slower for common prefixes.)
   */
  plan: "count" | "countMatchesFirst" | "walk" | "matchesFirst";
};

/**
 * Up to this many matches, reading and sorting them beats walking an order index (measured at
 * 100 000 ads: 4 matches 0.09 ms vs 6.8 ms; 1 400 matches 1.5 ms vs 0.4 ms).
 */
const FEW_MATCHES = 500;
/**
 * A search's matches are read by rowid (cost ∝ the words' matches, whatever the filters) when the
 * words match at most FEW_MATCHES ads, or when the filters leave few and the words match at most
 * this many; otherwise walking the order's index against the match list is cheaper (cost ∝ how far
 * the walk goes, at most the index). Counting by rowid pays up to COUNT_BY_ROWID_MAX lookups.
 */
const FEW_WORD_MATCHES = 5_000;
const COUNT_BY_ROWID_MAX = 2_000;

/** "Lowest price" sorts on this, so ads without a price come last; ads_public_price_asc_idx is on the same expression. */
const PRICE_ASC_KEY = sql`ifnull(${ads.priceCents}, 9223372036854775807)`;

/**
 * The shape of the count (no `total`) or of the page for `total` matches. `wordMatches`: how many ads
 * the search's words match before any filter (null without a search).
 */
function shapeOf(filter: PublicAdsFilter, match: string | null, wordMatches: number | null, total?: number): Shape {
  let plan: Shape["plan"];
  if (total === undefined) plan = wordMatches !== null && wordMatches <= COUNT_BY_ROWID_MAX ? "countMatchesFirst" : "count";
  else if (wordMatches !== null) {
    plan = wordMatches <= FEW_MATCHES || (total <= FEW_MATCHES && wordMatches <= FEW_WORD_MATCHES) ? "matchesFirst" : "walk";
  } else plan = total <= FEW_MATCHES ? "matchesFirst" : "walk";
  return {
    city: filter.cityId !== undefined,
    category: filter.categoryId !== undefined,
    subcategory: filter.subcategoryId !== undefined,
    type: filter.adType !== undefined,
    minPrice: filter.minPriceCents !== undefined,
    maxPrice: filter.maxPriceCents !== undefined,
    search: match !== null,
    sort: filter.sort ?? "views",
    plan,
  };
}

const p = sql.placeholder;

/**
 * The public filter. A unary + makes a column unusable for an index: that is how the page queries
 * steer the planner (to the FTS rowids or a filter index for few matches, to the order's index for many).
 */
function publicWhere(shape: Shape): SQL {
  const ftsFirst = shape.search && (shape.plan === "matchesFirst" || shape.plan === "countMatchesFirst");
  // Walking an order index other than views': the filters must not pull the planner onto their own index.
  const walkOrder = shape.plan === "walk" && shape.sort !== "views";
  const plain = (column: AnySQLiteColumn) => sql`${column}`;
  const off = (column: AnySQLiteColumn) => sql`+${column}`;
  const statusCol = ftsFirst ? off : plain;
  const filterCol = ftsFirst || walkOrder ? off : plain;
  // Price sorts walk the price index from the range's start; under views or newest the range is only
  // checked inside the walked index (so the planner does not read the whole range and sort it). When
  // counting or reading few matches, a price range bounded on one side only is checked inside the
  // index of another filter if there is one (an open range is usually most of the ads); a closed
  // range, or a range alone, reads the price index.
  const priceSorted = shape.sort === "price_asc" || shape.sort === "price_desc";
  const otherFilter = shape.city || shape.category || shape.subcategory || shape.type;
  const openRange = shape.minPrice !== shape.maxPrice;
  let priceTerm: SQL;
  if (ftsFirst) priceTerm = sql`+${ads.priceCents}`;
  else if (shape.plan === "walk") {
    priceTerm = priceSorted ? (shape.sort === "price_asc" ? PRICE_ASC_KEY : sql`${ads.priceCents}`) : sql`+${ads.priceCents}`;
  } else priceTerm = otherFilter && openRange ? sql`+${ads.priceCents}` : sql`${ads.priceCents}`;
  return and(
    sql`${statusCol(ads.status)} = 'active'`,
    sql`${ads.expirationDate} > ${p("now")}`,
    shape.city ? sql`${filterCol(ads.idCity)} = ${p("cityId")}` : undefined,
    shape.category ? sql`${filterCol(ads.categoryId)} = ${p("categoryId")}` : undefined,
    shape.subcategory ? sql`${filterCol(ads.subcategoryId)} = ${p("subcategoryId")}` : undefined,
    shape.type ? sql`${filterCol(ads.adType)} = ${p("adType")}` : undefined,
    shape.minPrice ? sql`${priceTerm} >= ${p("minPrice")}` : undefined,
    shape.maxPrice ? sql`${priceTerm} <= ${p("maxPrice")}` : undefined,
    // On the "lowest price" key an ad without a price is the largest number: a lower bound alone keeps it out explicitly.
    shape.minPrice && !shape.maxPrice && priceTerm === PRICE_ASC_KEY ? sql`${PRICE_ASC_KEY} < 9223372036854775807` : undefined,
    // FTS5 answers the matching rowids: as a list built by the query (counts, few matches), or, when a
    // page walks an index, probed one ad at a time in this connection's copy of them (search-hits.server.ts).
    shape.search && shape.plan === "walk"
      ? sql`EXISTS (SELECT 1 FROM temp.search_hits h WHERE h.q = ${p("hits")} AND h.ad = ${ads.id})`
      : undefined,
    shape.search && shape.plan !== "walk" ? sql`${ads.id} IN (SELECT rowid FROM ads_search WHERE ads_search MATCH ${p("match")})` : undefined,
  )!;
}

/** ORDER BY of a sort; with few matches its terms are made unusable for an index (`+`), so the matches are read first and sorted. */
function orderBy(shape: Shape): SQL[] {
  const sortFirst = shape.plan === "matchesFirst";
  const key = (term: SQL) => (sortFirst ? sql`+${term}` : term);
  switch (shape.sort) {
    case "newest":
      return [sql`${key(sql`${ads.createdAt}`)} DESC`, sql`${ads.id} DESC`];
    case "price_asc":
      return [sql`${key(PRICE_ASC_KEY)} ASC`, sql`${ads.id} ASC`];
    case "price_desc":
      return [sql`${key(sql`${ads.priceCents}`)} DESC`, sql`${ads.id} DESC`];
    default:
      return [sql`${key(sql`${ads.views}`)} DESC`, sql`${ads.id} DESC`];
  }
}

function countQuery(shape: Shape) {
  return db.select({ total: sql<number>`count(*)` }).from(ads).where(publicWhere(shape));
}

/** The columns a list page's cards show (`CardAd`): no characteristics, the description's beginning only. */
const cardPageColumns = {
  id: ads.id,
  title: ads.title,
  description: sql<string>`substr(${ads.description}, 1, ${CARD_DESCRIPTION_CHARS + 1})`,
  priceCents: ads.priceCents,
  adType: ads.adType,
  whatsapp: ads.whatsapp,
  city: ads.city,
  state: ads.state,
  createdAt: ads.createdAt,
  views: ads.views,
  categoryName: categories.name,
};

function cardPageQuery(shape: Shape) {
  return db
    .select(cardPageColumns)
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .where(publicWhere(shape))
    .orderBy(...orderBy(shape))
    .limit(p("limit"))
    .offset(p("offset"));
}

function pageQuery(shape: Shape) {
  return db
    .select(cardColumns)
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, ads.subcategoryId))
    .innerJoin(users, eq(users.id, ads.userId))
    .where(publicWhere(shape))
    .orderBy(...orderBy(shape))
    .limit(p("limit"))
    .offset(p("offset"));
}

/**
 * One prepared statement per query shape, built on first use: `build` makes the query of a shape, and
 * the shapes are few (which filters are present, the order, the plan), so the map stays small.
 */
function preparedPer<S extends { prepare(): unknown }>(build: (shape: Shape) => S) {
  const statements = new Map<string, ReturnType<S["prepare"]>>();
  return (shape: Shape): ReturnType<S["prepare"]> => {
    const key = JSON.stringify(shape);
    let prepared = statements.get(key);
    if (!prepared) statements.set(key, (prepared = build(shape).prepare() as ReturnType<S["prepare"]>));
    return prepared;
  };
}

const preparedCount = preparedPer(countQuery);
const preparedPage = preparedPer(pageQuery);
const preparedCardPage = preparedPer(cardPageQuery);

function placeholderValues(filter: PublicAdsFilter, now: Date, match: string | null, hits?: number) {
  return {
    hits,
    now: now.getTime(),
    cityId: filter.cityId,
    categoryId: filter.categoryId,
    subcategoryId: filter.subcategoryId,
    adType: filter.adType,
    minPrice: filter.minPriceCents,
    maxPrice: filter.maxPriceCents,
    match,
    limit: filter.limit,
    offset: (filter.page - 1) * filter.limit,
  };
}

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

function countPublicAds(filter: PublicAdsFilter, now: Date, match: string | null, wordMatches: number | null): number {
  const key = [
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
  const cached = countCache.get(key);
  if (cached && now.getTime() - cached.at < COUNT_TTL_MS) return cached.total;

  const row = preparedCount(shapeOf(filter, match, wordMatches)).get(placeholderValues(filter, now, match));
  const total = Number(row?.total ?? 0);
  if (countCache.size >= COUNT_CACHE_MAX) countCache.clear();
  countCache.set(key, { total, at: now.getTime() });
  return total;
}

/** Forget cached totals (tests that change `now` or write outside the triggers' view). */
export function clearPublicAdCountCache() {
  countCache.clear();
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
function plan(filter: PublicAdsFilter, now: Date) {
  const match = searchMatch(filter.search);
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
 * The same page as `listPublicAds`, as cards (`CardAd`): what the list pages render and put in their
 * HTML, read with only the columns a card shows.
 */
export function listPublicCards(filter: PublicAdsFilter, now: Date = new Date()): { ads: CardAd[]; total: number } {
  const { total, page } = plan(filter, now);
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
