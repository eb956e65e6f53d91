/**
 * Reading the public listing's filters from a query string: strictly for GET /api/ads/public (a bad
 * value is a 400), leniently for the pages (a bad value is dropped), with one rule for both: a
 * subcategory of another category is ignored, and one given alone implies its category.
 */
import { z } from "zod";
import { AD_TYPES, PUBLIC_MAX_LIMIT, PUBLIC_PAGE_SIZE, type PublicAdsFilter } from "~/models/ad/ad";
import { getSubcategory } from "~/models/category/category.server";
import { idSchema } from "~/lib/id";

const MAX_PAGE = 100_000;
export const MAX_SEARCH_CHARS = 100;


/** "" and whitespace count as "not sent": GET forms submit empty fields. */
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalId = z.preprocess(
  blankToUndefined,
  idSchema.optional(),
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
