import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { CityOptions } from "~/components/ads/CityOptions";
import { AdList, LayoutSwitch } from "~/components/ads/AdList";
import { CategoryGrid } from "~/components/ads/CategoryGrid";
import { RecentArrivals } from "~/components/ads/RecentArrivals";
import { gridCategories } from "~/components/category-icon.server";
import { PUBLIC_PAGE_SIZE } from "~/models/ad/ad";
import { pageFilterFromUrl } from "~/models/listing/listing-query.server";
import { listPublicCards, listRecentCards } from "~/models/listing/listing.server";
import { adItemListJsonLd } from "~/models/listing/structured-data";
import { listCategories } from "~/models/category/category.server";
import { chooseCity } from "~/models/city/city";
import { listCities } from "~/models/city/city.server";
import { siteOrigin } from "~/web/auth.server";

/** The site's title and description (the root's), the page's one address, and the featured ads as an ItemList. */
export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const inherited = matches.flatMap((match) => (match.id === "root" ? match.meta : []));
  if (!data) return inherited;
  return [
    ...inherited,
    { tagName: "link", rel: "canonical", href: `${data.origin}/` },
    { "script:ld+json": adItemListJsonLd(data.result.ads, data.origin, "Anúncios em Destaque") },
  ];
};
import { visitorFavourites } from "~/web/favourites.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const { cityId: requestedCityId, page } = pageFilterFromUrl(new URL(request.url));
  const cities = listCities();
  // The featured list is always of one city: the one asked for, else Patos de Minas (spec 01 §9).
  const city = chooseCity(cities, requestedCityId);
  // Cards (the card's share of each ad only): the page's data travels inside its HTML.
  const result = city ? listPublicCards({ cityId: city.id, page, limit: PUBLIC_PAGE_SIZE }) : { ads: [], total: 0 };
  return {
    origin: siteOrigin(),
    recent: city ? listRecentCards(city.id) : [],
    categories: gridCategories(listCategories()),
    cities,
    cityId: city?.id ?? null,
    page,
    result,
    favouriteIds: (await visitorFavourites(request)).favouriteIds,
  };
}

export default function Home() {
  const { categories, cities, cityId, page, result, recent, favouriteIds } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  const city = cities.find((c) => c.id === cityId);
  return (
    <>
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
        <div className="mx-auto max-w-7xl px-4 lg:px-6 py-10 sm:py-14">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Pequenos anúncios, grandes negócios!</h1>
          <p className="mt-3 max-w-xl text-brand-100">
            Compre, venda e troque em Patos de Minas e região. Fale direto com quem anuncia pelo WhatsApp.
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
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

      <section aria-labelledby="categorias" className="mx-auto max-w-7xl px-4 lg:px-6 py-8">
        <h2 id="categorias" className="text-xl font-bold text-slate-900">
          Categorias
        </h2>
        <div className="mt-4">
          <CategoryGrid categories={categories} />
        </div>
      </section>

      <RecentArrivals ads={recent} cityName={city?.name ?? "sua cidade"} />

      <section aria-labelledby="destaques" className="mx-auto max-w-7xl px-4 lg:px-6 pb-12">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="destaques" className="text-xl font-bold text-slate-900">
              Anúncios em Destaque
            </h2>
            <p className="text-sm text-slate-600">
              {result.total === 0
                ? "Nenhum anúncio encontrado"
                : `${result.total} ${result.total === 1 ? "anúncio" : "anúncios"} em ${city?.name ?? "sua cidade"}`}
            </p>
          </div>
          <div className="flex items-end gap-3">
            <Form method="get" action="/" preventScrollReset className="flex items-end gap-2">
              <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
                Cidade
                <select
                  name="cityId"
                  defaultValue={cityId ?? undefined}
                  key={cityId}
                  onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
                  className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
                >
                  <CityOptions cities={cities} />
                </select>
              </label>
              <noscript>
                <button type="submit" className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white">
                  Ver
                </button>
              </noscript>
            </Form>
            <LayoutSwitch />
          </div>
        </div>
        <div className="mt-6">
          {result.total === 0 ? (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
              Nenhum anúncio encontrado nesta cidade ainda.{" "}
              <Link to="/categories" className="font-semibold text-brand-700 underline">
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
