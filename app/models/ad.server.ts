/**
 * Ads as the public sees them: the filtered, paginated listing (home, /categories and
 * GET /api/ads/public all call `listPublicAds`), one ad (`getAdForViewer`, shared by /anuncio/{id}
 * and GET /api/ads/{id}) and the view counter.
 *
 * Rules kept here and nowhere else:
 * - public = stored status "active" AND not past `expirationDate` (spec 02 §4: expiry wins over the
 *   stored status), always sorted by views desc, then id desc so pages never overlap;
 * - a non-public ad is visible only to its owner and to admins;
 * - views go up by one atomic `UPDATE … SET views = views + 1`, only for public ads.
 */
import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db, sqlite } from "~/db/client.server";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { AD_TYPES, ads, categories, characteristics, subcategories, users, type AdStatus, type AdType } from "~/db/schema";
import { effectiveStatus } from "~/lib/ad-status";
import { dateKey } from "~/lib/dates";
import { centsToDecimalString } from "~/lib/money";
import { imageUrl } from "~/services/images.server";

export const PUBLIC_PAGE_SIZE = 12;
export const PUBLIC_MAX_LIMIT = 50;
const MAX_PAGE = 100_000;
const MAX_SEARCH_CHARS = 100;
const MAX_SEARCH_TERMS = 8;

// ---------------------------------------------------------------------------------------------
// Shapes (spec 01 §3 "Ad (public view)")
// ---------------------------------------------------------------------------------------------

export type PublicAdImage = { id: number; publicId: string; url: string };

export type PublicAd = {
  id: number;
  title: string;
  description: string;
  /** Two decimals ("1800.00"), or "" for "A combinar". */
  price: string;
  adType: AdType;
  category: { id: number; name: string; icon: string };
  subcategory: { id: number; name: string } | null;
  characteristics: Record<string, string>;
  images: PublicAdImage[];
  primaryImageUrl: string | null;
  whatsapp: string | null;
  user: { fullName: string | null };
  city: string;
  idCity: number;
  state: string;
  /** ISO 8601 instants. */
  createdAt: string;
  expirationDate: string;
  views: number;
};

export type AdDetail = PublicAd & {
  /** Effective status (expired once the expiration date has passed). */
  status: AdStatus;
  condition: string;
  userId: number;
  /** The characteristics with the labels of the category's definitions, in definition order. */
  characteristicItems: { key: string; label: string; value: string }[];
  updatedAt: string;
};

export type PublicAdsFilter = {
  cityId?: number;
  categoryId?: number;
  subcategoryId?: number;
  adType?: AdType;
  search?: string;
  page: number;
  limit: number;
};

export type PublicAdsResult = { ads: PublicAd[]; total: number };

// ---------------------------------------------------------------------------------------------
// Query-string parsing (shared by the API and, leniently, by the pages)
// ---------------------------------------------------------------------------------------------

/** "" and whitespace count as "not sent": GET forms submit empty fields. */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalId = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ message: "deve ser um número" })
    .int({ message: "deve ser um número inteiro" })
    .positive({ message: "deve ser maior que zero" })
    .max(Number.MAX_SAFE_INTEGER, { message: "é grande demais" })
    .optional(),
);

/** GET /api/ads/public query (spec 01 §7). Unknown keys (_t, _nocache…) are ignored. */
export const publicAdsQuerySchema = z.object({
  cityId: optionalId,
  categoryId: optionalId,
  subcategoryId: optionalId,
  adType: z.preprocess(
    blankToUndefined,
    z.enum(AD_TYPES, { message: "deve ser Vender, Comprar ou Trocar" }).optional(),
  ),
  search: z.preprocess(
    blankToUndefined,
    z.string().trim().max(MAX_SEARCH_CHARS, { message: `deve ter no máximo ${MAX_SEARCH_CHARS} caracteres` }).optional(),
  ),
  // The public list is only ever the active ads, by views, descending; other values are refused
  // rather than silently ignored, so a client asking for something else learns it is not offered.
  status: z.preprocess(blankToUndefined, z.literal("active", { message: "só é aceito active" }).optional()),
  sortBy: z.preprocess(blankToUndefined, z.literal("views", { message: "só é aceito views" }).optional()),
  sortOrder: z.preprocess(blankToUndefined, z.literal("desc", { message: "só é aceito desc" }).optional()),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: "deve ser um número" })
      .int({ message: "deve ser um número inteiro" })
      .min(1, { message: "deve ser maior que zero" })
      .max(MAX_PAGE, { message: `deve ser no máximo ${MAX_PAGE}` })
      .default(1),
  ),
  // Capped, not refused: asking for 500 gets the largest page there is.
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ message: "deve ser um número" })
      .int({ message: "deve ser um número inteiro" })
      .min(1, { message: "deve ser maior que zero" })
      .transform((n) => Math.min(n, PUBLIC_MAX_LIMIT))
      .default(PUBLIC_PAGE_SIZE),
  ),
});

export function toPublicAdsFilter(query: z.output<typeof publicAdsQuerySchema>): PublicAdsFilter {
  const { cityId, categoryId, subcategoryId, adType, search, page, limit } = query;
  return { cityId, categoryId, subcategoryId, adType, search, page, limit };
}

/**
 * The page routes' reading of their URL (`category`, `subcategoryId`, `cityId`, `adType`, `search`,
 * `page`): a value that does not parse is dropped instead of failing the page, since these URLs are
 * typed and edited by people. `category` is the spec's name for the category filter on pages.
 */
export function pageFilterFromUrl(url: URL): Omit<PublicAdsFilter, "limit"> & { limit: number } {
  const params = url.searchParams;
  const one = <T,>(schema: z.ZodType<T>, key: string): T | undefined => {
    const result = schema.safeParse(params.get(key) ?? undefined);
    return result.success ? result.data : undefined;
  };
  const id = optionalId;
  return {
    cityId: one(id, "cityId"),
    categoryId: one(id, "category") ?? one(id, "categoryId"),
    subcategoryId: one(id, "subcategoryId"),
    adType: one(publicAdsQuerySchema.shape.adType, "adType"),
    search: one(publicAdsQuerySchema.shape.search, "search"),
    page: one(publicAdsQuerySchema.shape.page, "page") ?? 1,
    limit: PUBLIC_PAGE_SIZE,
  };
}

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

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

const cardColumns = {
  id: ads.id,
  title: ads.title,
  description: ads.description,
  priceCents: ads.priceCents,
  adType: ads.adType,
  characteristics: ads.characteristics,
  whatsapp: ads.whatsapp,
  city: ads.city,
  idCity: ads.idCity,
  state: ads.state,
  createdAt: ads.createdAt,
  expirationDate: ads.expirationDate,
  views: ads.views,
  categoryId: ads.categoryId,
  categoryName: categories.name,
  categoryIcon: categories.icon,
  subcategoryId: ads.subcategoryId,
  subcategoryName: subcategories.name,
  userFullName: users.fullName,
};

type CardRow = {
  id: number;
  title: string;
  description: string;
  priceCents: number | null;
  adType: AdType;
  characteristics: Record<string, string>;
  whatsapp: string | null;
  city: string;
  idCity: number;
  state: string;
  createdAt: Date;
  expirationDate: Date;
  views: number;
  categoryId: number;
  categoryName: string;
  categoryIcon: string;
  subcategoryId: number | null;
  subcategoryName: string | null;
  userFullName: string | null;
};

let imagesStatement: { all(ids: string): unknown[] } | undefined;

function imagesByAd(adIds: number[]): Map<number, PublicAdImage[]> {
  const byAd = new Map<number, PublicAdImage[]>();
  if (adIds.length === 0) return byAd;
  imagesStatement ??= sqlite.prepare<[string], unknown>(
    `SELECT id, ad_id AS adId, public_id AS publicId, is_primary AS isPrimary FROM ad_images
     WHERE ad_id IN (SELECT value FROM json_each(?)) ORDER BY ad_id, sort_order, id`,
  );
  const rows = imagesStatement.all(JSON.stringify(adIds)) as { id: number; adId: number; publicId: string; isPrimary: number }[];
  for (const row of rows) {
    const list = byAd.get(row.adId) ?? [];
    const image = { id: row.id, publicId: row.publicId, url: imageUrl(row.publicId) };
    // The primary picture goes first, whatever its order number, so images[0] is always the cover.
    if (row.isPrimary) list.unshift(image);
    else list.push(image);
    byAd.set(row.adId, list);
  }
  return byAd;
}

function toPublicAd(row: CardRow, images: PublicAdImage[]): PublicAd {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.priceCents ? centsToDecimalString(row.priceCents) : "",
    adType: row.adType,
    category: { id: row.categoryId, name: row.categoryName, icon: row.categoryIcon },
    subcategory: row.subcategoryId !== null && row.subcategoryName !== null ? { id: row.subcategoryId, name: row.subcategoryName } : null,
    characteristics: row.characteristics ?? {},
    images,
    primaryImageUrl: images[0]?.url ?? null,
    whatsapp: row.whatsapp?.trim() ? row.whatsapp : null,
    user: { fullName: row.userFullName },
    city: row.city,
    idCity: row.idCity,
    state: row.state,
    createdAt: row.createdAt.toISOString(),
    expirationDate: row.expirationDate.toISOString(),
    views: row.views,
  };
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

// ---------------------------------------------------------------------------------------------
// One ad
// ---------------------------------------------------------------------------------------------

export type Viewer = { id: number; isAdmin: boolean } | null;

function isPublic(ad: { status: AdStatus; expirationDate: Date }, now: Date) {
  return effectiveStatus(ad, now) === "active";
}

/**
 * The full ad, or null when it does not exist or the viewer may not see it: anyone sees a public
 * (active, unexpired) ad; only the owner and admins see it in any other status.
 */
export function getAdForViewer(id: number, viewer: Viewer, now: Date = new Date()): AdDetail | null {
  const row = db
    .select({
      ...cardColumns,
      status: ads.status,
      condition: ads.condition,
      userId: ads.userId,
      updatedAt: ads.updatedAt,
    })
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, ads.subcategoryId))
    .innerJoin(users, eq(users.id, ads.userId))
    .where(eq(ads.id, id))
    .get() as (CardRow & { status: AdStatus; condition: string; userId: number; updatedAt: Date }) | undefined;
  if (!row) return null;
  if (!isPublic(row, now) && !(viewer && (viewer.isAdmin || viewer.id === row.userId))) return null;

  const card = toPublicAd(row, imagesByAd([row.id]).get(row.id) ?? []);
  return {
    ...card,
    status: effectiveStatus(row, now),
    condition: row.condition,
    userId: row.userId,
    characteristicItems: characteristicItems(row.categoryId, card.characteristics),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The ad's characteristic values with their labels, defined ones first (in definition order), then any others. */
function characteristicItems(categoryId: number, values: Record<string, string>) {
  const definitions = db
    .select({ name: characteristics.name, label: characteristics.label, dataType: characteristics.dataType })
    .from(characteristics)
    .where(eq(characteristics.categoryId, categoryId))
    .orderBy(asc(characteristics.id))
    .all();
  const items: { key: string; label: string; value: string }[] = [];
  const seen = new Set<string>();
  for (const definition of definitions) {
    const value = values[definition.name];
    seen.add(definition.name);
    if (value === undefined || String(value).trim() === "") continue;
    items.push({ key: definition.name, label: definition.label, value: displayValue(String(value), definition.dataType) });
  }
  for (const [key, value] of Object.entries(values)) {
    if (seen.has(key) || String(value).trim() === "") continue;
    items.push({ key, label: key, value: String(value) });
  }
  return items;
}

function displayValue(value: string, dataType: string) {
  if (dataType === "boolean") return value === "true" ? "Sim" : value === "false" ? "Não" : value;
  if (dataType === "date") {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  }
  return value;
}

/**
 * Counts one opening of a public ad: a single atomic UPDATE (concurrent openings never lose a
 * count). Returns the new total, or null when the ad is not public (nothing is counted then).
 */
export function incrementAdViews(id: number, now: Date = new Date()): number | null {
  const row = db
    .update(ads)
    .set({ views: sql`${ads.views} + 1` })
    .where(and(eq(ads.id, id), eq(ads.status, "active"), gt(ads.expirationDate, now)))
    .returning({ views: ads.views })
    .get();
  return row?.views ?? null;
}
