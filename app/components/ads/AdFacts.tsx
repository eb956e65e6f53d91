import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Icon } from "~/components/Icon";
import { formatWhatsapp } from "~/lib/whatsapp";
import type { AdDetail } from "~/models/ad/ad";
import { sellerName, sellerPath } from "~/models/listing/seller";
import type { AdDetailDates } from "./ad-dates";
import { VIEWS_TOOLTIP } from "./format";

/**
 * What an ad's page says below its title and price: Detalhes, Características, Anunciante, Localização,
 * Informações and Descrição (spec 01 §2). Plain HTML: the ad page keeps the server's (kept-part.tsx).
 */
export function AdFacts({ ad, dates }: { ad: AdDetail; dates: AdDetailDates }) {
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <Section title="Detalhes">
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
          <Row label="Nome" value={sellerName(ad.user.fullName)} />
          {ad.whatsapp ? <Row label="WhatsApp" value={formatWhatsapp(ad.whatsapp)} /> : null}
          {ad.status === "active" ? (
            // A public ad means the seller has a page (issue #36); an ad only its owner sees may be their only one.
            <Link to={sellerPath({ id: ad.userId, name: sellerName(ad.user.fullName) })} className="flex min-h-11 items-center gap-1 pt-1.5 font-semibold text-brand-800 hover:underline">
              Ver todos os anúncios de {sellerName(ad.user.fullName)}
              <Icon name="arrow-right" className="h-4 w-4 shrink-0" />
            </Link>
          ) : null}
        </Section>
        <Section title="Localização">
          <Row label="Cidade" value={`${ad.city} - ${ad.state}`} />
        </Section>
        <Section title="Informações">
          <Row label="Publicado em" value={dates.publishedOn} />
          <Row label="Visualizações" value={String(ad.views)} title={VIEWS_TOOLTIP} />
          {dates.expiresOn ? <Row label="Expira em" value={dates.expiresOn} /> : null}
        </Section>
      </div>

      <section aria-labelledby={`descricao-${ad.id}`}>
        <h3 id={`descricao-${ad.id}`} className="text-sm font-bold uppercase tracking-wide text-slate-500">
          Descrição
        </h3>
        <p className="mt-2 whitespace-pre-line leading-relaxed text-slate-800">{ad.description}</p>
      </section>
    </>
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
