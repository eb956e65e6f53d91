import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { useEffect, useRef, useState } from "react";
import { CityOptions } from "~/components/ads/CityOptions";
import { AdList, LayoutSwitch } from "~/components/ads/AdList";
import { CategoryGrid } from "~/components/ads/CategoryGrid";
import { categoryIconName } from "~/components/category-icon.server";
import { useHydrated } from "~/components/use-hydrated";
import { formatBRL } from "~/lib/brl";
import { AD_TYPES, ALL_CITIES, PUBLIC_PAGE_SIZE, PUBLIC_SORT_LABELS, PUBLIC_SORTS, type AdType, type PublicSort } from "~/models/ad/ad";
import { pageFilterFromUrl, withConsistentCategory } from "~/models/ad/listing-query.server";
import { listPublicCards } from "~/models/ad/listing.server";
import { listCategories, listSubcategories } from "~/models/category/category.server";
import { chooseCity } from "~/models/city/city";
import { listCities } from "~/models/city/city.server";

/** The URL is the state; these are its keys, in the order they are written back. */
const FILTER_KEYS = ["search", "category", "subcategoryId", "cityId", "adType", "minPrice", "maxPrice", "sort", "page"] as const;
/** The form's id: the order select sits by the results, outside the form, and belongs to it by `form=`. */
const FORM_ID = "filtros";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.heading ?? "Anúncios por categoria"} | Classificados Patos` },
  { name: "description", content: "Busque anúncios de Patos de Minas e região por palavra, categoria, cidade, tipo e preço." },
];

/**
 * The filter form submits every field, empty ones included, plus `prevCategory` (the category the
 * page was showing). This writes the address back in its short, shareable form, and applies the rule
 * "changing the category resets subcategory and type" on the server, so it holds without JavaScript.
 */
function canonicalSearch(url: URL): string | null {
  const params = url.searchParams;
  const isDefault = (key: string, value: string | undefined) => key === "sort" && value === "views";
  if (![...params.keys()].some((key) => key === "prevCategory" || params.get(key)?.trim() === "" || isDefault(key, params.get(key) ?? undefined))) {
    return null;
  }
  const categoryChanged = params.has("prevCategory") && (params.get("prevCategory") ?? "") !== (params.get("category") ?? "");
  const clean = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value || isDefault(key, value)) continue;
    if (categoryChanged && (key === "subcategoryId" || key === "adType")) continue;
    clean.set(key, value);
  }
  return clean.toString();
}

/** Reais as the price fields show them: "1500", "1500.5". */
const reais = (cents: number | undefined) => (cents === undefined ? "" : String(cents / 100));

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const canonical = canonicalSearch(url);
  if (canonical !== null) throw redirect(`/categories${canonical ? `?${canonical}` : ""}`);

  const filter = withConsistentCategory(pageFilterFromUrl(url));
  const categories = listCategories().map(({ id, name, icon }) => ({ id, name, icon: categoryIconName(icon) }));
  const subcategories = listSubcategories().map(({ id, name, categoryId }) => ({ id, name, categoryId }));
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
    sort: filter.sort ?? "views",
    page: filter.page,
  };
  // Cards (the card's share of each ad only): the page's data travels inside its HTML.
  const result = listPublicCards({
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
  });
  // What the list is, in words: 'Resultados para "iphone"', 'Veículos em Patos de Minas'.
  const heading = applied.search
    ? `Resultados para "${applied.search}"`
    : `${subcategory?.name ?? category?.name ?? "Anúncios"} em ${city ? city.name : "todas as cidades"}`;
  // The addresses the page links to are made here, so their code stays out of the browser's bundle.
  const links = {
    list: filtersHref(applied, applied.page),
    pages: Object.fromEntries([1, applied.page - 1, applied.page + 1].filter((n) => n >= 1).map((n) => [n, filtersHref(applied, n)])),
    clearSearch: filtersHref({ ...applied, search: "", page: 1 }),
    api: apiQueryOf(applied),
    chips: activeChips(applied, categories, subcategories, cities),
  };
  // The panel lists only the chosen category's subcategories: with JavaScript a new category is applied at once.
  return { categories, subcategories: subcategories.filter((s) => s.categoryId === applied.categoryId), cities, applied, heading, result, links };
}

type Applied = {
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
function filtersHref(applied: Applied, page = 1) {
  const params = new URLSearchParams();
  if (applied.search) params.set("search", applied.search);
  if (applied.categoryId) params.set("category", String(applied.categoryId));
  if (applied.subcategoryId) params.set("subcategoryId", String(applied.subcategoryId));
  if (applied.allCities) params.set("cityId", ALL_CITIES);
  else if (applied.cityId) params.set("cityId", String(applied.cityId));
  if (applied.adType) params.set("adType", applied.adType);
  if (applied.minPrice) params.set("minPrice", applied.minPrice);
  if (applied.maxPrice) params.set("maxPrice", applied.maxPrice);
  if (applied.sort !== "views") params.set("sort", applied.sort);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/categories${query ? `?${query}` : ""}`;
}

const API_SORT: Record<PublicSort, [string, string]> = {
  views: ["views", "desc"],
  newest: ["createdAt", "desc"],
  price_asc: ["price", "asc"],
  price_desc: ["price", "desc"],
};

/** The same filters as GET /api/ads/public parameters, for the list's next pages. */
function apiQueryOf(applied: Applied) {
  const params = new URLSearchParams();
  if (applied.cityId) params.set("cityId", String(applied.cityId));
  if (applied.categoryId) params.set("categoryId", String(applied.categoryId));
  if (applied.subcategoryId) params.set("subcategoryId", String(applied.subcategoryId));
  if (applied.adType) params.set("adType", applied.adType);
  if (applied.search) params.set("search", applied.search);
  if (applied.minPrice) params.set("minPrice", applied.minPrice);
  if (applied.maxPrice) params.set("maxPrice", applied.maxPrice);
  const [sortBy, sortOrder] = API_SORT[applied.sort];
  params.set("sortBy", sortBy);
  params.set("sortOrder", sortOrder);
  return params.toString();
}

type Named = { id: number; name: string };

/** The filters in effect, each a link to the same list without it. */
function activeChips(applied: Applied, categories: Named[], subcategories: Named[], cities: Named[]) {
  const chips: { label: string; href: string }[] = [];
  const without = (change: Partial<Applied>) => filtersHref({ ...applied, ...change, page: 1 });
  if (applied.search) chips.push({ label: `"${applied.search}"`, href: without({ search: "" }) });
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
  if (applied.sort !== "views") chips.push({ label: PUBLIC_SORT_LABELS[applied.sort], href: without({ sort: "views" }) });
  return chips;
}

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

export default function Categories() {
  const { categories, subcategories, cities, applied, heading, result, links } = useLoaderData<typeof loader>();
  const listKey = links.list;
  const chips = links.chips;
  const submit = useSubmit();
  return (
    <div className="mx-auto max-w-7xl px-4 pb-8 pt-3 sm:pt-6 lg:px-6">
      <FilterBar
        applied={applied}
        listKey={listKey}
        clearSearchHref={links.clearSearch}
        categories={categories}
        subcategories={subcategories}
        cities={cities}
      />

      <nav aria-label="Categorias" className="mt-3 sm:mt-6">
        <CategoryGrid categories={categories} selectedId={applied.categoryId ?? undefined} />
      </nav>

      <section aria-labelledby="resultados" className="mt-4 sm:mt-8">
        <h1 id="resultados" className="text-xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-2xl">
          {heading}
        </h1>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <p className="text-sm text-slate-600" data-testid="results-count">
            {result.total === 0
              ? "Nenhum anúncio encontrado"
              : result.total === 1
                ? "1 anúncio encontrado"
                : `${result.total} anúncios encontrados`}
          </p>
          <div className="flex items-center gap-2">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
              Ordenar
              <select
                form={FORM_ID}
                name="sort"
                defaultValue={applied.sort}
                key={applied.sort}
                onChange={(event) => {
                  const form = event.currentTarget.form;
                  if (form) submit(form);
                }}
                className="min-h-10 rounded-lg border border-slate-300 bg-white py-1.5 pl-2 pr-8 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
              >
                {PUBLIC_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {PUBLIC_SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </label>
            <noscript>
              <button type="submit" form={FORM_ID} className="min-h-10 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white">
                Ordenar
              </button>
            </noscript>
            <LayoutSwitch />
          </div>
        </div>
        {chips.length > 0 ? (
          <ul aria-label="Filtros aplicados" className="mt-3 flex flex-wrap gap-2">
            {chips.map((chip) => (
              <li key={chip.label}>
                <Link
                  to={chip.href}
                  aria-label={`Remover filtro: ${chip.label}`}
                  className={`inline-flex min-h-9 items-center gap-1 rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-2 text-sm font-medium text-brand-900 hover:bg-brand-100 ${focusRing}`}
                >
                  {chip.label}
                  <Icon name="x" className="h-4 w-4" />
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-4 sm:mt-6">
          {result.total === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
              <p className="text-lg font-semibold text-slate-800">Nenhum anúncio encontrado</p>
              <p className="text-sm text-slate-600">Tente outras palavras, outra categoria ou outra cidade.</p>
              <Link
                to="/categories"
                className={`rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 ${focusRing}`}
              >
                Limpar Filtros
              </Link>
            </div>
          ) : (
            <AdList
              key={listKey}
              initial={result}
              page={applied.page}
              apiQuery={links.api}
              pageHref={(n) => links.pages[n] ?? "/categories"}
            />
          )}
        </div>
      </section>
    </div>
  );
}

const fieldClass =
  "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500";
const labelClass = "flex flex-col gap-1 text-sm font-medium text-slate-700";

/**
 * A compact search box with everything else under 'Filtros' (a <details>: closed, it costs one line
 * on a phone, and it opens without JavaScript). One form: 'Buscar' and 'Aplicar filtros' submit both
 * (and close the panel). The fields are the browser's own (uncontrolled), so what a visitor types or
 * picks before JavaScript arrives stays; they are keyed by the list, so each new list shows its filters.
 * With JavaScript a new category is applied at once, which brings its subcategories and resets
 * subcategory and type (spec 01 §2); without it, the server applies that rule when the form is sent
 * (`prevCategory`, see canonicalSearch).
 */
function FilterBar({
  applied,
  listKey,
  clearSearchHref,
  categories,
  subcategories,
  cities,
}: {
  applied: Applied;
  listKey: string;
  clearSearchHref: string;
  categories: { id: number; name: string }[];
  subcategories: { id: number; name: string; categoryId: number }[];
  cities: { id: number; name: string; state: string }[];
}) {
  const submit = useSubmit();
  const panel = useRef<HTMLDetailsElement>(null);
  const options = subcategories.filter((s) => s.categoryId === applied.categoryId);
  // Filters in the panel that are in effect (the city counts only when it is not the default one).
  const inPanel = [applied.categoryId, applied.subcategoryId, applied.adType, applied.minPrice || applied.maxPrice].filter(Boolean).length;

  return (
    <Form
      id={FORM_ID}
      method="get"
      action="/categories"
      role="search"
      aria-label="Filtrar anúncios"
      onSubmit={() => {
        // Sent with a button: the results come next, so the panel gets out of their way.
        if (panel.current) panel.current.open = false;
      }}
    >
      <input type="hidden" name="prevCategory" value={applied.categoryId ?? ""} />
      <SearchBox key={listKey} search={applied.search} clearSearchHref={clearSearchHref} />

      <details ref={panel} className="group mt-2 rounded-xl border border-slate-200 bg-white shadow-sm">
        <summary
          className={`flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-3 text-sm font-semibold text-slate-800 [&::-webkit-details-marker]:hidden ${focusRing}`}
        >
          <Icon name="sliders-horizontal" className="h-4 w-4 text-brand-700" />
          Filtros
          {inPanel > 0 ? (
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
              {inPanel}
              <span className="sr-only"> em uso</span>
            </span>
          ) : null}
          <span className="ml-auto text-xs font-normal text-slate-500">Categoria, cidade, tipo, preço</span>
          <Icon name="chevron-down" className="h-4 w-4 text-slate-500 transition-transform group-open:rotate-180" />
        </summary>
        <div key={listKey} className="grid gap-3 border-t border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className={labelClass}>
            Categoria
            <select
              name="category"
              defaultValue={applied.categoryId ?? ""}
              onChange={(event) => {
                const form = event.currentTarget.form;
                if (form) submit(form);
              }}
              className={fieldClass}
            >
              <option value="">Todas as categorias</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            Subcategoria
            <select name="subcategoryId" defaultValue={applied.subcategoryId ?? ""} disabled={options.length === 0} className={fieldClass}>
              <option value="">{applied.categoryId ? "Todas as subcategorias" : "Escolha uma categoria"}</option>
              {options.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            Cidade
            <select name="cityId" defaultValue={applied.allCities ? ALL_CITIES : applied.cityId ?? undefined} className={fieldClass}>
              <option value={ALL_CITIES}>Todas as cidades</option>
              <CityOptions cities={cities} />
            </select>
          </label>
          <label className={labelClass}>
            Tipo
            <select name="adType" defaultValue={applied.adType ?? ""} className={fieldClass}>
              <option value="">Todos os tipos</option>
              {AD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-700">Preço (R$)</legend>
            <div className="mt-1 flex items-center gap-2">
              <PriceField name="minPrice" label="Preço mínimo" placeholder="Mínimo" value={applied.minPrice} />
              <span className="text-sm text-slate-500">a</span>
              <PriceField name="maxPrice" label="Preço máximo" placeholder="Máximo" value={applied.maxPrice} />
            </div>
          </fieldset>
          <div className="flex items-end gap-2 sm:col-span-2">
            <button type="submit" className={`min-h-11 flex-1 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 ${focusRing}`}>
              Aplicar filtros
            </button>
            <Link
              to="/categories"
              className={`inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}
            >
              Limpar
            </Link>
          </div>
        </div>
      </details>
    </Form>
  );
}

function PriceField({ name, label, placeholder, value }: { name: string; label: string; placeholder: string; value: string }) {
  return (
    <label className="min-w-0 flex-1">
      <span className="sr-only">{label}</span>
      <input type="number" name={name} min={0} step="any" inputMode="numeric" placeholder={placeholder} defaultValue={value} className={fieldClass} />
    </label>
  );
}

/** The keyword and its clear button (a button with JavaScript, a link to the list without the keyword otherwise). */
function SearchBox({ search, clearSearchHref }: { search: string; clearSearchHref: string }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [filled, setFilled] = useState(Boolean(search));
  // What was typed before JavaScript arrived is in the field already: the clear button follows it.
  useEffect(() => setFilled(Boolean(input.current?.value)), []);
  return (
    <div className="flex gap-2">
      <label htmlFor="busca" className="sr-only">
        Palavra-chave
      </label>
      <span className="relative min-w-0 flex-1">
        <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" />
        <input
          ref={input}
          id="busca"
          type="search"
          name="search"
          defaultValue={search}
          onInput={(event) => setFilled(Boolean(event.currentTarget.value))}
          maxLength={100}
          enterKeyHint="search"
          placeholder="O que você procura?"
          className={`${fieldClass} pl-10 pr-10 [&::-webkit-search-cancel-button]:hidden`}
        />
        {filled ? (
          hydrated ? (
            <button
              type="button"
              onClick={() => {
                if (input.current) input.current.value = "";
                setFilled(false);
                input.current?.focus();
              }}
              aria-label="Limpar busca"
              className={`absolute right-1 top-1/2 -translate-y-1/2 rounded-md p-2 text-slate-500 hover:text-slate-900 ${focusRing}`}
            >
              <Icon name="x" className="h-4 w-4" />
            </button>
          ) : (
            <Link to={clearSearchHref} aria-label="Limpar busca" className="absolute right-1 top-1/2 -translate-y-1/2 rounded-md p-2 text-slate-500 hover:text-slate-900">
              <Icon name="x" className="h-4 w-4" />
            </Link>
          )
        ) : null}
      </span>
      <button type="submit" className={`min-h-11 shrink-0 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 ${focusRing}`}>
        Buscar
      </button>
    </div>
  );
}
