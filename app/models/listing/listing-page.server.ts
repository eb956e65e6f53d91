/**
 * What a /categories address selects, once for the page, a saved search (made from the page's
 * filters) and its e-mail alert: the same reading of the URL, the same default city when none is
 * given, the same dropping of an unknown category or a subcategory of another, so an alert matches
 * exactly what the page showed.
 */
import { PUBLIC_PAGE_SIZE, defaultPublicSort, type PublicAdsFilter } from "~/models/ad/ad";
import { reais, type Applied } from "~/models/listing/listing-links";
import { pageFilterFromUrl, withConsistentCategory } from "~/models/listing/listing-query.server";
import { listCategories, listSubcategories } from "~/models/category/category.server";
import { chooseCity } from "~/models/city/city";
import { listCities } from "~/models/city/city.server";

type Subcategory = ReturnType<typeof listSubcategories>[number];

/** The page's share of each subcategory, made once per kept list (until the reference data changes), not per request. */
const pageSubcategories = new WeakMap<readonly Subcategory[], { id: number; name: string; categoryId: number }[]>();

function subcategoriesForPages() {
  const all = listSubcategories();
  let kept = pageSubcategories.get(all);
  if (!kept) pageSubcategories.set(all, (kept = all.map(({ id, name, categoryId }) => ({ id, name, categoryId }))));
  return kept;
}

export function readListAddress(url: URL) {
  const filter = withConsistentCategory(pageFilterFromUrl(url));
  const categories = listCategories();
  const subcategories = subcategoriesForPages();
  const cities = listCities();
  // No cityId: the default city (spec 01 §2); cityId=todas: every city.
  const city = filter.allCities ? undefined : chooseCity(cities, filter.cityId);
  // An unknown (or inactive) category in a typed URL is dropped rather than emptying the page.
  const category = categories.find((c) => c.id === filter.categoryId);
  const subcategory = category ? subcategories.find((s) => s.id === filter.subcategoryId) : undefined;
  const applied: Applied = {
    search: filter.search ?? "",
    categoryId: category?.id ?? null,
    subcategoryId: subcategory?.id ?? null,
    cityId: city?.id ?? null,
    allCities: city === undefined,
    adType: filter.adType ?? null,
    minPrice: reais(filter.minPriceCents),
    maxPrice: reais(filter.maxPriceCents),
    // Relevance when the visitor searched and chose no order (pageFilterFromUrl).
    sort: filter.sort ?? defaultPublicSort(filter.search),
    page: filter.page,
  };
  const listFilter: PublicAdsFilter = {
    cityId: city?.id,
    categoryId: category?.id,
    subcategoryId: subcategory?.id,
    adType: filter.adType,
    search: filter.search,
    minPriceCents: filter.minPriceCents,
    maxPriceCents: filter.maxPriceCents,
    sort: filter.sort,
    page: filter.page,
    limit: PUBLIC_PAGE_SIZE,
  };
  return { applied, listFilter, categories, subcategories, cities, city, category, subcategory };
}
