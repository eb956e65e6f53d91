/**
 * The page of /impulsionar/{adId} and /prolongar/{adId} (ADR 037): the days (a GET form: with
 * JavaScript the choice applies at once, without it 'Calcular' does), what they cost and until when,
 * what happens to a boost if the ad stops being public, then the payment form of /payment/{id}; or the
 * open PIX charge; or why nothing can be bought now.
 */
import type { SubmissionResult } from "@conform-to/react";
import { Form, Link, useSubmit } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { PaymentForm } from "~/components/payment/PaymentForm";
import { DoneLinks, OpenChargePanel, secondaryButton, StatusBadge } from "~/components/payment/PaymentStatus";
import { panel } from "~/components/payment/PaymentSummary";
import { usePaymentAnswer } from "~/components/payment/use-payment-answer";
import { Toast, type ToastData } from "~/components/Toast";
import { formatDateKeyBR } from "~/lib/dates";
import { formatFee } from "~/models/payment/payment-form";
import { ADD_ON_LABELS, ADD_ON_MESSAGES, describeAddOn, type AddOnPage } from "~/models/payment/purchase";
import type { PaymentFormAlert } from "~/components/payment/PaymentAlert";
import type { PixConfirmation } from "~/models/payment/pix-confirmation";

export type AddOnPageProps = {
  page: AddOnPage;
  qrCodeImage: string | null;
  customer: { name: string; email: string };
  requireAddress: boolean;
  cardsEnabled: boolean;
  canSimulate: boolean;
  /** How a paid PIX gets confirmed with the gateway in use (what the page may promise). */
  pixConfirmation: PixConfirmation;
  /** The last submission's refusal, as the action answered it. */
  actionData?: { result?: SubmissionResult<string[]>; alert?: PaymentFormAlert; toast?: ToastData } | null;
};

export function AddOnPageView({ page, qrCodeImage, customer, requireAddress, cardsEnabled, canSimulate, pixConfirmation, actionData }: AddOnPageProps) {
  const submit = useSubmit();
  const { alert, toast: shownToast, showToast } = usePaymentAnswer(actionData);
  const labels = ADD_ON_LABELS[page.purpose];
  const { quote } = page;
  const dayOptions = Array.from({ length: page.maxDays }, (_, i) => i + 1);

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <Link to="/dashboard" className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
        <Icon name="arrow-left" className="h-4 w-4" />
        Voltar
      </Link>
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">{labels.title}</h1>
      <p className="mt-1 text-slate-600">
        {page.ad.title} · anúncio nº {page.ad.id} · último dia {page.ad.lastDayText}
      </p>
      {page.boostedUntilText ? (
        <p className="mt-3 inline-flex rounded-full bg-violet-100 px-3 py-1 text-sm font-semibold text-violet-900">Impulsionado até {page.boostedUntilText}</p>
      ) : null}

      <div className="mt-6 space-y-6">
        {page.state === "form" ? (
          <>
            <section aria-labelledby="dias-title" className={panel}>
              <h2 id="dias-title" className="text-xl font-bold text-slate-900">
                {page.purpose === "boost" ? "Quantos dias de impulso?" : "Quantos dias a mais?"}
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {page.purpose === "boost"
                  ? "Seu anúncio aparece entre os primeiros das listas da cidade e da categoria dele, num rodízio justo com os outros impulsionados, com o selo “Impulsionado”."
                  : "Seu anúncio fica no ar por mais dias; você paga só os dias acrescentados."}
              </p>
              <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
                <div className="flex flex-col gap-1">
                  <label htmlFor="dias" className="text-sm font-medium text-slate-800">
                    Dias
                  </label>
                  <select
                    id="dias"
                    name="dias"
                    defaultValue={quote?.days ?? 1}
                    onChange={(event) => submit(event.currentTarget.form, { replace: true, preventScrollReset: true })}
                    className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base"
                  >
                    {dayOptions.map((n) => (
                      <option key={n} value={n}>
                        {n} {n === 1 ? "dia" : "dias"}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className={secondaryButton}>
                  Calcular
                </button>
              </Form>
              {quote ? (
                <dl className="mt-4 space-y-1 text-sm">
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-600">{describeAddOn(page.purpose, quote.days)}</dt>
                    <dd className="font-medium text-slate-900">
                      {quote.days} × {formatFee(quote.pricePerDayCents)}
                    </dd>
                  </div>
                  <div className="flex justify-between gap-4">
                    <dt className="text-slate-600">{page.purpose === "boost" ? "Impulsionado até" : "Novo último dia"}</dt>
                    <dd className="font-medium text-slate-900">{formatDateKeyBR(quote.untilKey)}</dd>
                  </div>
                  <div className="flex justify-between gap-4 border-t border-slate-200 pt-2">
                    <dt className="font-semibold text-slate-900">Total</dt>
                    <dd className="text-xl font-extrabold text-slate-900">{formatFee(quote.totalCents)}</dd>
                  </div>
                </dl>
              ) : (
                <p role="alert" className="mt-4 text-sm font-medium text-red-700">
                  {page.quoteProblem}
                </p>
              )}
              <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                {page.purpose === "boost" ? ADD_ON_MESSAGES.boostKeepsRunning : ADD_ON_MESSAGES.extendBindsEnd}
              </p>
            </section>
            {quote ? (
              <section aria-labelledby="pagar-title" className={panel}>
                <h2 id="pagar-title" className="mb-4 text-xl font-bold text-slate-900">
                  Como você quer pagar?
                </h2>
                <PaymentForm
                  key={quote.days}
                  quote={{ pricePerDayCents: quote.pricePerDayCents, chargedDays: quote.days, totalCents: quote.totalCents, minDays: 1, cardAllowed: quote.cardAllowed }}
                  defaults={customer}
                  requireAddress={requireAddress}
                  cardsEnabled={cardsEnabled}
                  pixConfirmation={pixConfirmation}
                  lastResult={actionData?.result}
                  alert={alert}
                />
              </section>
            ) : null}
          </>
        ) : null}

        {page.state === "open" && page.open ? (
          <>
            <p className="text-slate-700">
              {page.open.days ? `${describeAddOn(page.purpose, page.open.days)}. ` : ""}
              {page.purpose === "boost" ? ADD_ON_MESSAGES.boostKeepsRunning : ADD_ON_MESSAGES.extendBindsEnd}
            </p>
            <OpenChargePanel open={page.open} qrCodeImage={qrCodeImage} canSimulate={canSimulate} pixConfirmation={pixConfirmation} onToast={showToast} />
          </>
        ) : null}

        {page.state === "unavailable" ? (
          <section aria-labelledby="indisponivel-title" className={panel}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="indisponivel-title" className="text-xl font-bold text-slate-900">
                {page.notice}
              </h2>
              <StatusBadge label={labels.action} tone="neutral" />
            </div>
            <DoneLinks>
              {page.lastPaidId ? (
                <Link to={`/payment/${page.ad.id}/recibo?pagamento=${page.lastPaidId}`} className={secondaryButton}>
                  Ver recibo
                </Link>
              ) : null}
            </DoneLinks>
          </section>
        ) : null}
      </div>
      <Toast toast={shownToast} />
    </div>
  );
}
