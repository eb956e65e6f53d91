import { useFetcher } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { keptPart } from "~/components/kept-part";
import { lazy, Suspense, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { whatsappLink } from "~/lib/whatsapp";
import type { MessageSellerForm as MessageSellerFormPart } from "~/components/messages/MessageSellerForm";
import { adContactPath, adPath, type AdDetail as AdDetailData } from "~/models/ad/ad";
import type { AdDetailDates } from "./ad-dates";
import { formatAdPrice } from "./format";
import { PriceDrop } from "./PriceDrop";
import { useHydrated } from "~/components/use-hydrated";
import { HIGH_PRIORITY, imageVariantUrl, SCALE_WIDTHS } from "~/lib/image-variants";
import { isPlainLeftClick } from "~/lib/plain-click";
import { ShareButton } from "./ShareButton";
import type { ReportActionData } from "~/models/report/ad-report";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

// The full-screen viewer (swipe, pinch-zoom) is fetched the first time someone opens a photo.
const PhotoViewer = lazy(() => import("./PhotoViewer"));

// Below the first screen (the facts, the tips, the forms), and plain HTML until used: the server's markup stays, their code comes when the
// browser must render them (kept-part.tsx) — another ad, a report's answer, the dialog over the lists.
const AdFacts = keptPart("AdFacts", () => import("./AdFacts").then((module) => module.AdFacts));
const SafetyTips = keptPart("SafetyTips", () => import("./SafetyTips").then((module) => module.SafetyTips), { htmlFollowsProps: true });
const MessageSellerForm = keptPart("MessageSellerForm", () => import("~/components/messages/MessageSellerForm").then((module) => module.MessageSellerForm));
const ReportForm = keptPart("ReportForm", () => import("./ReportForm").then((module) => module.ReportForm));

/**
 * The parts' code, fetched at once for an ad about to be shown in the browser (the dialog over the lists):
 * alongside the ad's data rather than one round trip after it, when they would first render and suspend.
 */
export function preloadAdDetailParts() {
  for (const part of [AdFacts, SafetyTips, MessageSellerForm, ReportForm]) part.preload();
}

/** Whole photos (scaled, never cropped) for the carousel and the plain-image link, and their srcset. */
export const CAROUSEL_SIZES = "(min-width: 896px) 832px, 100vw";
export function photoSrcSet(publicId: string) {
  return SCALE_WIDTHS.map((width) => `${imageVariantUrl(publicId, { width })} ${width}w`).join(", ");
}

/**
 * The ad's full content (spec 01 §2 "Ad detail dialog"), laid out for a phone: the photos, then what a
 * buyer decides on — title, price (once), place — and the safety tips; then Detalhes,
 * Características, Anunciante, Localização, Informações, Descrição and 'Denunciar anúncio'. The
 * contact bar ('Entrar em Contato', 'Compartilhar') stays at the bottom of the screen while scrolling
 * (it rests at the end of the ad). The same markup is the ad page and the dialog over the lists.
 */
export function AdDetail({
  ad,
  dates,
  headingLevel = 1,
  shareUrl,
  actions,
  messageBox,
}: {
  ad: AdDetailData;
  /** Its dates, formatted (adDetailDates): by the page's loader, by the dialogs in the browser. */
  dates: AdDetailDates;
  headingLevel?: 1 | 2;
  /** The ad's public address (the page knows it on the server; the dialog takes the browser's origin). */
  shareUrl?: string;
  /** Extra buttons after the contact bar (the dialog's Fechar, the page's way back). */
  actions?: ReactNode;
  /** 'Enviar mensagem' for this viewer (the page's loader, the dialog's useMessageBox); `own`: 'Ver mensagens' instead. */
  messageBox?: Omit<Parameters<typeof MessageSellerFormPart>[0], "adId">;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const whatsapp = whatsappLink(ad.whatsapp, ad.description);
  const url = shareUrl ?? (typeof window === "undefined" ? adPath(ad) : `${window.location.origin}${adPath(ad)}`);
  return (
    <article className="flex flex-col gap-5" aria-labelledby={`detalhe-${ad.id}`}>
      <Carousel ad={ad} />
      <header className="flex flex-col gap-1.5">
        <div className="flex flex-wrap gap-2">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{ad.category.name}</span>
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{ad.adType || "Vender"}</span>
          {ad.status !== "active" ? (
            <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">Não publicado: só você vê</span>
          ) : null}
        </div>
        <Heading id={`detalhe-${ad.id}`} className="text-xl font-extrabold leading-snug tracking-tight text-slate-900 sm:text-2xl">
          {ad.title}
        </Heading>
        <p className="text-2xl font-extrabold text-brand-800 sm:text-3xl" data-testid="ad-price">
          {formatAdPrice(ad.price)}
          {ad.previousPrice ? <PriceDrop price={ad.price} previousPrice={ad.previousPrice} /> : null}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-center gap-1">
            <Icon name="map-pin" className="h-4 w-4 shrink-0" />
            {ad.city} - {ad.state}
          </span>
          <span className="inline-flex items-center gap-1">
            <Icon name="calendar-days" className="h-4 w-4 shrink-0" />
            <time dateTime={ad.createdAt}>{dates.publishedOn}</time>
          </span>
        </p>
      </header>

      <SafetyTips props={{}} />

      <AdFacts props={{ ad, dates }} className="flex flex-col gap-5" />

      {ad.status === "active" ? <MessageSellerForm props={{ adId: ad.id, ...messageBox }} /> : null}

      {ad.status === "active" ? (
        <details className="group rounded-xl border border-slate-200" id={`denunciar-${ad.id}`}>
          <summary className={`flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 [&::-webkit-details-marker]:hidden ${focusRing}`}>
            <Icon name="flag" className="h-4 w-4" />
            Denunciar anúncio
            <Icon name="chevron-down" className="ml-auto h-4 w-4 transition-transform group-open:rotate-180" />
          </summary>
          <ReportFormOnUse adId={ad.id} />
        </details>
      ) : null}

      {/* Sticky at the bottom: on a phone it sits over the bottom of the screen from the first one on. */}
      <div
        data-testid="contact-bar"
        className="sticky bottom-0 z-10 -mx-4 flex gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6"
      >
        {whatsapp ? (
          // Through /anuncio/{id}/contato, which counts the contact and redirects to WhatsApp; an ad only its
          // owner (or an admin) sees counts nothing, so its link goes straight to the chat.
          <a
            href={ad.status === "active" ? adContactPath(ad.id) : whatsapp}
            target="_blank"
            rel="nofollow noopener noreferrer"
            className={`inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg bg-whatsapp-700 px-5 py-2.5 font-semibold text-white hover:bg-green-800 ${focusRing}`}
          >
            <Icon name="message-circle" className="h-5 w-5" />
            Entrar em Contato
          </a>
        ) : ad.status === "active" && !messageBox?.own ? (
          // No number: the site's messages are how buyers reach this seller (issue #37, item 2).
          <a href={`#mensagem-${ad.id}`} className={`inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-lg bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800 ${focusRing}`}>
            <Icon name="message-circle" className="h-5 w-5" />
            Enviar mensagem
          </a>
        ) : (
          <p className="flex flex-1 items-center text-sm text-slate-600">Este anunciante não informou um WhatsApp.</p>
        )}
        <ShareButton title={ad.title} price={formatAdPrice(ad.price)} url={url} />
      </div>

      {actions ? <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">{actions}</div> : null}
    </article>
  );
}

/**
 * The report form, sent by a fetcher as ReportForm's own would be: the answer replaces the form in place, rendered
 * by ReportForm, whose code is fetched while the report is on its way.
 */
function ReportFormOnUse({ adId }: { adId: number }) {
  const fetcher = useFetcher<ReportActionData>();
  return (
    <ReportForm
      props={{ adId, result: fetcher.data }}
      className="border-t border-slate-200 p-4"
      submitForm={(form, submitter) => fetcher.submit(submitter ?? form)}
    />
  );
}

/**
 * A scroll-snap strip of whole photos (scaled, shown with object-contain in a 4:3 frame, so an upright
 * phone photo is not cut) with 64×64 thumbnails. Each photo links to the plain image; with JavaScript
 * the link opens the full-screen viewer instead (swipe, pinch-zoom). Without JavaScript the thumbnails
 * are anchors to each photo and the strip scrolls by touch; with it, arrows and thumbnails scroll the
 * strip in place (no hash changes, which would add history entries under the dialog).
 */
export function Carousel({ ad }: { ad: Pick<AdDetailData, "id" | "title" | "images"> }) {
  const strip = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [viewerAt, setViewerAt] = useState<number | null>(null);
  if (ad.images.length === 0) {
    return (
      <div className="flex aspect-[4/3] w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 text-slate-500 sm:aspect-video">
        <Icon name="image-off" className="h-10 w-10" />
        <span className="text-sm font-medium">Sem fotos</span>
      </div>
    );
  }
  const count = ad.images.length;
  const scrollTo = (index: number) => {
    const el = strip.current;
    if (!el) return;
    const target = ((index % count) + count) % count;
    el.scrollTo({ left: target * el.clientWidth, behavior: "smooth" });
  };
  const current = () => {
    const el = strip.current;
    return el ? Math.round(el.scrollLeft / Math.max(1, el.clientWidth)) : 0;
  };
  const onThumb = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    event.preventDefault();
    scrollTo(index);
  };
  const openViewer = (event: MouseEvent<HTMLAnchorElement>, index: number) => {
    if (!hydrated || !isPlainLeftClick(event)) return;
    event.preventDefault();
    setViewerAt(index);
  };
  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <div
          ref={strip}
          className="flex aspect-[4/3] w-full snap-x snap-mandatory overflow-x-auto rounded-xl bg-slate-900 [scrollbar-width:none] sm:aspect-video"
          aria-label={`Fotos do anúncio (${count})`}
          role="group"
        >
          {ad.images.map((image, index) => (
            <a
              key={image.id}
              id={`foto-${ad.id}-${index + 1}`}
              href={imageVariantUrl(image.publicId, { width: 1200 })}
              onClick={(event) => openViewer(event, index)}
              aria-label={`Ampliar foto ${index + 1} de ${count}`}
              className={`block h-full w-full shrink-0 snap-center ${focusRing} focus-visible:ring-inset`}
            >
              <img
                src={imageVariantUrl(image.publicId, { width: 640 })}
                srcSet={photoSrcSet(image.publicId)}
                sizes={CAROUSEL_SIZES}
                width={640}
                height={480}
                loading={index === 0 ? "eager" : "lazy"}
                decoding={index === 0 ? "sync" : "async"}
                {...(index === 0 ? HIGH_PRIORITY : {})}
                alt={`${ad.title} — foto ${index + 1} de ${count}`}
                className="h-full w-full object-contain"
              />
            </a>
          ))}
        </div>
        {count > 1 ? (
          <span className="pointer-events-none absolute bottom-2 left-2 rounded-full bg-slate-900/75 px-2 py-0.5 text-xs font-medium text-white">
            {count} fotos
          </span>
        ) : null}
        <span className="pointer-events-none absolute bottom-2 right-2 inline-flex items-center gap-1 rounded-full bg-slate-900/75 px-2 py-1 text-xs font-medium text-white">
          <Icon name="maximize-2" className="h-3.5 w-3.5" />
          Ampliar
        </span>
        {hydrated && count > 1 ? (
          <>
            <button
              type="button"
              onClick={() => scrollTo(current() - 1)}
              aria-label="Foto anterior"
              className={`absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-3 text-slate-900 shadow ${focusRing}`}
            >
              <Icon name="chevron-left" className="h-5 w-5" />
            </button>
            <button
              type="button"
              onClick={() => scrollTo(current() + 1)}
              aria-label="Próxima foto"
              className={`absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-3 text-slate-900 shadow ${focusRing}`}
            >
              <Icon name="chevron-right" className="h-5 w-5" />
            </button>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Miniaturas">
          {ad.images.map((image, index) => (
            <li key={image.id} className="shrink-0">
              <a
                href={`#foto-${ad.id}-${index + 1}`}
                onClick={(event) => onThumb(event, index)}
                className={`block rounded-lg ${focusRing}`}
                aria-label={`Ver foto ${index + 1}`}
              >
                <img
                  src={imageVariantUrl(image.publicId, { width: 64, height: 64 })}
                  width={64}
                  height={64}
                  loading="lazy"
                  decoding="async"
                  alt=""
                  className="h-16 w-16 rounded-lg object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {viewerAt !== null ? (
        <Suspense fallback={null}>
          <PhotoViewer
            images={ad.images}
            title={ad.title}
            start={viewerAt}
            onClose={(index) => {
              setViewerAt(null);
              scrollTo(index);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
