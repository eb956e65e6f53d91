import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { keptPart } from "~/components/kept-part";
import { StructuredData } from "~/components/server-parts";
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
import { pageCards } from "~/web/page-cards.server";

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

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { cityId: requestedCityId, page } = pageFilterFromUrl(withRememberedCity(url, request));
  const cities = listCities();
  // The featured list is always of one city: the one asked for (or chosen last), else Patos de Minas (spec 01 §9).
  const city = chooseCity(cities, requestedCityId);
  // Cards (the card's share of each ad only); a document's are in its HTML, and its data names them by id.
  const listed = city ? listPublicCards({ cityId: city.id, page, limit: PUBLIC_PAGE_SIZE }) : { ads: [], total: 0 };
  const headers = city ? rememberCity(url, request, String(city.id)) : undefined;
  return data({
    origin: siteOrigin(),
    recent: pageCards(context, "recent", city ? listRecentCards(city.id) : []),
    categories: gridCategories(listCategories()),
    cities,
    cityId: city?.id ?? null,
    page,
    result: { total: listed.total, ads: pageCards(context, "featured", listed.ads) },
    favouriteIds: (await visitorFavourites(request)).favouriteIds,
  }, { headers });
}

/** The banner is the same for everyone who chose the same city: rendered once per city (kept-part.tsx). */
const KeptHomeBanner = keptPart("HomeBanner", () => import("~/components/ads/HomeBanner").then((module) => module.HomeBanner), { htmlFollowsProps: true });

export default function Home() {
  const { categories, cities, cityId, page, result, recent, favouriteIds, origin } = useLoaderData<typeof loader>();
  const city = cities.find((c) => c.id === cityId);
  return (
    <>
      <KeptHomeBanner props={{ cities, cityId }} />

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
        <StructuredData block={(build, card) => build.adItemList(result.ads.map(card), origin, "Anúncios em Destaque")} />
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
