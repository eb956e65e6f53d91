/**
 * The public listing's SQL (listing.server.ts runs it): a request's shape — which filters, which order,
 * which plan — and the count and page queries of each shape, prepared once per process. How the plans
 * keep every list on an index: docs/decisions/004 and 014.
 */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { db } from "~/db/client.server";
import { ads, categories, subcategories, users } from "~/db/schema";
import type { PublicAdsFilter, PublicSort } from "~/models/ad/ad";
import { CARD_DESCRIPTION_CHARS, cardColumns } from "~/models/ad/card.server";
import { publiclyVisibleTerms } from "~/models/ad/visibility.server";
import { priceDropColumns } from "~/models/ad/price-drop.server";

/**
 * Which filters a request uses and how its page is read: the listing's SQL depends only on this, so
 * each shape is built and prepared once per process and then only executed (building the SQL with
 * Drizzle costs more than running it on an index).
 */
export type Shape = {
  city: boolean;
  category: boolean;
  subcategory: boolean;
  type: boolean;
  minPrice: boolean;
  maxPrice: boolean;
  search: boolean;
  /**
   * The order of the SQL. "relevance" never reaches it: its page is read one rank at a time, each
   * rank by views (`rank`), and without a search it is the views order.
   */
  sort: Exclude<PublicSort, "relevance">;
  /** Only the matches of one relevance rank (temp.search_hits' `rank`, search-hits.server.ts). */
  rank: boolean;
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

/** Where a page of one relevance rank sits: the rank's size, the page's rows within it, and the public ads under the filter. */
export type RankPage = { count: number; offset: number; limit: number; publicAds: number };

/**
 * The shape of the count (no `total`) or of the page for `total` matches. `wordMatches`: how many ads
 * the search's words match before any filter (null without a search). `rank`: the page of one
 * relevance rank, read by views. Reading the rank's ads through the copy's (q, rank) index and sorting
 * them costs about `count`; walking the views index and probing the copy finds one of them every
 * publicAds / count ads, so (offset + limit) × publicAds / count probes: the cheaper is taken.
 */
export function shapeOf(filter: PublicAdsFilter, match: string | null, wordMatches: number | null, total?: number, rank?: RankPage): Shape {
  let plan: Shape["plan"];
  if (rank) {
    plan = rank.count <= FEW_MATCHES || rank.count * rank.count <= (rank.offset + rank.limit) * rank.publicAds ? "matchesFirst" : "walk";
  } else if (total === undefined) plan = wordMatches !== null && wordMatches <= COUNT_BY_ROWID_MAX ? "countMatchesFirst" : "count";
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
    sort: !filter.sort || filter.sort === "relevance" ? "views" : filter.sort,
    rank: rank !== undefined && match !== null,
    plan,
  };
}

const p = sql.placeholder;

/**
 * The public filter: the ads the public may see (ad/visibility.server.ts) under the request's filters.
 * A unary + makes a column unusable for an index: that is how the page queries steer the planner (to
 * the FTS rowids or a filter index for few matches, to the order's index for many).
 */
export function publicWhere(shape: Shape): SQL {
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
    ...publiclyVisibleTerms(statusCol(ads.status), p("now")),
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
    // A relevance rank's page reads the copy either way: probed in a walk, listed by its (q, rank) index otherwise.
    shape.search && shape.plan === "walk"
      ? sql`EXISTS (SELECT 1 FROM temp.search_hits h WHERE h.q = ${p("hits")} AND h.ad = ${ads.id}${shape.rank ? sql` AND h.rank = ${p("rank")}` : sql``})`
      : undefined,
    shape.search && shape.plan !== "walk"
      ? shape.rank
        ? sql`${ads.id} IN (SELECT h.ad FROM temp.search_hits h WHERE h.q = ${p("hits")} AND h.rank = ${p("rank")})`
        : sql`${ads.id} IN (SELECT rowid FROM ads_search WHERE ads_search MATCH ${p("match")})`
      : undefined,
  )!;
}

/** ORDER BY of a sort; with few matches its terms are made unusable for an index (`+`), so the matches are read first and sorted. */
export function orderBy(shape: Shape): SQL[] {
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

export function countQuery(shape: Shape) {
  return db.select({ total: sql<number>`count(*)` }).from(ads).where(publicWhere(shape));
}

/**
 * How many of a count shape's ads each relevance rank holds (the matches' copy ranked, as `hits`):
 * each ad's rank looked up once in a subquery, then grouped (grouping on the lookup itself ran it twice).
 */
export function rankCountQuery(shape: Shape) {
  const ranked = db
    .select({ rank: sql<number>`(SELECT h.rank FROM temp.search_hits h WHERE h.q = ${p("hits")} AND h.ad = ${ads.id})`.as("relevance_rank") })
    .from(ads)
    .where(publicWhere(shape))
    .as("ranked");
  return db.select({ rank: ranked.rank, total: sql<number>`count(*)` }).from(ranked).groupBy(sql`relevance_rank`);
}

/** The columns a list page's cards show (`CardAd`, components/ads/AdCard.tsx): no characteristics, the description's beginning only. */
export const cardPageColumns = {
  id: ads.id,
  title: ads.title,
  description: sql<string>`substr(${ads.description}, 1, ${CARD_DESCRIPTION_CHARS + 1})`,
  priceCents: ads.priceCents,
  ...priceDropColumns,
  adType: ads.adType,
  whatsapp: ads.whatsapp,
  city: ads.city,
  state: ads.state,
  createdAt: ads.createdAt,
  views: ads.views,
  categoryName: categories.name,
};

export function cardPageQuery(shape: Shape) {
  return db
    .select(cardPageColumns)
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .where(publicWhere(shape))
    .orderBy(...orderBy(shape))
    .limit(p("limit"))
    .offset(p("offset"));
}

export function pageQuery(shape: Shape) {
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

export const preparedCount = preparedPer(countQuery);
export const preparedRankCount = preparedPer(rankCountQuery);
export const preparedPage = preparedPer(pageQuery);
export const preparedCardPage = preparedPer(cardPageQuery);

export function placeholderValues(filter: PublicAdsFilter, now: Date, match: string | null, hits?: number, rank?: number) {
  return {
    hits,
    rank,
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
