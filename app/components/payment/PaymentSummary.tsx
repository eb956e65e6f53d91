/** The ad being paid for and what it costs (spec 02 §2 "Payment"): summary, days, price, total. */
import type { ReactNode } from "react";
import { Icon } from "~/components/Icon";
import { formatBRL } from "~/lib/money";
import { PAYMENT_MESSAGES } from "~/models/payment/payment";
import { formatFee, type PaymentQuote } from "~/models/payment/payment-form";
import type { PaymentAdSummary } from "~/models/payment/payment-page";

export const panel = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6";

function Row({ label, children, strong = false }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className={`flex items-baseline justify-between gap-4 py-2 ${strong ? "border-t border-slate-200 pt-3" : ""}`}>
      <dt className={strong ? "text-base font-semibold text-slate-900" : "text-sm text-slate-600"}>{label}</dt>
      <dd className={strong ? "text-2xl font-extrabold text-slate-900" : "text-sm font-medium text-slate-900"}>{children}</dd>
    </div>
  );
}

export function PaymentSummary({ ad, quote }: { ad: PaymentAdSummary; quote: PaymentQuote }) {
  const days = (n: number) => `${n} ${n === 1 ? "dia" : "dias"}`;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section aria-labelledby="resumo-anuncio" className={panel}>
        <h2 id="resumo-anuncio" className="text-sm font-semibold uppercase tracking-wider text-slate-500">
          Resumo do anúncio
        </h2>
        <p className="mt-2 text-lg font-bold text-slate-900">{ad.title}</p>
        <p className="mt-1 line-clamp-4 whitespace-pre-line break-words text-sm text-slate-700">{ad.description}</p>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-slate-600">Categoria</dt>
          <dd className="font-medium text-slate-900">
            {ad.categoryName}
            {ad.subcategoryName ? ` › ${ad.subcategoryName}` : ""}
          </dd>
          <dt className="text-slate-600">Tipo</dt>
          <dd className="font-medium text-slate-900">{ad.adType}</dd>
          <dt className="text-slate-600">Localização</dt>
          <dd className="flex items-center gap-1 font-medium text-slate-900">
            <Icon name="map-pin" className="h-4 w-4 text-slate-500" />
            {ad.city} - {ad.state}
          </dd>
          <dt className="text-slate-600">Expira em</dt>
          <dd className="font-medium text-slate-900">{ad.expirationText}</dd>
        </dl>
      </section>

      <section aria-labelledby="valor-anuncio" className={panel}>
        <h2 id="valor-anuncio" className="text-sm font-semibold uppercase tracking-wider text-slate-500">
          Valor do anúncio
        </h2>
        <dl className="mt-2">
          <Row label="Duração mínima">{days(quote.minDays)}</Row>
          <Row label="Valor por dia">{formatBRL(quote.pricePerDayCents)}</Row>
          <Row label="Dias cobrados">{days(quote.chargedDays)}</Row>
          <Row label="Total" strong>
            <span data-testid="payment-total">{formatFee(quote.totalCents)}</span>
          </Row>
        </dl>
        <p className="mt-3 flex gap-2 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900">
          <Icon name="sparkles" className="mt-0.5 h-4 w-4 shrink-0" />
          {PAYMENT_MESSAGES.firstDayFree}
        </p>
      </section>
    </div>
  );
}
