import { Link } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore, type MouseEvent } from "react";
import { useNonce } from "~/components/nonce";
import { KEEP_SERVER_HTML, useServerParts } from "~/components/server-parts";
import { failedToLoad } from "~/lib/failed-image";
import { isPlainLeftClick } from "~/lib/plain-click";
import { AD_LOAD_ERROR, AD_NOT_FOUND, isCardInHtml, type AdDetail, type PageCard } from "~/models/ad/ad";
import { AdCard, AdCardSkeleton, DETAILS_LABEL, NO_PHOTO, OPENING_LABEL } from "./AdCard";
import { FavouriteHeart, FavouriteToast, useFavouriteHearts } from "./FavouriteButton";
import { useHydrated } from "~/components/use-hydrated";
import { AskForWholeCards, useCardsHtmlLost } from "./page-cards";
import { LAYOUT_KEY, PHONE_LAYOUT_KEY } from "./layout-key";

export const PAGE_SIZE = 12;
const SKELETON_CARDS = 8;
/** Where a card's heart sits: over its photo. */
const HEART_CLASS = "absolute left-4 top-4";

// The dialog (carousel, sections) is fetched only when someone opens an ad: the lists stay light.
const AdDialog = lazy(() => import("./AdDialog").then((module) => ({ default: module.ListAdDialog })));
const loadDialog = () => import("./AdDialog");
/** The ad the dialog shows, as /api/ads/{id} gives it (read by AdDialog's openAd). */
const requestAd = (id: number) => fetch(`/api/ads/${id}`, { cache: "no-store", credentials: "same-origin", headers: { Accept: "application/json" } });

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

// The next pages' fetching is loaded when the list first needs a page: a visitor who does not scroll never does.
const loadFetcher = () => import("./fetch-ads");

/**
 * A list of ad cards that keeps going: with JavaScript the next page loads when the sentinel comes
 * within 200 px (a skeleton of 8 cards meanwhile) until everything is loaded; without it a plain link
 * leads to ?page=N+1 with the same filters. "Ver Detalhes" opens the ad in a dialog over the list.
 */
export function AdList({
  initial,
  page,
  apiQuery,
  pageHref,
  favouriteIds,
}: {
  /** The page's cards: by id when the server sent their HTML (page-cards.ts). */
  initial: { ads: PageCard[]; total: number };
  /** The page the server rendered (1-based). */
  page: number;
  /** The filters (and order) as /api/ads/public parameters (cityId, categoryId, sortBy, …) without page. */
  apiQuery: string;
  pageHref: (page: number) => string;
  /** The visitor's favourites: beside the cards, which (and whose HTML) every visitor shares (ADR 016). */
  favouriteIds: number[];
}) {
  const hydrated = useHydrated();
  const server = useServerParts();
  const [ads, setAds] = useState<PageCard[]>(initial.ads);
  const htmlLost = useCardsHtmlLost(ads);
  // The page's data asked again after the cards' HTML was lost: it comes whole.
  if (htmlLost && !initial.ads.some(isCardInHtml)) setAds(initial.ads);
  const [total, setTotal] = useState(initial.total);
  const [lastPage, setLastPage] = useState(page);
  const [exhausted, setExhausted] = useState(false);
  const [status, setStatus] = useState<"idle" | "loading" | "error">("idle");
  const sentinel = useRef<HTMLDivElement>(null);
  const loaded = (page - 1) * PAGE_SIZE + ads.length;
  const hasMore = !exhausted && loaded < total;

  const loadMore = useCallback(async () => {
    setStatus("loading");
    try {
      const { fetchAdsPage } = await loadFetcher();
      const next = await fetchAdsPage(apiQuery, lastPage + 1, PAGE_SIZE);
      setAds((current) => {
        // Views change while someone scrolls, so an ad can move between pages: never show it twice.
        const seen = new Set(current.map((ad) => ad.id));
        return [...current, ...next.ads.filter((ad) => !seen.has(ad.id))];
      });
      setTotal(next.total);
      setLastPage(lastPage + 1);
      if (next.ads.length < PAGE_SIZE) setExhausted(true);
      setStatus("idle");
    } catch (error) {
      console.error(error);
      setStatus("error");
    }
  }, [apiQuery, lastPage]);

  useEffect(() => {
    const target = sentinel.current;
    // The sentinel exists only once hydrated, hence `hydrated` among the dependencies.
    if (!hydrated || !target || !hasMore || status !== "idle") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          void loadMore();
        }
      },
      { rootMargin: "200px" },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hydrated, hasMore, status, loadMore]);

  const dialog = useAdDialog();
  const hearts = useFavouriteHearts(favouriteIds);

  return (
    <div>
      <LayoutScript />
      {htmlLost ? <AskForWholeCards /> : null}
      <ul
        data-testid="ad-list"
        className="ad-list"
      >
        {ads.map((ad, index) => {
          // The first page's first cards are above the fold: their pictures load at once, the very first at high priority.
          const eager = page === 1 && index < 3;
          const priority = page === 1 && index === 0;
          // On the server the item's kept HTML (components/server-parts.tsx): the card and the heart in
          // this visitor's state; in the browser the card and the heart themselves, which hydrate that
          // HTML. The heart is the visitor's own, so it sits beside the card every visitor shares.
          return server ? (
            <li
              key={`h${ad.id}`}
              className="relative flex"
              dangerouslySetInnerHTML={{ __html: server.listItemHtml(server.card(ad), eager, priority, { on: hearts.isOn(ad.id), redirectTo: hearts.redirectTo, className: HEART_CLASS }) }}
            />
          ) : isCardInHtml(ad) ? (
            htmlLost ? null : (
              // Its own key: a whole card that comes later replaces the kept <li>, never fills it.
              <li key={`h${ad.id}`} className="relative flex">
                <CardFromHtml id={ad.id} onOpen={dialog.open} opening={dialog.openingId === ad.id} />
                <FavouriteHeart adId={ad.id} hearts={hearts} className={HEART_CLASS} />
              </li>
            )
          ) : (
            <li key={ad.id} className="relative flex">
              <div className="contents">
                <AdCard ad={ad} eager={eager} priority={priority} onOpen={hydrated ? dialog.open : undefined} opening={dialog.openingId === ad.id} />
              </div>
              <FavouriteHeart adId={ad.id} hearts={hearts} className={HEART_CLASS} />
            </li>
          );
        })}
        {status === "loading" || htmlLost
          ? Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <li key={`skeleton-${index}`}>
                <AdCardSkeleton />
              </li>
            ))
          : null}
      </ul>

      <p className="sr-only" aria-live="polite">
        {status === "loading" ? "Carregando mais anúncios..." : hydrated && lastPage > page ? `${ads.length} anúncios carregados` : ""}
      </p>

      <nav aria-label="Paginação" className="mt-8 flex flex-col items-center gap-3">
        {status === "error" ? (
          <div role="alert" className="flex flex-col items-center gap-2 text-center text-sm text-red-800">
            <p>Não foi possível carregar mais anúncios.</p>
            <button
              type="button"
              onClick={() => void loadMore()}
              className={`rounded-lg border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}
            >
              Tentar novamente
            </button>
          </div>
        ) : null}
        {hasMore && hydrated && !htmlLost ? <div ref={sentinel} data-testid="scroll-sentinel" className="h-px w-full" /> : null}
        {/* Without JavaScript (and before it starts), plain links: nobody is stuck on one page. */}
        {!hydrated ? (
          <div className="flex flex-wrap justify-center gap-3">
            {page > 1 ? (
              <Link to={pageHref(page - 1)} rel="prev" className={`rounded-lg border border-slate-300 bg-white px-5 py-3 font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}>
                Página anterior
              </Link>
            ) : null}
            {hasMore ? (
              <Link to={pageHref(page + 1)} rel="next" className={`rounded-lg bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800 ${focusRing}`}>
                Próxima página
              </Link>
            ) : null}
          </div>
        ) : page > 1 ? (
          <Link to={pageHref(1)} className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
            Voltar ao início da lista
          </Link>
        ) : null}
        {!hasMore && total > 0 && loaded > PAGE_SIZE ? <p className="text-sm text-slate-500">Você chegou ao fim da lista.</p> : null}
      </nav>

      <FavouriteToast hearts={hearts} />
      {dialog.error ? (
        <div role="alert" className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-xl bg-red-700 px-4 py-3 text-sm font-medium text-white shadow-lg">
          <span>{dialog.error}</span>
          <button type="button" onClick={dialog.dismissError} className="rounded px-2 py-1 font-semibold underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white">
            Fechar
          </button>
        </div>
      ) : null}
      {dialog.ad ? (
        <Suspense fallback={null}>
          <AdDialog ad={dialog.ad} onClosed={dialog.closed} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * A card whose HTML the server sent (page-cards.ts), left as it is, with what AdCard does in the browser
 * done on that HTML: "Ver Detalhes" opens the ad over the list and says so while it comes; a photo that
 * fails to load (before hydration too) gives way to "Sem foto".
 */
function CardFromHtml({ id, onOpen, opening }: { id: number; onOpen: (id: number) => void; opening: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const details = box.current?.querySelector(".btn-card-details");
    const label = opening ? OPENING_LABEL : DETAILS_LABEL;
    if (!details || details.textContent === label) return;
    details.textContent = label;
    if (opening) details.setAttribute("aria-busy", "true");
    else details.removeAttribute("aria-busy");
  }, [opening]);
  useEffect(() => {
    const photo = box.current?.querySelector("img");
    if (!photo) return;
    const showNoPhoto = () => {
      const placeholder = document.createElement("div");
      placeholder.className = NO_PHOTO.className;
      placeholder.textContent = NO_PHOTO.text;
      photo.replaceWith(placeholder);
    };
    if (failedToLoad(photo)) return showNoPhoto();
    photo.addEventListener("error", showNoPhoto, { once: true });
    return () => photo.removeEventListener("error", showNoPhoto);
  }, []);
  const open = (event: MouseEvent<HTMLDivElement>) => {
    if (!isPlainLeftClick(event) || !(event.target instanceof Element) || !event.target.closest(".btn-card-details")) return;
    event.preventDefault();
    onOpen(id);
  };
  return <div ref={box} className="contents" onClick={open} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
}

/**
 * Opening an ad over the list: the dialog's module fetches the ad (the dialog opens only once it has
 * arrived), puts its own shareable address (adPath) in the address bar and counts the view; Back,
 * Fechar and Escape close it (AdDialog.tsx). All of that is loaded with the dialog, on first use.
 */
function useAdDialog() {
  const [ad, setAd] = useState<AdDetail | null>(null);
  const [openingId, setOpeningId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);

  const open = useCallback(async (id: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpeningId(id);
    setError(null);
    try {
      // The ad's data and the dialog's code travel at once: on a slow link, one round trip instead of two.
      const answer = requestAd(id);
      answer.catch(() => {}); // openAd reports a failed request; until then it is not unhandled.
      const { openAd } = await loadDialog();
      setAd(await openAd(id, answer, (views) => setAd((current) => (current?.id === id ? { ...current, views } : current))));
    } catch (caught) {
      setError(caught instanceof Error && caught.cause === 404 ? AD_NOT_FOUND : AD_LOAD_ERROR);
    } finally {
      setOpeningId(null);
    }
  }, []);

  const closed = useCallback(() => {
    setAd(null);
    opener.current?.focus();
  }, []);

  return { ad, openingId, error, open: (id: number) => void open(id), closed, dismissError: () => setError(null) };
}

/**
 * Applies the remembered layouts before the list paints (no jump from 3 to 1 column after hydration).
 * The grid and the cards read html[data-ads-cols] (desktop) and html[data-ads-phone] (a phone's full
 * cards instead of the compact list) in tailwind.css.
 */
function LayoutScript() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{
        __html: `try{var c=localStorage.getItem("${LAYOUT_KEY}");document.documentElement.dataset.adsCols=c==="1"||c==="2"?c:"3";if(localStorage.getItem("${PHONE_LAYOUT_KEY}")==="cards")document.documentElement.dataset.adsPhone="cards"}catch(e){}`,
      }}
    />
  );
}

// The switches' code is fetched once the page is up, and only where one is shown.
const LayoutButtons = lazy(() => import("./LayoutButtons"));
const PhoneLayoutButtons = lazy(() => import("./LayoutButtons").then((module) => ({ default: module.PhoneLayoutButtons })));
const DESKTOP = "(min-width: 1024px)";
// tailwind.css's compact list: below Tailwind's sm.
const PHONE = "(max-width: 639px)";
const screenIs = (media: string) => ({
  subscribe: (onChange: () => void) => {
    const query = window.matchMedia(media);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  },
  matches: () => window.matchMedia(media).matches,
});
const desktopScreen = screenIs(DESKTOP);
const phoneScreen = screenIs(PHONE);

/**
 * The layout switch, remembered in this browser; needs JavaScript. On a desktop 1/2/3 per row (default
 * 3, spec 01 §2); on a phone the compact list (the default: several ads a screen) or the spec's cards.
 */
export function LayoutSwitch() {
  const desktop = useSyncExternalStore(desktopScreen.subscribe, desktopScreen.matches, () => false);
  const phone = useSyncExternalStore(phoneScreen.subscribe, phoneScreen.matches, () => false);
  if (!desktop && !phone) return null;
  return <Suspense fallback={null}>{desktop ? <LayoutButtons /> : <PhoneLayoutButtons />}</Suspense>;
}
