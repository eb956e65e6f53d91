/**
 * The addresses of a filtered public list (/categories): its short, shareable form, the same filters as
 * GET /api/ads/public parameters for the next pages, and the chips that remove one filter each. Made on
 * the server (the page's loader), so none of this reaches the browser's bundle.
 */
import { formatBRL } from "~/lib/brl";
import { parsePriceBound } from "~/lib/money";
import { ALL_CITIES, PUBLIC_SORT_API, PUBLIC_SORT_LABELS, defaultPublicSort, type AdType, type PublicSort } from "~/models/ad/ad";

/** The URL is the state; these are its keys, in the order they are written back. */
const FILTER_KEYS = ["search", "category", "subcategoryId", "cityId", "adType", "minPrice", "maxPrice", "sort", "page"] as const;

/**
 * The filter form submits every field, empty ones included, plus `prevCategory` and `prevSearch` (the
 * category and words the page was showing). This writes the address back in its short, shareable
 * form, and applies on the server, so they hold without JavaScript, the rules "changing the category
 * resets subcategory and type" and "a new search takes the default order of what it becomes" (the
 * order menu sends the order it was showing: when that was merely the old default — views before a
 * search, relevance during one — it is dropped; an order the visitor chose stays).
 */
export function canonicalSearch(url: URL): string | null {
  const params = url.searchParams;
  const search = params.get("search")?.trim() ?? "";
  const isDefault = (key: string, value: string | undefined) => key === "sort" && value === defaultPublicSort(search);
  if (![...params.keys()].some((key) => key === "prevCategory" || key === "prevSearch" || params.get(key)?.trim() === "" || isDefault(key, params.get(key) ?? undefined))) {
    return null;
  }
  const categoryChanged = params.has("prevCategory") && (params.get("prevCategory") ?? "") !== (params.get("category") ?? "");
  const previousSearch = params.get("prevSearch")?.trim() ?? "";
  const searchChanged = params.has("prevSearch") && previousSearch !== search;
  const clean = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value || isDefault(key, value)) continue;
    if (searchChanged && key === "sort" && value === defaultPublicSort(previousSearch)) continue;
    if (categoryChanged && (key === "subcategoryId" || key === "adType")) continue;
    if (key === "minPrice" || key === "maxPrice") {
      // Written back as plain reais ("1.500,00" → "1500"), the form the API's parameters take;
      // a bound that does not read as a price is dropped, as the list ignores it.
      const cents = parsePriceBound(value);
      if (cents !== null) clean.set(key, reais(cents));
      continue;
    }
    clean.set(key, value);
  }
  return clean.toString();
}


/** Reais as the price fields show them: "1500", "1500.5". */
export const reais = (cents: number | undefined) => (cents === undefined ? "" : String(cents / 100));

export type Applied = {
  search: string;
  categoryId: number | null;
  subcategoryId: number | null;
  cityId: number | null;
  allCities: boolean;
  adType: AdType | null;
  minPrice: string;
  maxPrice: string;
  sort: PublicSort;
  page: number;
};

/** The address of these filters (page 1 unless given), as the form would write it. */
export function filtersHref(applied: Applied, page = 1) {
  const params = new URLSearchParams();
  if (applied.search) params.set("search", applied.search);
  if (applied.categoryId) params.set("category", String(applied.categoryId));
  if (applied.subcategoryId) params.set("subcategoryId", String(applied.subcategoryId));
  if (applied.allCities) params.set("cityId", ALL_CITIES);
  else if (applied.cityId) params.set("cityId", String(applied.cityId));
  if (applied.adType) params.set("adType", applied.adType);
  if (applied.minPrice) params.set("minPrice", applied.minPrice);
  if (applied.maxPrice) params.set("maxPrice", applied.maxPrice);
  if (applied.sort !== defaultPublicSort(applied.search)) params.set("sort", applied.sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/categories${query ? `?${query}` : ""}`;
}

/** The plain list of one category (and subcategory) or one city: breadcrumbs, structured data, the sitemap. */
export function listingPath({ categoryId = null, subcategoryId = null, cityId = null }: { categoryId?: number | null; subcategoryId?: number | null; cityId?: number | null }) {
  return filtersHref({ search: "", categoryId, subcategoryId, cityId, allCities: false, adType: null, minPrice: "", maxPrice: "", sort: defaultPublicSort(""), page: 1 });
}

/** The same list without its words: an order that was only the search's default becomes the list's default again. */
export function withoutSearch(applied: Applied): Applied {
  const sort = applied.sort === defaultPublicSort(applied.search) ? defaultPublicSort("") : applied.sort;
  return { ...applied, search: "", sort, page: 1 };
}

/** The same filters as GET /api/ads/public parameters, for the list's next pages. */
export function apiQueryOf(applied: Applied) {
  const params = new URLSearchParams();
  if (applied.cityId) params.set("cityId", String(applied.cityId));
  if (applied.categoryId) params.set("categoryId", String(applied.categoryId));
  if (applied.subcategoryId) params.set("subcategoryId", String(applied.subcategoryId));
  if (applied.adType) params.set("adType", applied.adType);
  if (applied.search) params.set("search", applied.search);
  if (applied.minPrice) params.set("minPrice", applied.minPrice);
  if (applied.maxPrice) params.set("maxPrice", applied.maxPrice);
  const { sortBy, sortOrder } = PUBLIC_SORT_API[applied.sort];
  params.set("sortBy", sortBy);
  params.set("sortOrder", sortOrder);
  return params.toString();
}

type Named = { id: number; name: string };

/** The filters in effect, each a link to the same list without it. */
export function activeChips(applied: Applied, categories: Named[], subcategories: Named[], cities: Named[]) {
  const chips: { label: string; href: string }[] = [];
  const without = (change: Partial<Applied>) => filtersHref({ ...applied, ...change, page: 1 });
  if (applied.search) chips.push({ label: `"${applied.search}"`, href: filtersHref(withoutSearch(applied)) });
  const category = categories.find((c) => c.id === applied.categoryId);
  if (category) chips.push({ label: category.name, href: without({ categoryId: null, subcategoryId: null, adType: null }) });
  const subcategory = subcategories.find((s) => s.id === applied.subcategoryId);
  if (subcategory) chips.push({ label: subcategory.name, href: without({ subcategoryId: null }) });
  const city = cities.find((c) => c.id === applied.cityId);
  if (city && !applied.allCities) chips.push({ label: city.name, href: without({ cityId: null, allCities: true }) });
  if (applied.adType) chips.push({ label: applied.adType, href: without({ adType: null }) });
  const min = applied.minPrice ? formatBRL(Math.round(Number(applied.minPrice) * 100)) : null;
  const max = applied.maxPrice ? formatBRL(Math.round(Number(applied.maxPrice) * 100)) : null;
  if (min || max) {
    const label = min && max ? `${min} a ${max}` : min ? `A partir de ${min}` : `Até ${max}`;
    chips.push({ label, href: without({ minPrice: "", maxPrice: "" }) });
  }
  const defaultSort = defaultPublicSort(applied.search);
  if (applied.sort !== defaultSort) chips.push({ label: PUBLIC_SORT_LABELS[applied.sort], href: without({ sort: defaultSort }) });
  return chips;
}
