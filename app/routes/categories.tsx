import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { useEffect, useRef, useState } from "react";
import { CityOptions } from "~/components/ads/CityOptions";
import { AdList, LayoutSwitch } from "~/components/ads/AdList";
import { CategoryGrid } from "~/components/ads/CategoryGrid";
import { useHydrated } from "~/components/use-hydrated";
import { AD_TYPES, PUBLIC_PAGE_SIZE } from "~/models/ad/ad";
import { pageFilterFromUrl, withConsistentCategory } from "~/models/ad/listing-query.server";
import { listPublicAds } from "~/models/ad/listing.server";
import { listCategories, listSubcategories } from "~/models/category/category.server";
import { chooseCity } from "~/models/city/city";
import { listCities } from "~/models/city/city.server";

/** The URL is the state; these are its keys, in the order they are written back. */
const FILTER_KEYS = ["search", "category", "subcategoryId", "cityId", "adType", "page"] as const;

export const meta: MetaFunction = () => [
  { title: "Anúncios por categoria | Classificados Patos" },
  { name: "description", content: "Busque anúncios de Patos de Minas e região por palavra, categoria, cidade e tipo." },
];

/**
 * The filter form submits every field, empty ones included, plus `prevCategory` (the category the
 * page was showing). This writes the address back in its short, shareable form, and applies the rule
 * "changing the category resets subcategory and type" on the server, so it holds without JavaScript.
 */
function canonicalSearch(url: URL): string | null {
  const params = url.searchParams;
  if (![...params.keys()].some((key) => key === "prevCategory" || params.get(key)?.trim() === "")) return null;
  const categoryChanged = params.has("prevCategory") && (params.get("prevCategory") ?? "") !== (params.get("category") ?? "");
  const clean = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = params.get(key)?.trim();
    if (!value) continue;
    if (categoryChanged && (key === "subcategoryId" || key === "adType")) continue;
    clean.set(key, value);
  }
  return clean.toString();
}

export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const canonical = canonicalSearch(url);
  if (canonical !== null) throw redirect(`/categories${canonical ? `?${canonical}` : ""}`);

  const filter = withConsistentCategory(pageFilterFromUrl(url));
  const categories = listCategories().map(({ id, name, icon }) => ({ id, name, icon }));
  const subcategories = listSubcategories().map(({ id, name, categoryId }) => ({ id, name, categoryId }));
  const cities = listCities();
  const city = chooseCity(cities, filter.cityId);
  // An unknown (or inactive) category in a typed URL is dropped rather than emptying the page.
  const categoryId = categories.some((c) => c.id === filter.categoryId) ? filter.categoryId : undefined;

  const applied = {
    search: filter.search ?? "",
    categoryId: categoryId ?? null,
    subcategoryId: categoryId ? (filter.subcategoryId ?? null) : null,
    cityId: city?.id ?? null,
    adType: filter.adType ?? null,
    page: filter.page,
  };
  const result = listPublicAds({
    cityId: applied.cityId ?? undefined,
    categoryId: applied.categoryId ?? undefined,
    subcategoryId: applied.subcategoryId ?? undefined,
    adType: applied.adType ?? undefined,
    search: applied.search || undefined,
    page: applied.page,
    limit: PUBLIC_PAGE_SIZE,
  });
  return { categories, subcategories, cities, applied, result };
}

type Applied = ReturnType<typeof loader>["applied"];

/** The address of these filters (page 1 unless given), as the form would write it. */
function filtersHref(applied: Applied, page = 1) {
  const params = new URLSearchParams();
  if (applied.search) params.set("search", applied.search);
  if (applied.categoryId) params.set("category", String(applied.categoryId));
  if (applied.subcategoryId) params.set("subcategoryId", String(applied.subcategoryId));
  if (applied.cityId) params.set("cityId", String(applied.cityId));
  if (applied.adType) params.set("adType", applied.adType);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return `/categories${query ? `?${query}` : ""}`;
}

function apiQueryOf(applied: Applied) {
  const params = new URLSearchParams();
  if (applied.cityId) params.set("cityId", String(applied.cityId));
  if (applied.categoryId) params.set("categoryId", String(applied.categoryId));
  if (applied.subcategoryId) params.set("subcategoryId", String(applied.subcategoryId));
  if (applied.adType) params.set("adType", applied.adType);
  if (applied.search) params.set("search", applied.search);
  return params.toString();
}

export default function Categories() {
  const { categories, subcategories, cities, applied, result } = useLoaderData<typeof loader>();
  const listKey = filtersHref(applied, applied.page);
  return (
    <div className="mx-auto max-w-7xl px-4 lg:px-6 py-8">
      {/* The icons the cards and the layout switch draw with <use href>. */}
      <section aria-labelledby="categorias">
        <h1 id="categorias" className="text-2xl font-extrabold tracking-tight text-slate-900">
          Categorias
        </h1>
        <div className="mt-4">
          <CategoryGrid categories={categories} selectedId={applied.categoryId ?? undefined} />
        </div>
      </section>

      <FilterBar key={listKey} applied={applied} categories={categories} subcategories={subcategories} cities={cities} />

      <section aria-labelledby="destaques" className="mt-8">
        <div className="flex items-end justify-between gap-3">
          <div>
            <h2 id="destaques" className="text-xl font-bold text-slate-900">
              Anúncios em Destaque
            </h2>
            <p className="text-sm text-slate-600" data-testid="results-count">
              {result.total === 0
                ? "Nenhum anúncio encontrado"
                : result.total === 1
                  ? "1 anúncio encontrado"
                  : `${result.total} anúncios encontrados`}
            </p>
          </div>
          <LayoutSwitch />
        </div>
        <div className="mt-6">
          {result.total === 0 ? (
            <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
              <p className="text-lg font-semibold text-slate-800">Nenhum anúncio encontrado</p>
              <p className="text-sm text-slate-600">Tente outras palavras, outra categoria ou outra cidade.</p>
              <Link
                to="/categories"
                className="rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
              >
                Limpar Filtros
              </Link>
            </div>
          ) : (
            <AdList
              key={listKey}
              initial={result}
              page={applied.page}
              apiQuery={apiQueryOf(applied)}
              pageHref={(n) => filtersHref(applied, n)}
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

function FilterBar({
  applied,
  categories,
  subcategories,
  cities,
}: {
  applied: Applied;
  categories: { id: number; name: string }[];
  subcategories: { id: number; name: string; categoryId: number }[];
  cities: { id: number; name: string; state: string }[];
}) {
  const hydrated = useHydrated();
  const [categoryId, setCategoryId] = useState(applied.categoryId ? String(applied.categoryId) : "");
  const [subcategoryId, setSubcategoryId] = useState(applied.subcategoryId ? String(applied.subcategoryId) : "");
  const [adType, setAdType] = useState<string>(applied.adType ?? "");
  const [search, setSearch] = useState(applied.search);
  const searchInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const options = subcategories.filter((s) => String(s.categoryId) === categoryId);

  // On a slow phone the visitor may type or choose before JavaScript arrives: that is in the DOM,
  // not in the state, and the next render would wipe it. Take it over once, on hydration.
  useEffect(() => {
    const fields = formRef.current?.elements;
    if (!fields) return;
    const valueOf = (name: string) => (fields.namedItem(name) as HTMLInputElement | HTMLSelectElement | null)?.value ?? "";
    const chosenCategory = valueOf("category");
    setSearch(valueOf("search"));
    setCategoryId(chosenCategory);
    if (chosenCategory === (applied.categoryId ? String(applied.categoryId) : "")) {
      setSubcategoryId(valueOf("subcategoryId"));
      setAdType(valueOf("adType"));
    } else {
      setSubcategoryId("");
      setAdType("");
    }
    // Only the values present at hydration matter; later changes go through the handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Form ref={formRef} method="get" action="/categories" role="search" aria-label="Filtrar anúncios" className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      {/* With JavaScript the category change already reset the other fields, so the server need not. */}
      <input type="hidden" name="prevCategory" value={hydrated ? categoryId : applied.categoryId ?? ""} />
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <label className={`${labelClass} sm:col-span-2`}>
          Palavra-chave
          <span className="relative">
            <input
              ref={searchInput}
              type="search"
              name="search"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              maxLength={100}
              placeholder="O que você procura?"
              className={`${fieldClass} pr-10 [&::-webkit-search-cancel-button]:hidden`}
            />
            {search ? (
              hydrated ? (
                <button
                  type="button"
                  onClick={() => {
                    setSearch("");
                    searchInput.current?.focus();
                  }}
                  aria-label="Limpar busca"
                  className="absolute right-1 top-1/2 -translate-y-1/2 rounded-md p-2 text-slate-500 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
                >
                  <Icon name="x" className="h-4 w-4" />
                </button>
              ) : (
                <Link
                  to={filtersHref({ ...applied, search: "", page: 1 })}
                  aria-label="Limpar busca"
                  className="absolute right-1 top-1/2 -translate-y-1/2 rounded-md p-2 text-slate-500 hover:text-slate-900"
                >
                  <Icon name="x" className="h-4 w-4" />
                </Link>
              )
            ) : null}
          </span>
        </label>
        <label className={labelClass}>
          Categoria
          <select
            name="category"
            value={categoryId}
            onChange={(event) => {
              // Changing the category resets subcategory and type (spec 01 §2).
              setCategoryId(event.target.value);
              setSubcategoryId("");
              setAdType("");
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
          <select
            name="subcategoryId"
            value={subcategoryId}
            onChange={(event) => setSubcategoryId(event.target.value)}
            disabled={!categoryId || options.length === 0}
            className={fieldClass}
          >
            <option value="">{categoryId ? "Todas as subcategorias" : "Escolha uma categoria"}</option>
            {options.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClass}>
          Cidade
          <select name="cityId" defaultValue={applied.cityId ?? undefined} className={fieldClass}>
            <CityOptions cities={cities} />
          </select>
        </label>
        <label className={labelClass}>
          Tipo
          <select name="adType" value={adType} onChange={(event) => setAdType(event.target.value)} className={fieldClass}>
            <option value="">Todos os tipos</option>
            {AD_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-end gap-2 sm:col-span-2">
          <button
            type="submit"
            className="min-h-11 flex-1 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            Buscar
          </button>
          <Link
            to="/categories"
            className="inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            Limpar
          </Link>
        </div>
      </div>
    </Form>
  );
}
