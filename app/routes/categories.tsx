import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { StructuredData } from "~/components/server-parts";
import { Icon } from "~/components/Icon";
import { AdList, LayoutSwitch } from "~/components/ads/AdList";
import { KeptCategoryGrid } from "~/components/ads/KeptCategoryGrid";
import { FILTER_FORM_ID, FilterBar } from "~/components/ads/FilterBar";
import { gridCategories } from "~/components/category-icon.server";
import { ALL_CITIES, PUBLIC_SORT_LABELS, PUBLIC_SORTS } from "~/models/ad/ad";
import { activeChips, apiQueryOf, canonicalSearch, filtersHref, withoutSearch } from "~/models/listing/listing-links";
import { readListAddress } from "~/models/listing/listing-page.server";
import { listPublicCards } from "~/models/listing/listing.server";
import { siteOrigin } from "~/web/auth.server";
import { pageCards } from "~/web/page-cards.server";
import { savedSearchQuery } from "~/models/saved-search/saved-searches.server";
import { visitorFavourites } from "~/web/favourites.server";
import { rememberCity, withRememberedCity } from "~/web/city-choice.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  const tags: ReturnType<MetaFunction> = [
    { title: `${data?.heading ?? "Anúncios por categoria"} | Classificados Patos` },
    {
      name: "description",
      content: `${data ? `${data.heading}: ${data.result.total === 1 ? "1 anúncio" : `${data.result.total} anúncios`}. ` : ""}Busque anúncios de Patos de Minas e região por palavra, categoria, cidade, tipo e preço.`,
    },
  ];
  if (!data) return tags;
  return [
    ...tags,
    { tagName: "link", rel: "canonical", href: `${data.origin}${data.links.list}` },
  ];
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const canonical = canonicalSearch(url);
  if (canonical !== null) throw redirect(`/categories${canonical ? `?${canonical}` : ""}`);

  // No city in the address: the one this browser chose last (ADR 043), else the default.
  const { applied, listFilter, categories: activeCategories, subcategories, cities, city, category, subcategory } = readListAddress(withRememberedCity(url, request));
  const categories = gridCategories(activeCategories);
  // Cards (the card's share of each ad only); a document's are in its HTML, and its data names them by id.
  const listed = listPublicCards(listFilter);
  const result = { total: listed.total, ads: pageCards(context, "results", listed.ads) };
  // What the list is, in words: 'Resultados para "iphone"', 'Veículos em Patos de Minas'.
  const heading = applied.search
    ? `Resultados para "${applied.search}"`
    : `${subcategory?.name ?? category?.name ?? "Anúncios"} em ${city ? city.name : "todas as cidades"}`;
  // The addresses the page links to are made here, so their code stays out of the browser's bundle.
  const links = {
    list: filtersHref(applied, applied.page),
    pages: Object.fromEntries([1, applied.page - 1, applied.page + 1].filter((n) => n >= 1).map((n) => [n, filtersHref(applied, n)])),
    clearSearch: filtersHref(withoutSearch(applied)),
    api: apiQueryOf(applied),
    chips: activeChips(applied, categories, subcategories, cities),
  };
  // The panel lists only the chosen category's subcategories: with JavaScript a new category is applied at once.
  const { favouriteIds } = await visitorFavourites(request);
  const headers = rememberCity(url, request, applied.allCities ? ALL_CITIES : String(applied.cityId));
  return data({
    origin: siteOrigin(),
    categories,
    subcategories: subcategories.filter((s) => s.categoryId === applied.categoryId),
    cities,
    applied,
    heading,
    result,
    links,
    favouriteIds,
    // 'Salvar busca' posts the filters in their short form (the page's own address, without order and page).
    saveSearchFields: [...new URLSearchParams(savedSearchQuery(applied))],
  }, { headers });
}

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

export default function Categories() {
  const { categories, subcategories, cities, applied, heading, result, links, favouriteIds, saveSearchFields, origin } = useLoaderData<typeof loader>();
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
        <KeptCategoryGrid props={{ categories, selectedId: applied.categoryId ?? undefined }} />
      </nav>

      <section aria-labelledby="resultados" className="mt-3 sm:mt-8">
        <StructuredData block={(build, card) => build.adItemList(result.ads.map(card), origin, heading)} />
        <h1 id="resultados" className="text-xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-2xl">
          {heading}
        </h1>
        <div className="mt-1 flex items-center justify-between gap-3">
          <p className="text-sm text-slate-600" data-testid="results-count">
            {result.total === 0
              ? "Nenhum anúncio encontrado"
              : result.total === 1
                ? "1 anúncio encontrado"
                : `${result.total} anúncios encontrados`}
          </p>
          <span className="hidden sm:contents">
            <LayoutSwitch />
          </span>
        </div>
        {/* On a phone one row that scrolls sideways, so the ads start right below: the order, 'Salvar busca' and the filters in effect. */}
        <div className="mt-2 flex items-center gap-2 sm:mt-3">
          <div className="-ml-4 flex min-w-0 flex-1 items-center gap-2 overflow-x-auto pl-4 [scrollbar-width:none] sm:ml-0 sm:flex-wrap sm:pl-0">
            <label className="flex shrink-0 items-center gap-2 text-sm font-medium text-slate-700">
              <span className="sr-only sm:not-sr-only">Ordenar</span>
              <select
                form={FILTER_FORM_ID}
                name="sort"
                defaultValue={applied.sort}
                key={applied.sort}
                onChange={(event) => {
                  const form = event.currentTarget.form;
                  if (form) submit(form);
                }}
                className="min-h-11 rounded-lg border border-slate-300 bg-white py-1.5 pl-2 pr-8 text-sm text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
              >
                {PUBLIC_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {PUBLIC_SORT_LABELS[sort]}
                  </option>
                ))}
              </select>
            </label>
            <noscript>
              <button type="submit" form={FILTER_FORM_ID} className="min-h-11 shrink-0 rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white">
                Ordenar
              </button>
            </noscript>
            {/* Signed in or not: /buscas sends a visitor to sign in and back here. */}
            <Form method="post" action="/buscas" className="flex shrink-0 items-center">
              {saveSearchFields.map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <button
                type="submit"
                className={`inline-flex min-h-11 items-center gap-2 whitespace-nowrap rounded-lg border border-brand-200 bg-brand-50 px-4 text-sm font-semibold text-brand-900 hover:bg-brand-100 ${focusRing}`}
              >
                <Icon name="mail" className="h-4 w-4" />
                Salvar busca
              </button>
              <span className="ml-2 hidden text-xs text-slate-600 sm:inline">e receba por e-mail os anúncios novos</span>
            </Form>
            {chips.length > 0 ? (
              <ul aria-label="Filtros aplicados" className="flex shrink-0 gap-2 sm:flex-wrap">
                {chips.map((chip) => (
                  <li key={chip.label}>
                    <Link
                      to={chip.href}
                      aria-label={`Remover filtro: ${chip.label}`}
                      className={`inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-full border border-brand-200 bg-brand-50 py-1 pl-3 pr-2 text-sm font-medium text-brand-900 hover:bg-brand-100 ${focusRing}`}
                    >
                      {chip.label}
                      <Icon name="x" className="h-4 w-4" />
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
          <span className="shrink-0 sm:hidden">
            <LayoutSwitch />
          </span>
        </div>
        <div className="mt-3 sm:mt-6">
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
              favouriteIds={favouriteIds}
            />
          )}
        </div>
      </section>
    </div>
  );
}
