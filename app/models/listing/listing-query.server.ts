/**
 * Reading the public listing's filters from a query string: strictly for GET /api/ads/public (a bad
 * value is a 400), leniently for the pages (a bad value is dropped), with one rule for both: a
 * subcategory of another category is ignored, and one given alone implies its category.
 */
import { z } from "zod";
import {
  AD_TYPES,
  ALL_CITIES,
  PUBLIC_MAX_LIMIT,
  PUBLIC_PAGE_SIZE,
  PUBLIC_SORT_API,
  PUBLIC_SORTS,
  defaultPublicSort,
  type PublicAdsFilter,
  type PublicSort,
  type PublicSortBy,
} from "~/models/ad/ad";
import { getSubcategory } from "~/models/category/category.server";
import { optionalIdSchema } from "~/lib/id";
import { MAX_PRICE_CENTS, parsePriceBound } from "~/lib/money";
import { oneLine } from "~/lib/plain-text";

const MAX_PAGE = 100_000;
export const MAX_SEARCH_CHARS = 100;
const MAX_PRICE_REAIS = MAX_PRICE_CENTS / 100;

/** "" and whitespace count as "not sent": GET forms submit empty fields. */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalId = z.preprocess(
  blankToUndefined,
  optionalIdSchema,
);

/** A price bound in reais ("1500", "1500.50"), as cents. */
const optionalPrice = z.preprocess(
  blankToUndefined,
  z.coerce
    .number({ message: "deve ser um número" })
    .min(0, { message: "não pode ser negativo" })
    .max(MAX_PRICE_REAIS, { message: `deve ser no máximo ${MAX_PRICE_REAIS}` })
    .refine((value) => Number.isInteger(Math.round(value * 100 * 1e6) / 1e6), { message: "deve ter no máximo 2 casas decimais" })
    .transform((value) => Math.round(value * 100))
    .optional(),
);

/**
 * The default direction of each of the API's order names (spec 01 §7 sends sortBy=views&sortOrder=desc,
 * still the default). relevance: best match first (listing.server.ts); without a search it is the views order.
 */
const SORT_BY: Readonly<Record<PublicSortBy, "asc" | "desc">> = { views: "desc", createdAt: "desc", price: "asc", relevance: "desc" };
const SORT_BY_NAMES = Object.keys(SORT_BY) as [PublicSortBy, ...PublicSortBy[]];
/** "sortBy:sortOrder" → the order, read back from the one table (PUBLIC_SORT_API). */
const API_SORTS: Partial<Record<string, PublicSort>> = Object.fromEntries(
  PUBLIC_SORTS.map((sort) => [`${PUBLIC_SORT_API[sort].sortBy}:${PUBLIC_SORT_API[sort].sortOrder}`, sort]),
);

/** GET /api/ads/public query (spec 01 §7, plus the orders and the price range). Unknown keys (_t, _nocache…) are ignored. */
export const publicAdsQuerySchema = z
  .object({
    cityId: optionalId,
    categoryId: optionalId,
    subcategoryId: optionalId,
    adType: z.preprocess(
      blankToUndefined,
      z.enum(AD_TYPES, { message: "deve ser Vender, Comprar ou Trocar" }).optional(),
    ),
    search: z.preprocess(
      blankToUndefined,
      z.string().check(oneLine()).max(MAX_SEARCH_CHARS, { message: `deve ter no máximo ${MAX_SEARCH_CHARS} caracteres` }).optional(),
    ),
    // The public list is only ever the active ads; other values are refused rather than silently
    // ignored, so a client asking for something else learns it is not offered.
    status: z.preprocess(blankToUndefined, z.literal("active", { message: "só é aceito active" }).optional()),
    // Most viewed (the default), newest first, lowest or highest price (price defaults to ascending), relevance.
    sortBy: z.preprocess(blankToUndefined, z.enum(SORT_BY_NAMES, { message: "deve ser views, createdAt, price ou relevance" }).optional()),
    sortOrder: z.preprocess(blankToUndefined, z.enum(["asc", "desc"], { message: "deve ser asc ou desc" }).optional()),
    minPrice: optionalPrice,
    maxPrice: optionalPrice,
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
  })
  .superRefine((query, context) => {
    const sortBy = query.sortBy ?? "views";
    const order = query.sortOrder ?? SORT_BY[sortBy];
    if (!API_SORTS[`${sortBy}:${order}`]) {
      context.addIssue({
        code: "custom",
        path: ["sortOrder"],
        message: sortBy === "price" ? "deve ser asc ou desc" : `com sortBy=${sortBy} só é aceito desc`,
      });
    }
    if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
      context.addIssue({ code: "custom", path: ["minPrice"], message: "deve ser menor ou igual a maxPrice" });
    }
  });

export function toPublicAdsFilter(query: z.output<typeof publicAdsQuerySchema>): PublicAdsFilter {
  const { cityId, categoryId, subcategoryId, adType, search, minPrice, maxPrice, page, limit } = query;
  const sortBy = query.sortBy ?? "views";
  const sort = API_SORTS[`${sortBy}:${query.sortOrder ?? SORT_BY[sortBy]}`] ?? "views";
  return { cityId, categoryId, subcategoryId, adType, search, minPriceCents: minPrice, maxPriceCents: maxPrice, sort, page, limit };
}

export type PageFilter = PublicAdsFilter & {
  /** `cityId=todas`: every city, rather than the default one. */
  allCities: boolean;
};

/**
 * The page routes' reading of their URL (`category`, `subcategoryId`, `cityId`, `adType`, `search`,
 * `sort` (default: `defaultPublicSort`), `minPrice`, `maxPrice`, `page`): a value that does not parse is dropped instead of failing the
 * page, since these URLs are typed and edited by people. `category` is the spec's name for the
 * category filter on pages; prices are reais as people write them ("1.500", "1500,50"); a range given
 * upside down is turned round.
 */
// Built once: a zod schema costs more to build than to run, and these run on every list page.
// One line (lib/plain-text): a saved search is described by its words in the alert e-mail.
const pageSearch = z.string().check(oneLine()).max(MAX_SEARCH_CHARS);
const pageAdType = z.enum(AD_TYPES);
const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE);

export function pageFilterFromUrl(url: URL): PageFilter {
  const params = url.searchParams;
  const one = <T,>(schema: z.ZodType<T>, key: string): T | undefined => {
    const value = params.get(key);
    if (value === null) return undefined;
    const result = schema.safeParse(value);
    return result.success ? result.data : undefined;
  };
  const price = (key: string) => parsePriceBound(params.get(key)) ?? undefined;
  let minPriceCents = price("minPrice");
  let maxPriceCents = price("maxPrice");
  if (minPriceCents !== undefined && maxPriceCents !== undefined && minPriceCents > maxPriceCents) {
    [minPriceCents, maxPriceCents] = [maxPriceCents, minPriceCents];
  }
  const sort = params.get("sort");
  const search = one(pageSearch, "search") || undefined;
  const allCities = params.get("cityId") === ALL_CITIES;
  return {
    cityId: allCities ? undefined : one(optionalId, "cityId"),
    allCities,
    categoryId: one(optionalId, "category") ?? one(optionalId, "categoryId"),
    subcategoryId: one(optionalId, "subcategoryId"),
    adType: one(pageAdType, "adType"),
    search,
    minPriceCents,
    maxPriceCents,
    // No order chosen (or one that does not exist): relevance for a search, the spec's views otherwise.
    sort: (PUBLIC_SORTS as readonly string[]).includes(sort ?? "") ? (sort as PublicSort) : defaultPublicSort(search),
    page: one(pageNumber, "page") ?? 1,
    limit: PUBLIC_PAGE_SIZE,
  };
}


/**
 * The category rule the page and the API share: a subcategory that belongs to another category is
 * dropped, and a subcategory given without a category implies its category.
 */
export function withConsistentCategory<F extends { categoryId?: number; subcategoryId?: number }>(filter: F): F {
  if (filter.subcategoryId === undefined) return filter;
  const subcategory = getSubcategory(filter.subcategoryId);
  if (!subcategory || (filter.categoryId !== undefined && subcategory.categoryId !== filter.categoryId)) {
    return { ...filter, subcategoryId: undefined };
  }
  return { ...filter, categoryId: subcategory.categoryId };
}
