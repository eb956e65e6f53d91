/**
 * /vendedor/{userId}-{slug}: the seller's page (issue #36, item 3). The public name, "No Classificados
 * desde {mês de ano}", the cities of their ads, how many are public and how many sold, and their public
 * ads as cards, PUBLIC_PAGE_SIZE a page (?page=N, plain links, so without JavaScript too). Nothing else
 * about the person. A wrong or old slug answers 301 to the canonical address; an account without a
 * public ad (or none at all) is the same 404, so the page tells nobody who has an account.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdCard } from "~/components/ads/AdCard";
import { Icon } from "~/components/Icon";
import { StructuredData } from "~/components/server-parts";
import { parseId } from "~/lib/parse-id";
import { memberSinceLabel, SELLER_NOT_FOUND, sellerIdFromSegment, sellerPath } from "~/models/listing/seller";
import { publicSeller } from "~/models/listing/seller.server";
import { siteOrigin } from "~/web/auth.server";
import { NO_STORE, notFoundPage } from "~/web/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = sellerIdFromSegment(params.id);
  if (id === null) throw notFoundPage(SELLER_NOT_FOUND);
  const url = new URL(request.url);
  const page = parseId(url.searchParams.get("page") ?? "1") ?? 1;
  const seller = publicSeller(id, page);
  if (!seller) throw notFoundPage(SELLER_NOT_FOUND);
  const canonical = sellerPath(seller);
  if (url.pathname !== canonical) {
    url.searchParams.delete("_routes");
    throw redirect(`${canonical}${url.search}`, 301);
  }
  const origin = siteOrigin();
  return data({ seller, origin }, { headers: NO_STORE });
}

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => {
  if (!loaderData) return [{ title: `${SELLER_NOT_FOUND} | Classificados Patos` }];
  const { seller, origin } = loaderData;
  const title = `Anúncios de ${seller.name}`;
  const pageSuffix = seller.page > 1 ? `?page=${seller.page}` : "";
  return [
    { title: `${title} | Classificados Patos` },
    { name: "description", content: `${title}: ${seller.activeAds === 1 ? "1 anúncio" : `${seller.activeAds} anúncios`} em ${seller.cities.join(", ")}.` },
    { tagName: "link", rel: "canonical", href: `${origin}${sellerPath(seller)}${pageSuffix}` },
  ];
};

const count = (n: number, one: string, many: string) => `${n.toLocaleString("pt-BR")} ${n === 1 ? one : many}`;

export default function SellerPage() {
  const { seller, origin } = useLoaderData<typeof loader>();
  const pageHref = (page: number) => `${sellerPath(seller)}${page > 1 ? `?page=${page}` : ""}`;
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:py-8 lg:px-6">
      <StructuredData block={(build) => build.sellerPerson(seller, origin)} />
      <StructuredData block={(build) => build.adItemList(seller.ads, origin, `Anúncios de ${seller.name}`)} />
      <header className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{seller.name}</h1>
        <p className="inline-flex items-center gap-1.5 text-sm text-slate-600">
          <Icon name="calendar-days" className="h-4 w-4 shrink-0" />
          No Classificados desde {memberSinceLabel(seller.memberSince)}
        </p>
        <p className="inline-flex items-center gap-1.5 text-sm text-slate-600">
          <Icon name="map-pin" className="h-4 w-4 shrink-0" />
          {seller.cities.join(", ")}
        </p>
        <p className="flex flex-wrap gap-2 text-sm font-semibold">
          <span className="rounded-full bg-brand-50 px-3 py-1 text-brand-800" data-testid="seller-active">
            {count(seller.activeAds, "anúncio ativo", "anúncios ativos")}
          </span>
          <span className="rounded-full bg-emerald-50 px-3 py-1 text-emerald-800" data-testid="seller-sold">
            {count(seller.soldAds, "vendido", "vendidos")}
          </span>
        </p>
      </header>
      <h2 className="mt-6 text-lg font-bold text-slate-900">Anúncios de {seller.name}</h2>
      <ul className="ad-list mt-3" data-testid="seller-ads">
        {seller.ads.map((ad, index) => (
          <li key={ad.id} className="flex">
            <AdCard ad={ad} eager={index < 2} priority={index === 0} />
          </li>
        ))}
      </ul>
      {seller.totalPages > 1 ? (
        <nav aria-label="Páginas" className="mt-6 flex items-center justify-center gap-3 text-sm">
          {seller.page > 1 ? (
            <Link to={pageHref(seller.page - 1)} rel="prev" className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
              Anterior
            </Link>
          ) : null}
          <span className="text-slate-600">
            Página {seller.page} de {seller.totalPages}
          </span>
          {seller.page < seller.totalPages ? (
            <Link to={pageHref(seller.page + 1)} rel="next" className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 font-semibold text-slate-800 hover:bg-slate-50">
              Próxima
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

export { ErrorBoundary } from "./anuncio.$id";
