import { Icon } from "~/components/Icon";
import { useRef, type MouseEvent, type ReactNode } from "react";
import { expirationKeyFromInstant, formatDateBR, formatDateKeyBR } from "~/lib/dates";
import { formatWhatsapp, whatsappLink } from "~/lib/whatsapp";
import type { AdDetail as AdDetailData } from "~/models/ad/ad";
import { formatAdPrice, VIEWS_TOOLTIP } from "./format";
import { useHydrated } from "~/components/use-hydrated";
import { DETAIL_IMAGE_SIZES, fillSrcSet, imageVariantUrl } from "~/lib/image-variants";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

/**
 * The ad's full content (spec 01 §2 "Ad detail dialog"): carousel with thumbnails, then Detalhes,
 * Características, Anunciante, Localização, Informações and Descrição, then the actions. The same
 * markup is the /anuncio/{id} page and the dialog over the lists.
 */
export function AdDetail({
  ad,
  headingLevel = 1,
  actions,
}: {
  ad: AdDetailData;
  headingLevel?: 1 | 2;
  /** Extra buttons beside "Entrar em Contato" (the dialog's Fechar, the page's way back). */
  actions?: ReactNode;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const whatsapp = whatsappLink(ad.whatsapp, ad.description);
  return (
    <article className="flex flex-col gap-6" aria-labelledby={`detalhe-${ad.id}`}>
      <Carousel ad={ad} />
      <header className="flex flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{ad.category.name}</span>
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{ad.adType || "Vender"}</span>
          {ad.status !== "active" ? (
            <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-800">Não publicado: só você vê</span>
          ) : null}
        </div>
        <Heading id={`detalhe-${ad.id}`} className="text-2xl font-extrabold tracking-tight text-slate-900">
          {ad.title}
        </Heading>
        <p className="text-3xl font-extrabold text-brand-800">{formatAdPrice(ad.price)}</p>
      </header>

      <div className="grid gap-6 md:grid-cols-2">
        <Section title="Detalhes">
          <Row label="Preço" value={formatAdPrice(ad.price)} />
          <Row label="Tipo" value={ad.adType || "Vender"} />
          <Row label="Categoria" value={ad.category.name} />
          {ad.subcategory ? <Row label="Subcategoria" value={ad.subcategory.name} /> : null}
        </Section>
        {ad.characteristicItems.length > 0 ? (
          <Section title="Características">
            {ad.characteristicItems.map((item) => (
              <Row key={item.key} label={item.label} value={item.value} />
            ))}
          </Section>
        ) : null}
        <Section title="Anunciante">
          <Row label="Nome" value={ad.user.fullName || "Anunciante"} />
          {ad.whatsapp ? <Row label="WhatsApp" value={formatWhatsapp(ad.whatsapp)} /> : null}
        </Section>
        <Section title="Localização">
          <Row label="Cidade" value={`${ad.city} - ${ad.state}`} />
        </Section>
        <Section title="Informações">
          <Row label="Publicado em" value={formatDateBR(new Date(ad.createdAt))} />
          <Row label="Visualizações" value={String(ad.views)} title={VIEWS_TOOLTIP} />
          {ad.expirationDate ? (
            <Row label="Expira em" value={formatDateKeyBR(expirationKeyFromInstant(new Date(ad.expirationDate)))} />
          ) : null}
        </Section>
      </div>

      <section aria-labelledby={`descricao-${ad.id}`}>
        <h3 id={`descricao-${ad.id}`} className="text-sm font-bold uppercase tracking-wide text-slate-500">
          Descrição
        </h3>
        <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-800">{ad.description}</p>
      </section>

      <div className="flex flex-col gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">
        {whatsapp ? (
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-whatsapp-700 px-5 py-2.5 font-semibold text-white hover:bg-green-800 ${focusRing}`}
          >
            <Icon name="message-circle" className="h-5 w-5" />
            Entrar em Contato
          </a>
        ) : null}
        {actions}
      </div>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4">
      <h3 className="text-sm font-bold uppercase tracking-wide text-slate-500">{title}</h3>
      <dl className="mt-2 divide-y divide-slate-100 text-sm">{children}</dl>
    </section>
  );
}

function Row({ label, value, title }: { label: string; value: string; title?: string }) {
  return (
    <div className="flex justify-between gap-4 py-1.5" title={title}>
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-right font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * A scroll-snap strip of 800×450 pictures with 64×64 thumbnails. Without JavaScript the thumbnails
 * are anchors to each picture and the strip scrolls by touch; with it, arrows and thumbnails scroll
 * the strip in place (no hash changes, which would add history entries under the dialog).
 */
function Carousel({ ad }: { ad: AdDetailData }) {
  const strip = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  if (ad.images.length === 0) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-xl bg-slate-100 text-slate-500">
        <Icon name="image-off" className="h-10 w-10" />
        <span className="text-sm font-medium">Sem fotos</span>
      </div>
    );
  }
  const scrollTo = (index: number) => {
    const el = strip.current;
    if (!el) return;
    const count = ad.images.length;
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
  return (
    <div className="flex flex-col gap-2">
      <div className="relative">
        <div
          ref={strip}
          className="flex aspect-video w-full snap-x snap-mandatory overflow-x-auto rounded-xl bg-slate-900 [scrollbar-width:none]"
          aria-label={`Fotos do anúncio (${ad.images.length})`}
          role="group"
        >
          {ad.images.map((image, index) => (
            <img
              key={image.id}
              id={`foto-${ad.id}-${index + 1}`}
              src={imageVariantUrl(image.publicId, { width: 800, height: 450 })}
              srcSet={fillSrcSet(image.publicId, DETAIL_IMAGE_SIZES)}
              sizes="(min-width: 896px) 832px, 100vw"
              width={800}
              height={450}
              loading={index === 0 ? "eager" : "lazy"}
              decoding="async"
              alt={`${ad.title} — foto ${index + 1} de ${ad.images.length}`}
              className="aspect-video w-full shrink-0 snap-center object-cover"
            />
          ))}
        </div>
        {hydrated && ad.images.length > 1 ? (
          <>
            <button
              type="button"
              onClick={() => scrollTo(current() - 1)}
              aria-label="Foto anterior"
              className={`absolute left-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow ${focusRing}`}
            >
              <Icon name="chevron-left" className="h-5 w-5" />
            </button>
            <button
              type="button"
              onClick={() => scrollTo(current() + 1)}
              aria-label="Próxima foto"
              className={`absolute right-2 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-slate-900 shadow ${focusRing}`}
            >
              <Icon name="chevron-right" className="h-5 w-5" />
            </button>
          </>
        ) : null}
      </div>
      {ad.images.length > 1 ? (
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
    </div>
  );
}
