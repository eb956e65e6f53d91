/**
 * /payment/{id} (spec 02 §2 "Payment"), {id} being the ad's: the owner pays for an ad waiting for
 * payment, by PIX or card, with plain form posts (intent: pay, check, simulate, free).
 *
 * - pay: a PIX charge → back here (PRG) showing its QR and copy-paste code; a card approved at once
 *   → back here with ?pagamento=aprovado (the paid screen; with JavaScript, /dashboard after 2 s);
 *   a refusal → this page again with 'Erro no pagamento' and the reason.
 * - check ('Já paguei — verificar'): the payment's status again (Asaas is asked; local: the database).
 * - simulate ('Simular pagamento', only outside production with the local gateway): the same event
 *   the webhook receives, applied in-process.
 * - free: an ad whose charged days are zero is published without a charge.
 *
 * A refusal is answered on this page: 'Erro no pagamento' and the reason at the top of the form (an
 * alert region, focused with JavaScript) and as a red toast. Where the site takes no cards
 * (cardPaymentsEnabled), the card choice is shown disabled with the reason, and PIX is chosen.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useActionData, useLoaderData, useNavigation, useRouteError } from "@remix-run/react";
import { SubmitButton } from "~/components/auth/AuthForm";
import { Icon } from "~/components/Icon";
import { PaymentAlert } from "~/components/payment/PaymentAlert";
import { PaymentForm } from "~/components/payment/PaymentForm";
import { DoneLinks, OpenChargePanel, PaidPanel, primaryButton, secondaryButton, StatusBadge } from "~/components/payment/PaymentStatus";
import { PaymentSummary } from "~/components/payment/PaymentSummary";
import { usePaymentAnswer } from "~/components/payment/use-payment-answer";
import { Toast, type ToastData } from "~/components/Toast";
import { parseId } from "~/lib/parse-id";
import { adAfterPaymentMessage, FREE_GATEWAY_STATUS, PAYMENT_MESSAGES } from "~/models/payment/payment";
import { publishIfFree, startPayment } from "~/models/payment/checkout.server";
import { NO_WHATSAPP_WARNING } from "~/models/ad/contact-warning";
import { getPaymentPage } from "~/models/payment/read.server";
import { assertNotCrossSite, clientIp, requireUser } from "~/web/auth.server";
import { formFailure, NO_STORE, notFoundPage, readFormData } from "~/web/http.server";
import { CARD_FIELDS, checkOrSimulatePayment, paymentFormSurroundings, readPaymentForm } from "~/web/payment-form.server";
import { ERROR_TOAST_MS, toast } from "~/web/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data: loaderData }) => [
  { title: loaderData ? `Pagamento — ${loaderData.page.ad.title} | Classificados Patos` : `${PAYMENT_MESSAGES.adNotFound} | Classificados Patos` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const adId = parseId(params.id);
  if (adId === null) throw notFoundPage();
  const page = await getPaymentPage(adId, user.id);
  if (!page) throw notFoundPage();
  const url = new URL(request.url);
  return data(
    {
      page,
      ...(await paymentFormSurroundings(user, page.open?.pixPayload ?? null)),
      approved: url.searchParams.get("pagamento") === "aprovado",
    },
    { headers: NO_STORE },
  );
}

function errorToast(title: string, message: string): ToastData {
  return { type: "error", message: title, description: message, duration: ERROR_TOAST_MS };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  assertNotCrossSite(request);
  const user = await requireUser(request);
  const adId = parseId(params.id);
  if (adId === null) throw notFoundPage();
  const here = `/payment/${adId}`;
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "check" || intent === "simulate") {
    const status = await checkOrSimulatePayment(intent, formData, user.id, (payment) => payment.adId === adId);
    if (status?.isConfirmed) {
      return toast.redirectWithSuccess(here, { message: PAYMENT_MESSAGES.confirmed, description: adAfterPaymentMessage(status.adStatus) });
    }
    return toast.redirectWithInfo(here, { message: PAYMENT_MESSAGES.stillPending, description: PAYMENT_MESSAGES.stillPendingDescription });
  }

  if (intent === "free") {
    const result = publishIfFree(adId, user.id);
    if (!result.ok) {
      if (result.status === 404) throw notFoundPage();
      return data({ result: undefined, alert: { title: result.title, message: result.message }, toast: errorToast(result.title, result.message) }, { status: result.status });
    }
    return toast.redirectWithSuccess(`${here}?pagamento=aprovado`, { message: PAYMENT_MESSAGES.freePublished, description: adAfterPaymentMessage(result.adStatus) });
  }

  const { submission, refused } = readPaymentForm(formData);
  if (refused) return refused;
  const result = await startPayment({ adId, userId: user.id, request: submission.value, remoteIp: clientIp(request, context) });
  if (!result.ok) {
    if (result.status === 404) throw notFoundPage();
    return formFailure(submission, result.title, result, { alert: { title: result.title, message: result.message } }, CARD_FIELDS);
  }
  if (result.status === "confirmed" || result.status === "received") {
    const title = result.gatewayStatus === FREE_GATEWAY_STATUS ? PAYMENT_MESSAGES.freePublished : PAYMENT_MESSAGES.approved;
    return toast.redirectWithSuccess(`${here}?pagamento=aprovado`, { message: title, description: adAfterPaymentMessage(result.adStatus) });
  }
  if (result.method === "PIX") {
    return toast.redirectWithSuccess(here, { message: PAYMENT_MESSAGES.created, description: PAYMENT_MESSAGES.createdDescription });
  }
  return toast.redirectWithInfo(here, { message: PAYMENT_MESSAGES.created, description: "O pagamento com cartão está em análise." });
}

export default function PaymentPage() {
  const { page, qrCodeImage, customer, requireAddress, cardsEnabled, canSimulate, pixConfirmation, approved } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const { alert, toast: shownToast, showToast } = usePaymentAnswer(actionData);
  const { ad, quote } = page;
  const canGoBack = page.state === "form" || page.state === "open";

  const form =
    quote.totalCents === 0 ? (
      <Form method="post" className="space-y-4">
        <input type="hidden" name="intent" value="free" />
        <PaymentAlert alert={alert} focusOnShow />
        <p className="text-slate-700">Este anúncio não tem custo: ele vence hoje, e o primeiro dia é grátis.</p>
        <SubmitButton pending={navigation.state !== "idle" && navigation.formMethod === "POST"} pendingLabel="Publicando...">
          Publicar sem custo
        </SubmitButton>
      </Form>
    ) : (
      <PaymentForm
        quote={quote}
        defaults={customer}
        requireAddress={requireAddress}
        cardsEnabled={cardsEnabled}
        pixConfirmation={pixConfirmation}
        lastResult={actionData?.result}
        alert={alert}
      />
    );

  // Where a refusal is read. Its alert is the first thing in the form, and the form comes first in the
  // answer that carries one (before the summary, or before the open PIX charge): on a phone the
  // message is then on the first screen, JavaScript or not. A plain form post cannot move the scroll
  // (no script, and a `#anchor` in the form's action would stick to every later redirect), and
  // focus() alone cannot serve the page without JavaScript; putting the message first serves both.
  // The last answer decides, not `alert` (hidden while a new submission runs): the form must not jump
  // back below the summary while 'Processando pagamento...' is on screen.
  const formFirst = Boolean(actionData?.alert);
  const summary = <PaymentSummary ad={ad} quote={quote} />;
  // Paying an open PIX charge's ad another way (the card): the PIX code is withdrawn then.
  const otherWay =
    page.state === "open" && page.open?.method === "PIX" ? (
      <details className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6" open={Boolean(actionData)}>
        <summary className="cursor-pointer rounded font-semibold text-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
          Pagar de outra forma
        </summary>
        <p className="mb-4 mt-2 text-sm text-slate-600">
          O código PIX {formFirst ? "abaixo" : "acima"} é cancelado quando você escolhe outra forma de pagamento.
        </p>
        {form}
      </details>
    ) : null;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-10">
      {canGoBack ? (
        <Link to={`/create-ad-steps?edit=${ad.id}`} className="mb-4 inline-flex items-center gap-1.5 rounded text-sm font-semibold text-brand-700 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
          <Icon name="arrow-left" className="h-4 w-4" />
          Voltar
        </Link>
      ) : null}
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900 sm:text-3xl">Pagamento do anúncio</h1>
      <p className="mt-1 text-slate-600">Anúncio nº {ad.id} · publicado assim que o pagamento for confirmado.</p>

      <div className="mt-6 flex flex-col gap-6">
        {!ad.hasWhatsapp && (page.state === "form" || page.state === "open") ? (
          <p role="note" className="flex gap-2 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-sm font-medium text-amber-950" data-testid="no-whatsapp-warning">
            <Icon name="triangle-alert" className="mt-0.5 h-5 w-5 shrink-0" />
            <span>
              {NO_WHATSAPP_WARNING}{" "}
              {canGoBack ? (
                <Link to={`/create-ad-steps?edit=${ad.id}`} className="font-semibold underline">
                  Informar o WhatsApp
                </Link>
              ) : null}
            </span>
          </p>
        ) : null}
        {/* After "Pagar" what matters (the QR, the result, a refusal) comes first: on a phone the summary would push it off screen. */}

        {page.state === "form" ? (
          <section aria-labelledby="pagar-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <h2 id="pagar-title" className="mb-4 text-xl font-bold text-slate-900">
              Como você quer pagar?
            </h2>
            {form}
          </section>
        ) : null}
        {/* On a phone the pay button comes first and the summary after it; from 640 px the summary leads, unless a refusal must. */}
        {page.state === "form" ? <div className={formFirst ? "" : "sm:order-first"}>{summary}</div> : null}

        {page.state === "open" && page.open ? (
          <>
            {/* The panel keeps its place among its siblings (and so its polling) when "another way" moves above it. */}
            {formFirst ? otherWay : null}
            <OpenChargePanel open={page.open} qrCodeImage={qrCodeImage} canSimulate={canSimulate} pixConfirmation={pixConfirmation} onToast={showToast} />
            {formFirst ? null : otherWay}
          </>
        ) : null}

        {page.state === "paid" && page.paid ? (
          <PaidPanel
            adId={ad.id}
            adTitle={ad.title}
            adStatus={ad.status}
            paid={{ ...page.paid, free: page.paid.amountCents === 0 }}
            redirectAfterApproval={approved}
          />
        ) : null}

        {page.state === "not_payable" ? (
          <section aria-labelledby="not-payable-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="not-payable-title" className="text-xl font-bold text-slate-900">
                {page.notice}
              </h2>
              <StatusBadge label={ad.statusLabel} tone="neutral" />
            </div>
            <DoneLinks />
          </section>
        ) : null}

        {page.state === "form" ? null : summary}
      </div>
      <Toast toast={shownToast} />
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFoundError = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon name={notFoundError ? "search-x" : "triangle-alert"} className="h-8 w-8" />
      </span>
      <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900">
        {notFoundError ? PAYMENT_MESSAGES.adNotFound : PAYMENT_MESSAGES.errorTitle}
      </h1>
      <p className="mt-4 text-slate-600">
        {notFoundError ? "Este anúncio não existe ou não pertence à sua conta." : PAYMENT_MESSAGES.genericError}
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Link to={"/dashboard"} className={primaryButton}>
          Ir para Dashboard
        </Link>
        <Link to="/" className={secondaryButton}>
          Voltar ao Início
        </Link>
      </div>
    </section>
  );
}
