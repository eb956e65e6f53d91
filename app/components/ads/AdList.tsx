import { Link } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { useNonce } from "~/lib/nonce";
import type { AdDetail, CardAd, PublicAd } from "~/models/ad/ad";
import { AdCard, AdCardSkeleton } from "./AdCard";
import { useHydrated } from "~/components/use-hydrated";
import { Icon, type IconName } from "~/components/Icon";

export const PAGE_SIZE = 12;
const SKELETON_CARDS = 8;
const LAYOUT_KEY = "adsLayout";
type Columns = 1 | 2 | 3;

// The dialog (carousel, sections) is fetched only when someone opens an ad: the lists stay light.
const AdDialog = lazy(() => import("./AdDialog"));
const loadDialog = () => import("./AdDialog");

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

export class FetchAdsError extends Error {
  constructor() {
    super("Failed to fetch ads");
  }
}

/** One page of GET /api/ads/public, retried once (spec 01 §8). */
async function fetchAdsPage(apiQuery: string, page: number): Promise<{ ads: PublicAd[]; total: number }> {
  const params = new URLSearchParams(apiQuery);
  params.set("status", "active");
  // The spec's order unless the list asks for another (newest, price).
  if (!params.has("sortBy")) {
    params.set("sortBy", "views");
    params.set("sortOrder", "desc");
  }
  params.set("page", String(page));
  params.set("limit", String(PAGE_SIZE));
  params.set("_t", String(Date.now()));
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const response = await fetch(`/api/ads/public?${params}`, {
        cache: "no-store",
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      if (response.ok) return (await response.json()) as { ads: PublicAd[]; total: number };
    } catch {
      // network failure: fall through to the retry
    }
  }
  throw new FetchAdsError();
}

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
}: {
  initial: { ads: CardAd[]; total: number };
  /** The page the server rendered (1-based). */
  page: number;
  /** The filters (and order) as /api/ads/public parameters (cityId, categoryId, sortBy, …) without page. */
  apiQuery: string;
  pageHref: (page: number) => string;
}) {
  const hydrated = useHydrated();
  const [ads, setAds] = useState<CardAd[]>(initial.ads);
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
      const next = await fetchAdsPage(apiQuery, lastPage + 1);
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

  return (
    <div>
      <LayoutScript />
      <ul
        data-testid="ad-list"
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 lg:[[data-ads-cols='2']_&]:grid-cols-2 lg:[[data-ads-cols='1']_&]:grid-cols-1"
      >
        {ads.map((ad, index) => (
          <li key={ad.id} className="flex">
            <div className="w-full">
              <AdCard ad={ad} eager={page === 1 && index < 3} priority={page === 1 && index === 0} onOpen={hydrated ? dialog.open : undefined} opening={dialog.openingId === ad.id} />
            </div>
          </li>
        ))}
        {status === "loading"
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
        {hasMore && hydrated ? <div ref={sentinel} data-testid="scroll-sentinel" className="h-px w-full" /> : null}
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
          <AdDialog ad={dialog.ad} onRequestClose={dialog.requestClose} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Opening an ad over the list: fetch it (the dialog opens only once it has arrived), put its own
 * shareable address /anuncio/{id} in the address bar, count the view. Back, Fechar and Escape close it;
 * the Back press is kept from the router, so the list under the dialog stays exactly as it was.
 */
function useAdDialog() {
  const [ad, setAd] = useState<AdDetail | null>(null);
  const [openingId, setOpeningId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pushed = useRef(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onPopState = (event: PopStateEvent) => {
      if (!pushed.current) return;
      pushed.current = false;
      // Capturing listeners on window run before the router's: the router never sees this Back.
      event.stopImmediatePropagation();
      setAd(null);
      opener.current?.focus();
    };
    window.addEventListener("popstate", onPopState, { capture: true });
    return () => window.removeEventListener("popstate", onPopState, { capture: true });
  }, []);

  const open = useCallback(async (id: number) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setOpeningId(id);
    setError(null);
    try {
      const [response] = await Promise.all([
        fetch(`/api/ads/${id}`, { cache: "no-store", credentials: "same-origin", headers: { Accept: "application/json" } }),
        loadDialog(),
      ]);
      if (response.status === 404) throw new Error("Anúncio não encontrado");
      if (!response.ok) throw new Error("Erro ao carregar detalhes do anúncio");
      const detail = (await response.json()) as AdDetail;
      window.history.pushState({ adDialog: id }, "", `/anuncio/${id}`);
      pushed.current = true;
      setAd(detail);
      // One view per opening (a POST: prefetching and revalidation never count).
      void fetch(`/api/ads/${id}/view`, { method: "POST", credentials: "same-origin" })
        .then((res) => (res.ok ? (res.json() as Promise<{ views: number }>) : null))
        .then((body) => {
          if (body) setAd((current) => (current?.id === id ? { ...current, views: body.views } : current));
        })
        .catch(() => {});
    } catch (caught) {
      setError(caught instanceof Error && caught.message === "Anúncio não encontrado" ? caught.message : "Erro ao carregar detalhes do anúncio");
    } finally {
      setOpeningId(null);
    }
  }, []);

  const requestClose = useCallback(() => {
    if (pushed.current) window.history.back();
    else {
      setAd(null);
      opener.current?.focus();
    }
  }, []);

  return {
    ad,
    openingId,
    error,
    open: (id: number) => void open(id),
    requestClose,
    dismissError: () => setError(null),
  };
}

/**
 * Applies the remembered layout before the list paints (no jump from 3 to 1 column after hydration).
 * The grid and the cards read html[data-ads-cols] through Tailwind arbitrary variants.
 */
function LayoutScript() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{
        __html: `try{var c=localStorage.getItem("${LAYOUT_KEY}");document.documentElement.dataset.adsCols=c==="1"||c==="2"?c:"3"}catch(e){}`,
      }}
    />
  );
}

const LAYOUTS: { columns: Columns; label: string; icon: IconName }[] = [
  { columns: 1, label: "1 anúncio por linha", icon: "rows-3" },
  { columns: 2, label: "2 anúncios por linha", icon: "columns-2" },
  { columns: 3, label: "3 anúncios por linha", icon: "columns-3" },
];

/** The 1/2/3-per-row switch (desktop only, default 3, remembered in this browser). Needs JavaScript. */
export function LayoutSwitch() {
  const hydrated = useHydrated();
  const [columns, setColumns] = useState<Columns>(3);
  useEffect(() => {
    const stored = Number(document.documentElement.dataset.adsCols);
    if (stored === 1 || stored === 2 || stored === 3) setColumns(stored);
  }, []);
  if (!hydrated) return null;
  const choose = (value: Columns) => {
    setColumns(value);
    document.documentElement.dataset.adsCols = String(value);
    try {
      localStorage.setItem(LAYOUT_KEY, String(value));
    } catch {
      // private mode or storage full: the choice lasts until the page is left
    }
  };
  return (
    <div role="group" aria-label="Anúncios por linha" className="hidden items-center gap-1 rounded-lg border border-slate-200 bg-white p-1 lg:flex">
      {LAYOUTS.map(({ columns: value, label, icon }) => (
        <button
          key={value}
          type="button"
          onClick={() => choose(value)}
          aria-pressed={columns === value}
          aria-label={label}
          title={label}
          className={`rounded-md p-2 ${focusRing} ${columns === value ? "bg-brand-700 text-white" : "text-slate-600 hover:bg-slate-100"}`}
        >
          <Icon name={icon} className="h-5 w-5" />
        </button>
      ))}
    </div>
  );
}
