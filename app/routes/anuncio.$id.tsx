import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData, useRouteError, type ShouldRevalidateFunction } from "@remix-run/react";
import { StructuredData } from "~/components/server-parts";
import { Icon } from "~/components/Icon";
import { useEffect, useRef } from "react";
import { AdDetail, CAROUSEL_SIZES, photoSrcSet } from "~/components/ads/AdDetail";
import { FavouriteButton } from "~/components/ads/FavouriteButton";
import { adDetailDates } from "~/components/ads/ad-dates";
import { formatAdPrice } from "~/components/ads/format";
import { imageVariantUrl } from "~/lib/image-variants";
import { SoldAdDetail } from "~/components/ads/SoldAdDetail";
import { keptPart } from "~/components/kept-part";
import { AD_LOAD_ERROR, AD_NOT_FOUND, AD_STATUS_LABELS, adIdFromSegment, adPath, type SoldAd } from "~/models/ad/ad";
import { boostedUntilByAd } from "~/models/ad/boost.server";
import { getAdForViewer } from "~/models/ad/detail.server";
import { getSoldAd } from "~/models/ad/sold.server";
import { listPublicCards } from "~/models/listing/listing.server";
import { listingPath } from "~/models/listing/listing-links";
import { countAdView } from "~/models/ad/views.server";
import { messageBoxFor } from "~/models/message/conversations.server";
import { messageDraft } from "~/models/message/drafts.server";
import { siteOrigin } from "~/web/auth.server";
import { visitorFavourites } from "~/web/favourites.server";
import { goneData, NO_STORE, notFoundPage } from "~/web/http.server";
import { visitorHeaders, visitorOf } from "~/web/visitor.server";

/**
 * Is this request a person opening the page (a document navigation), as opposed to the router
 * fetching data, a link prefetch or a speculative prerender? Only those count a view here; with
 * JavaScript, client-side openings count through POST /api/ads/{id}/view instead.
 */
function isDocumentOpening(request: Request) {
  if (request.method !== "GET") return false;
  const purpose = `${request.headers.get("Sec-Purpose") ?? ""} ${request.headers.get("Purpose") ?? ""}`;
  if (/prefetch|prerender/i.test(purpose)) return false;
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate" && (request.headers.get("Sec-Fetch-Dest") ?? "document") === "document";
  // Browsers without Fetch Metadata: a page load asks for HTML, the router's data requests do not.
  return /text\/html/.test(request.headers.get("Accept") ?? "");
}

/** One address per ad (docs/decisions/024): the bare id, an old title's words or a wrong case move for good. */
function redirectToCanonical(request: Request, ad: { id: number; title: string }) {
  const url = new URL(request.url);
  const canonical = adPath(ad);
  if (url.pathname === canonical) return;
  // The visitor's query string stays; the router's own (single fetch's `_routes`) does not belong in the address.
  url.searchParams.delete("_routes");
  throw redirect(`${canonical}${url.search}`, 301);
}

/** How many similar public ads a sold ad's page offers. */
const SIMILAR_TO_SOLD = 4;

/** A sold ad (issue #36): 410 for everyone, its owner included, with what it was and similar public ads; never a contact. */
function soldAdPage(request: Request, sold: SoldAd) {
  redirectToCanonical(request, sold);
  const place = { categoryId: sold.category.id, subcategoryId: sold.subcategory?.id, cityId: sold.idCity };
  const similar = listPublicCards({ ...place, sort: "views", page: 1, limit: SIMILAR_TO_SOLD }).ads;
  return goneData({ kind: "sold" as const, sold, similar, moreHref: listingPath(place), origin: siteOrigin() });
}


// The boost badge and the owner's boost links: links only, kept as the server rendered them (kept-part.tsx).
const BoostBar = keptPart("BoostBar", () => import("~/components/ads/BoostBar").then((module) => module.BoostBar));
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const id = adIdFromSegment(params.id);
  if (id === null) throw notFoundPage();
  const sold = getSoldAd(id);
  if (sold) return soldAdPage(request, sold);
  const { user, favouriteIds } = await visitorFavourites(request);
  const ad = getAdForViewer(id, user);
  if (!ad) throw notFoundPage();
  redirectToCanonical(request, ad);

  // `counted`: this opening was taken care of here (counted, or already counted for this visitor today),
  // so the page must not count it again from the browser.
  let counted = false;
  let headers = new Headers(NO_STORE);
  if (ad.status === "active" && isDocumentOpening(request)) {
    const visitor = await visitorOf(request, context);
    const view = countAdView(ad.id, visitor.person);
    if (view) {
      ad.views = view.views;
      counted = true;
    }
    headers = visitorHeaders(visitor, headers);
  }
  const origin = siteOrigin();
  // The page carries a view count and, for owners, a non-public ad: no shared caches.
  // The boost's badge while it runs (ADR 037), and its owner's links to buy more while the ad is public.
  const boostedUntil = boostedUntilByAd([ad.id]).get(ad.id)?.toISOString() ?? null;
  const ownsLiveAd = user?.id === ad.userId && ad.status === "active";
  // 'Enviar mensagem' (issue #37): back from the login, the address's token brings the visitor's text back.
  const draftToken = new URL(request.url).searchParams.get("mensagem");
  const messageBox = messageBoxFor(user?.id ?? null, ad, draftToken, user ? messageDraft(draftToken, ad.id) : null);
  return data({ kind: "ad" as const, ad, dates: adDetailDates(ad), counted, origin, favourite: favouriteIds.includes(ad.id), boostedUntil, ownsLiveAd, messageBox }, { headers });
}

/** A report sent from this page must not reload it: the third report takes the ad out of the public eye (a 404). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.endsWith("/denunciar") ? false : defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => {
  if (!loaderData) return [{ title: `${AD_NOT_FOUND} | Classificados Patos` }];
  if (loaderData.kind === "sold") {
    const { sold, origin } = loaderData;
    return [
      { title: `${sold.title} — ${AD_STATUS_LABELS.sold} | Classificados Patos` },
      { name: "robots", content: "noindex" },
      { tagName: "link", rel: "canonical", href: `${origin}${adPath(sold)}` },
    ];
  }
  const { ad, origin } = loaderData;
  const price = formatAdPrice(ad.price);
  const title = `${ad.title} — ${price}`;
  const description = `${price} · ${ad.city} - ${ad.state} · ${ad.description}`.slice(0, 200);
  const url = `${origin}${adPath(ad)}`;
  const cover = ad.images[0];
  const tags: ReturnType<MetaFunction> = [
    { title: `${title} | Classificados Patos` },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: "Classificados Patos" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:url", content: url },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { name: "twitter:card", content: cover ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
  ];
  if (cover) {
    const image = `${origin}${imageVariantUrl(cover.publicId, { width: 1200, height: 630, jpeg: true })}`;
    tags.push(
      { property: "og:image", content: image },
      { property: "og:image:type", content: "image/jpeg" },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { property: "og:image:alt", content: ad.title },
      { name: "twitter:image", content: image },
    );
  }
  if (cover) {
    // The first photo is the phone's largest paint: ask for it with the stylesheet, at high priority.
    tags.push({
      tagName: "link",
      rel: "preload",
      as: "image",
      href: imageVariantUrl(cover.publicId, { width: 640 }),
      imageSrcSet: photoSrcSet(cover.publicId),
      imageSizes: CAROUSEL_SIZES,
      fetchpriority: "high",
    });
  }
  if (ad.status !== "active") tags.push({ name: "robots", content: "noindex" });
  return tags;
};

export default function AdPage() {
  const page = useLoaderData<typeof loader>();
  return page.kind === "sold" ? (
    <div className="mx-auto max-w-3xl px-4 pt-2 sm:py-6 lg:px-6">
      <div className="bg-white sm:rounded-2xl sm:border sm:border-slate-200 sm:p-6 sm:shadow-sm">
        <SoldAdDetail ad={page.sold} similar={page.similar} moreHref={page.moreHref} />
      </div>
    </div>
  ) : (
    <PublicAdPage {...page} />
  );
}

function PublicAdPage({ ad, dates, counted, origin, favourite, boostedUntil, ownsLiveAd, messageBox }: Omit<Extract<ReturnType<typeof useLoaderData<typeof loader>>, { kind: "ad" }>, "kind">) {
  // Opened by a client-side navigation (the server did not count it): count this opening once.
  const countedFor = useRef<number | null>(counted ? ad.id : null);
  useEffect(() => {
    if (countedFor.current === ad.id || ad.status !== "active") return;
    countedFor.current = ad.id;
    void fetch(`/api/ads/${ad.id}/view`, { method: "POST", credentials: "same-origin" }).catch(() => {});
  }, [ad.id, ad.status]);

  return (
    <div className="mx-auto max-w-3xl px-4 pt-2 sm:py-6 lg:px-6">
      <StructuredData block={(build) => build.adProduct(ad, origin)} />
      <StructuredData block={(build) => build.adBreadcrumb(ad, origin)} />
      <nav aria-label="Trilha" className="truncate text-sm text-slate-600 sm:mb-2">
        <ol className="flex items-center gap-1">
          <li>
            <Link to="/" className="inline-flex min-h-11 items-center hover:text-brand-800 hover:underline">
              Início
            </Link>
          </li>
          <li aria-hidden="true">›</li>
          <li className="truncate">
            <Link to={listingPath({ categoryId: ad.category.id })} className="inline-flex min-h-11 items-center hover:text-brand-800 hover:underline">
              {ad.category.name}
            </Link>
          </li>
          {ad.subcategory ? (
            <>
              <li aria-hidden="true">›</li>
              <li className="truncate">
                <Link to={listingPath({ categoryId: ad.category.id, subcategoryId: ad.subcategory.id })} className="inline-flex min-h-11 items-center hover:text-brand-800 hover:underline">
                  {ad.subcategory.name}
                </Link>
              </li>
            </>
          ) : null}
        </ol>
      </nav>
      <BoostBar props={{ adId: ad.id, boostedUntil, ownsLiveAd }} />
      <div className="bg-white sm:rounded-2xl sm:border sm:border-slate-200 sm:p-6 sm:shadow-sm">
        <AdDetail
          ad={ad}
          dates={dates}
          shareUrl={`${origin}${adPath(ad)}`}
          messageBox={messageBox}
          actions={
            <>
            {ad.status === "active" ? <FavouriteButton adId={ad.id} favourite={favourite} wide /> : null}
            <Link
              to={listingPath({ categoryId: ad.category.id })}
              className="inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 py-2.5 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
            >
              <Icon name="arrow-left" className="h-5 w-5" />
              Ver mais anúncios
            </Link>
            </>
          }
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon name={notFound ? "search-x" : "triangle-alert"} className="h-8 w-8" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900">
        {notFound ? AD_NOT_FOUND : AD_LOAD_ERROR}
      </h1>
      <p className="mt-4 text-slate-600">
        {notFound
          ? "Este anúncio não existe, expirou ou não está mais publicado."
          : "Tente novamente em instantes."}
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link
          to="/categories"
          className="inline-flex items-center justify-center rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          Ver outros anúncios
        </Link>
        <Link
          to="/"
          className="inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          Ir para o início
        </Link>
      </div>
    </section>
  );
}
