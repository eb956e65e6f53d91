import { useEffect, useRef, useState, type MouseEvent } from "react";
import { formatDateBR } from "~/lib/date-br";
import { whatsappLink } from "~/lib/whatsapp";
import type { CardAd } from "~/models/ad/ad";
import { formatAdPrice, VIEWS_TOOLTIP } from "./format";
import { Icon } from "~/components/Icon";
import { CARD_IMAGE_SIZES, fillSrcSet, imageVariantUrl } from "~/lib/image-variants";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-offset-2";

// On a phone the picture is the screen less the page's and the card's padding, so a 360 px screen at 2×
// asks for the 640 px variant, not the 960 px one.
export const CARD_IMAGE_SIZES_ATTR = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, calc(100vw - 50px)";
/** React 18 passes only the lowercase attribute through (fetchPriority is React 19's). */
const HIGH_PRIORITY: Record<string, string> = { fetchpriority: "high" };

/** The ad card of spec 01 §2: picture, badges, place and date, views, picture count, description, price, actions. */
export function AdCard({
  ad,
  eager = false,
  priority = false,
  onOpen,
  opening = false,
}: {
  ad: CardAd;
  eager?: boolean;
  /** The first card of a list: its picture is the phone's largest paint, fetched at high priority. */
  priority?: boolean;
  /** With JavaScript, "Ver Detalhes" opens the dialog instead of following the link to the ad page. */
  onOpen?: (id: number) => void;
  opening?: boolean;
}) {
  const cover = ad.images[0];
  const photos = ad.imageCount ?? ad.images.length;
  const [broken, setBroken] = useState(false);
  const imgRef = useRef<HTMLImageElement>(null);
  // An image that failed before hydration never fires onError for React: check once on mount.
  useEffect(() => {
    const img = imgRef.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, []);
  const whatsapp = whatsappLink(ad.whatsapp, ad.description);
  const titleId = `anuncio-${ad.id}-titulo`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpen || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onOpen(ad.id);
  };

  return (
    <article
      aria-labelledby={titleId}
      data-testid="ad-card"
      // In the one-per-row desktop layout (html[data-ads-cols="1"]) the card lies on its side.
      className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm lg:[[data-ads-cols='1']_&]:flex-row"
    >
      <div className="relative p-2 pb-0 lg:[[data-ads-cols='1']_&]:w-80 lg:[[data-ads-cols='1']_&]:shrink-0 lg:[[data-ads-cols='1']_&]:pb-2">
        {cover && !broken ? (
          <img
            ref={imgRef}
            src={imageVariantUrl(cover.publicId, { width: 480, height: 360 })}
            srcSet={fillSrcSet(cover.publicId, CARD_IMAGE_SIZES)}
            sizes={CARD_IMAGE_SIZES_ATTR}
            width={480}
            height={360}
            loading={eager || priority ? "eager" : "lazy"}
            decoding={priority ? "sync" : "async"}
            {...(priority ? HIGH_PRIORITY : {})}
            alt={ad.title}
            onError={() => setBroken(true)}
            className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-cover"
          />
        ) : (
          <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-1 rounded-xl bg-slate-100 text-slate-500">
            <Icon name="image-off" className="h-8 w-8" />
            <span className="text-xs font-medium">Sem foto</span>
          </div>
        )}
        {photos > 0 ? (
          <span className="absolute bottom-2 right-4 inline-flex items-center gap-1 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">
            <Icon name="images" className="h-3.5 w-3.5" />
            {photos}
            <span className="sr-only">{photos === 1 ? " foto" : " fotos"}</span>
          </span>
        ) : null}
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap gap-2">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{ad.category.name}</span>
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{ad.adType || "Vender"}</span>
        </div>
        <h3 id={titleId} className="line-clamp-2 text-base font-bold leading-snug text-slate-900">
          {ad.title}
        </h3>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Icon name="map-pin" className="h-4 w-4 shrink-0" />
            {ad.city} - {ad.state}
          </span>
          <span className="inline-flex items-center gap-1">
            <Icon name="calendar-days" className="h-4 w-4 shrink-0" />
            <time dateTime={ad.createdAt}>{formatDateBR(new Date(ad.createdAt))}</time>
          </span>
          <span className="inline-flex cursor-help items-center gap-1" title={VIEWS_TOOLTIP}>
            <Icon name="eye" className="h-4 w-4 shrink-0" />
            {ad.views}
            <span className="sr-only"> visualizações. {VIEWS_TOOLTIP}</span>
          </span>
        </div>
        <p className="line-clamp-3 text-sm leading-relaxed text-slate-700">{ad.description}</p>
        <p className="mt-auto text-xl font-extrabold text-slate-900">{formatAdPrice(ad.price)}</p>
        <div className="flex flex-wrap gap-2">
          <a
            href={`/anuncio/${ad.id}`}
            onClick={open}
            aria-busy={opening || undefined}
            aria-describedby={titleId}
            className={`inline-flex min-h-11 flex-1 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 focus-visible:ring-brand-600 ${focusRing}`}
          >
            {opening ? "Carregando..." : "Ver Detalhes"}
          </a>
          {whatsapp ? (
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              aria-label="Conversar no WhatsApp"
              className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-whatsapp-700 px-4 py-2 text-sm font-semibold text-white hover:bg-green-800 focus-visible:ring-whatsapp-700 ${focusRing}`}
            >
              <Icon name="message-circle" className="h-5 w-5" />
              WhatsApp
            </a>
          ) : null}
        </div>
      </div>
    </article>
  );
}

export function AdCardSkeleton() {
  return (
    <div aria-hidden="true" data-testid="ad-card-skeleton" className="animate-pulse rounded-2xl border border-slate-200 bg-white p-2">
      <div className="aspect-[4/3] w-full rounded-xl bg-slate-200" />
      <div className="space-y-3 p-2 pt-4">
        <div className="h-4 w-1/2 rounded bg-slate-200" />
        <div className="h-3 w-3/4 rounded bg-slate-200" />
        <div className="h-3 w-full rounded bg-slate-200" />
        <div className="h-6 w-1/3 rounded bg-slate-200" />
        <div className="h-11 w-full rounded-lg bg-slate-200" />
      </div>
    </div>
  );
}
