/**
 * A sold ad's page (410, issue #36): its photos, "Vendido", title, price and place, then similar
 * public ads of the same subcategory and city. Nothing to reach the seller: no contact bar, no
 * WhatsApp, no report form (it is out of the public eye already).
 */
import { Link } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { AD_STATUS_LABELS, type CardAd, type SoldAd } from "~/models/ad/ad";
import { AdCard } from "./AdCard";
import { Carousel } from "./AdDetail";
import { formatAdPrice } from "./format";

export function SoldAdDetail({ ad, similar, moreHref }: { ad: SoldAd; similar: CardAd[]; moreHref: string }) {
  return (
    <div className="flex flex-col gap-6">
      <article className="flex flex-col gap-4" aria-labelledby={`vendido-${ad.id}`}>
        <Carousel ad={ad} />
        <header className="flex flex-col gap-1.5">
          <span className="w-fit rounded-full bg-emerald-700 px-3 py-1 text-sm font-bold uppercase tracking-wide text-white" data-testid="sold-badge">
            {AD_STATUS_LABELS.sold}
          </span>
          <h1 id={`vendido-${ad.id}`} className="text-xl font-extrabold leading-snug tracking-tight text-slate-900 sm:text-2xl">
            {ad.title}
          </h1>
          <p className="text-2xl font-extrabold text-slate-500 sm:text-3xl" data-testid="ad-price">
            {formatAdPrice(ad.price)}
          </p>
          <p className="inline-flex items-center gap-1 text-sm text-slate-600">
            <Icon name="map-pin" className="h-4 w-4 shrink-0" />
            {ad.city} - {ad.state}
          </p>
        </header>
        <p className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-900">
          Este anúncio foi vendido e não está mais disponível.
        </p>
      </article>

      <section aria-labelledby="parecidos" className="flex flex-col gap-3">
        <h2 id="parecidos" className="text-lg font-bold text-slate-900">
          Anúncios parecidos em {ad.city}
        </h2>
        {similar.length ? (
          <ul className="ad-list" data-testid="similar-ads">
            {similar.map((card) => (
              <li key={card.id} className="flex">
                <AdCard ad={card} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">Nenhum anúncio parecido no ar agora.</p>
        )}
        <Link to={moreHref} className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-brand-800 hover:underline">
          Ver mais anúncios
          <Icon name="arrow-right" className="h-4 w-4" />
        </Link>
      </section>
    </div>
  );
}
