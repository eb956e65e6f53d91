import { useEffect, useRef, useState, type MouseEvent } from "react";
import { formatDateBR } from "~/lib/date-br";
import { failedToLoad } from "~/lib/failed-image";
import { isPlainLeftClick } from "~/lib/plain-click";
import { whatsappLink } from "~/lib/whatsapp";
import { adContactPath, adPath, type CardAd } from "~/models/ad/ad";
import { BOOSTED_BADGE, type BoostMark } from "~/models/ad/boost";
import { formatAdPrice, VIEWS_TOOLTIP } from "./format";
import { PriceDrop } from "./PriceDrop";
import { CARD_IMAGE_SIZES, fillSrcSet, HIGH_PRIORITY, imageVariantUrl } from "~/lib/image-variants";

// On a phone the picture is a list row's 7rem square or a 'Recém-chegados' tile's 160 px (tailwind.css,
// .ad-list and .ad-tiles), so a phone at 2× asks for the 320 px variant, not the 640 px one; a visitor who
// chose the large cards gets the 480 px one at 3×, a little soft on its full width.
export const CARD_IMAGE_SIZES_ATTR = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 160px";
const CARD_IMAGE = { width: 480, height: 360 } as const;

/** "Ver Detalhes" and what it says while the ad is on its way; a card without a (working) photo. AdList does the same on a card the server sent. */
export const DETAILS_LABEL = "Ver Detalhes";
export const OPENING_LABEL = "Carregando...";
export const NO_PHOTO = { className: "ad-card-noimg mi mi-image-off", text: "Sem foto" } as const;

/** The ad card of spec 01 §2: picture, badges, place and date, views, picture count, description, price, actions. */
export function AdCard({
  ad,
  eager = false,
  priority = false,
  onOpen,
  opening = false,
}: {
  ad: CardAd & BoostMark;
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
  useEffect(() => {
    if (imgRef.current && failedToLoad(imgRef.current)) setBroken(true);
  }, []);
  // Only whether there is a chat to open: the link goes through /anuncio/{id}/contato, which counts it.
  const canChat = whatsappLink(ad.whatsapp, ad.description) !== null;
  const titleId = `anuncio-${ad.id}-titulo`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpen || !isPlainLeftClick(event)) return;
    event.preventDefault();
    onOpen(ad.id);
  };

  return (
    // Styles in tailwind.css (.ad-card…): in the one-per-row desktop layout the card lies on its side.
    <article aria-labelledby={titleId} className="ad-card">
      <div className="ad-card-media">
        {cover && !broken ? (
          <img
            ref={imgRef}
            src={imageVariantUrl(cover.publicId, CARD_IMAGE)}
            srcSet={fillSrcSet(cover.publicId, CARD_IMAGE_SIZES)}
            sizes={CARD_IMAGE_SIZES_ATTR}
            width={CARD_IMAGE.width}
            height={CARD_IMAGE.height}
            loading={eager || priority ? "eager" : "lazy"}
            decoding={priority ? "sync" : "async"}
            {...(priority ? HIGH_PRIORITY : {})}
            alt={ad.title}
            onError={() => setBroken(true)}
            className="ad-card-img"
          />
        ) : (
          <div className={NO_PHOTO.className}>{NO_PHOTO.text}</div>
        )}
        {photos > 0 ? (
          <span className="ad-card-count mi mi-images">
            {`${photos}`}
            <span className="sr-only">{photos === 1 ? " foto" : " fotos"}</span>
          </span>
        ) : null}
      </div>

      <div className="ad-card-body">
        <div className="ad-card-tags">
          {ad.boostedUntil ? <span className="badge bg-violet-700 text-white">{BOOSTED_BADGE}</span> : null}
          <span className="badge badge-brand">{ad.category.name}</span>
          <span className="badge badge-amber">{ad.adType || "Vender"}</span>
        </div>
        <h3 id={titleId} className="ad-card-title">
          {ad.title}
        </h3>
        <div className="ad-card-meta">
          <span className="mi mi-map-pin">{`${ad.city} - ${ad.state}`}</span>
          <span className="mi mi-calendar-days">
            <time dateTime={ad.createdAt}>{formatDateBR(new Date(ad.createdAt))}</time>
          </span>
          <span className="mi mi-eye cursor-help" title={VIEWS_TOOLTIP}>
            {`${ad.views}`}
            <span className="sr-only"> visualizações</span>
          </span>
        </div>
        <p className="ad-card-text">{ad.description}</p>
        <p className="ad-card-price">
          {formatAdPrice(ad.price)}
          {ad.previousPrice ? <PriceDrop price={ad.price} previousPrice={ad.previousPrice} /> : null}
        </p>
        <div className="ad-card-actions">
          <a
            href={adPath(ad)}
            onClick={open}
            aria-busy={opening || undefined}
            aria-describedby={titleId}
            className="btn-card btn-card-details"
          >
            {opening ? OPENING_LABEL : DETAILS_LABEL}
          </a>
          {canChat ? (
            <a
              href={adContactPath(ad.id)}
              target="_blank"
              rel="nofollow noopener noreferrer"
              aria-label="Conversar no WhatsApp"
              className="btn-card btn-card-whatsapp mi mi-message-circle"
            >
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
