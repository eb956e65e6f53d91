import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { StructuredData } from "~/components/server-parts";
import { CityOptions } from "~/components/ads/CityOptions";
import { AdList, LayoutSwitch } from "~/components/ads/AdList";
import { KeptCategoryGrid } from "~/components/ads/KeptCategoryGrid";
import { RecentArrivals } from "~/components/ads/RecentArrivals";
import { gridCategories } from "~/components/category-icon.server";
import { ALL_CITIES, PUBLIC_PAGE_SIZE } from "~/models/ad/ad";
import { pageFilterFromUrl } from "~/models/listing/listing-query.server";
import { listPublicCards, listRecentCards } from "~/models/listing/listing.server";
import { listCategories } from "~/models/category/category.server";
import { chooseCity } from "~/models/city/city";
import { listCities } from "~/models/city/city.server";
import { siteOrigin } from "~/web/auth.server";

/** The site's title and description (the root's) and the page's one address (the featured ads' ItemList is in the page: StructuredData). */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const inherited = matches.flatMap((match) => (match.id === "root" ? match.meta : []));
  if (!data) return inherited;
  return [
    ...inherited,
    { tagName: "link", rel: "canonical", href: `${data.origin}/` },
  ];
};
import { visitorFavourites } from "~/web/favourites.server";
import { rememberCity, withRememberedCity } from "~/web/city-choice.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { cityId: requestedCityId, page } = pageFilterFromUrl(withRememberedCity(url, request));
  const cities = listCities();
  // The featured list is always of one city: the one asked for (or chosen last), else Patos de Minas (spec 01 §9).
  const city = chooseCity(cities, requestedCityId);
  // Cards (the card's share of each ad only): the page's data travels inside its HTML.
  const result = city ? listPublicCards({ cityId: city.id, page, limit: PUBLIC_PAGE_SIZE }) : { ads: [], total: 0 };
  const headers = city ? rememberCity(url, request, String(city.id)) : undefined;
  return data({
    origin: siteOrigin(),
    recent: city ? listRecentCards(city.id) : [],
    categories: gridCategories(listCategories()),
    cities,
    cityId: city?.id ?? null,
    page,
    result,
    favouriteIds: (await visitorFavourites(request)).favouriteIds,
  }, { headers });
}

export default function Home() {
  const { categories, cities, cityId, page, result, recent, favouriteIds, origin } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const city = cities.find((c) => c.id === cityId);
  return (
    <>
      {/* On a phone the banner is a line of slogan over the search and the city, so the ads start in the first screen (issue #35). */}
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 py-3 sm:py-14 lg:px-6">
          <h1 className="text-lg font-extrabold leading-tight tracking-tight sm:text-4xl">Pequenos anúncios, grandes negócios!</h1>
          <p className="mt-3 hidden max-w-xl text-brand-100 sm:block">
            Compre, venda e troque em Patos de Minas e região. Fale direto com quem anuncia pelo WhatsApp.
          </p>
          <div className="mt-3 grid gap-2 sm:mt-6 sm:max-w-2xl sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-3">
            <Form method="get" action="/categories" role="search" aria-label="Buscar anúncios" className="flex gap-2">
              {cityId ? <input type="hidden" name="cityId" value={cityId} /> : null}
              <label htmlFor="busca-inicio" className="sr-only">
                O que você procura?
              </label>
              <span className="relative min-w-0 flex-1">
                <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" />
                <input id="busca-inicio" type="search" name="search" enterKeyHint="search" placeholder="O que você procura?" className="filter-field pl-10" />
              </span>
              <button
                type="submit"
                className="min-h-11 shrink-0 rounded-lg bg-accent-400 px-4 font-semibold text-slate-900 hover:bg-accent-300 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/60"
              >
                Buscar
              </button>
            </Form>
            <Form method="get" action="/" preventScrollReset className="flex items-center gap-2">
              <label htmlFor="cidade-inicio" className="shrink-0 text-sm font-semibold">
                Cidade
              </label>
              <select
                id="cidade-inicio"
                name="cityId"
                defaultValue={cityId ?? undefined}
                key={cityId}
                onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
                className="filter-field min-w-0 flex-1"
              >
                <CityOptions cities={cities} />
              </select>
              <noscript>
                <button type="submit" className="min-h-11 rounded-lg bg-white px-4 font-semibold text-brand-800">
                  Ver
                </button>
              </noscript>
            </Form>
          </div>
          <div className="mt-6 hidden flex-wrap gap-3 sm:flex">
            <Link
              to="/categories"
              className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 shadow hover:bg-brand-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/60"
            >
              Ver anúncios
            </Link>
            <Link
              to="/create-ad"
              className="rounded-lg bg-accent-400 px-5 py-3 font-semibold text-slate-900 shadow hover:bg-accent-300 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/60"
            >
              Anunciar
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="categorias" className="mx-auto max-w-7xl px-4 pb-3 pt-3 sm:py-8 lg:px-6">
        <h2 id="categorias" className="sr-only text-xl font-bold text-slate-900 sm:not-sr-only">
          Categorias
        </h2>
        <KeptCategoryGrid props={{ categories }} className="sm:mt-4" />
      </section>

      <RecentArrivals ads={recent} cityName={city?.name ?? "sua cidade"} />

      <section aria-labelledby="destaques" className="mx-auto max-w-7xl px-4 lg:px-6 pb-12">
        <div className="flex items-end justify-between gap-3">
          <div>
            <h2 id="destaques" className="text-lg font-bold text-slate-900 sm:text-xl">
              Anúncios em Destaque
            </h2>
            <p className="text-sm text-slate-600">
              {result.total === 0
                ? "Nenhum anúncio encontrado"
                : `${result.total} ${result.total === 1 ? "anúncio" : "anúncios"} em ${city?.name ?? "sua cidade"}`}
            </p>
          </div>
          <LayoutSwitch />
        </div>
        <StructuredData block={(build) => build.adItemList(result.ads, origin, "Anúncios em Destaque")} />
        <div className="mt-3 sm:mt-6">
          {result.total === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              Nenhum anúncio encontrado nesta cidade ainda.{" "}
              <Link to={`/categories?cityId=${ALL_CITIES}`} className="font-semibold text-brand-700 underline">
                Ver todos os anúncios
              </Link>
            </p>
          ) : (
            <AdList
              key={`${cityId}-${page}`}
              initial={result}
              page={page}
              apiQuery={`cityId=${cityId}`}
              pageHref={(n) => `/?cityId=${cityId}${n > 1 ? `&page=${n}` : ""}`}
              favouriteIds={favouriteIds}
            />
          )}
        </div>
      </section>
    </>
  );
}
