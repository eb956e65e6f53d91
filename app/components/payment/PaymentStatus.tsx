/**
 * The screens after 'Pagar': the open PIX charge (QR, copy-paste code, status, 'Já paguei —
 * verificar', polling with JavaScript), a card under the gateway's analysis, and the paid ad.
 * Every button is a plain form post or a link; JavaScript adds the copy button, the polling and
 * the timed redirects (spec 02 §4).
 */
import { Form, Link, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { Icon } from "~/components/Icon";
import type { ToastData } from "~/components/Toast";
import { useHydrated } from "~/components/use-hydrated";
import {
  adAfterPaymentMessage,
  PAYMENT_DONE_PATH,
  PAYMENT_MESSAGES,
  PAYMENT_POLL_INTERVAL_MS,
  PAYMENT_POLL_MAX_MS,
  PIX_CONFIRMED_REDIRECT_MS,
  CARD_APPROVED_REDIRECT_MS,
} from "~/models/payment/payment";
import { formatFee } from "~/models/payment/payment-form";
import type { OpenPayment } from "~/models/payment/payment-page";
import { PIX_CONFIRMATION_TEXT, type PixConfirmation } from "~/models/payment/pix-confirmation";
import { adPath } from "~/models/ad/ad";

const button = `inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-5 py-2.5 font-semibold ${focusRing}`;
export const primaryButton = `${button} bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-wait disabled:opacity-80`;
export const secondaryButton = `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

export function StatusBadge({ label, tone }: { label: string; tone: "pending" | "paid" | "neutral" }) {
  const colors = {
    pending: "bg-amber-100 text-amber-900 ring-amber-300",
    paid: "bg-emerald-100 text-emerald-900 ring-emerald-300",
    neutral: "bg-slate-100 text-slate-800 ring-slate-300",
  }[tone];
  return (
    <span data-testid="payment-status" className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold ring-1 ${colors}`}>
      <Icon name={tone === "paid" ? "circle-check" : tone === "pending" ? "loader-circle" : "circle"} className="h-4 w-4" />
      {label}
    </span>
  );
}

export function DoneLinks({ children }: { children?: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {children}
      <Link to={PAYMENT_DONE_PATH} className={primaryButton}>
        <Icon name="layout-dashboard" className="h-5 w-5" />
        Ir para Dashboard
      </Link>
      <Link to="/" className={secondaryButton}>
        <Icon name="house" className="h-5 w-5" />
        Voltar ao Início
      </Link>
    </div>
  );
}

type StatusAnswer = { isConfirmed: boolean; statusLabel: string; adStatus: string };

/**
 * GET /api/payments/{id}/status every 3 s for up to 10 minutes; `onConfirmed` once it is paid.
 * Errors are only logged (spec 02 §8): the next tick tries again.
 */
function usePaymentPolling(paymentId: number, onConfirmed: (answer: StatusAnswer) => void) {
  const [timedOut, setTimedOut] = useState(false);
  const callback = useRef(onConfirmed);
  callback.current = onConfirmed;
  useEffect(() => {
    const startedAt = Date.now();
    let done = false;
    let busy = false;
    const timer = window.setInterval(async () => {
      if (done || busy) return;
      if (Date.now() - startedAt > PAYMENT_POLL_MAX_MS) {
        window.clearInterval(timer);
        setTimedOut(true);
        return;
      }
      busy = true;
      try {
        const response = await fetch(`/api/payments/${paymentId}/status`, { headers: { Accept: "application/json" }, credentials: "same-origin" });
        if (!response.ok) throw new Error(`status ${response.status}`);
        const answer = (await response.json()) as StatusAnswer;
        if (answer.isConfirmed && !done) {
          done = true;
          window.clearInterval(timer);
          callback.current(answer);
        }
      } catch (error) {
        console.error("[pagamento] a verificação do status falhou", error);
      } finally {
        busy = false;
      }
    }, PAYMENT_POLL_INTERVAL_MS);
    return () => {
      done = true;
      window.clearInterval(timer);
    };
  }, [paymentId]);
  return timedOut;
}

/** How to copy the code: by hand (a long press on a phone) without JavaScript, or with the button. */
const PIX_COPY_HELP = {
  byHand: "Para copiar, toque e segure o código, escolha “Selecionar tudo” e depois “Copiar” (no computador, selecione e use Ctrl+C). Depois cole no app do banco, em PIX copia e cola.",
  withButton: "Toque em “Copiar” (ou toque e segure o código) e cole no app do banco, em PIX copia e cola.",
} as const;

function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      // Older browsers and insecure origins: select the code and use the legacy command.
      const area = document.getElementById("pix-code") as HTMLTextAreaElement | null;
      area?.select();
      document.execCommand("copy");
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2500);
  };
  return (
    <button type="button" onClick={copy} className={`${secondaryButton} w-full sm:w-auto`}>
      <Icon name={copied ? "check" : "copy"} className="h-5 w-5" />
      {copied ? "Copiado!" : "Copiar"}
      <span className="sr-only" aria-live="polite">
        {copied ? "Código PIX copiado" : ""}
      </span>
    </button>
  );
}

export function PixPanel({
  paymentId,
  amountCents,
  statusLabel,
  payload,
  qrCodeImage,
  canSimulate,
  pixConfirmation,
  onToast,
}: {
  paymentId: number;
  amountCents: number;
  statusLabel: string;
  payload: string | null;
  qrCodeImage: string | null;
  canSimulate: boolean;
  /** How a paid PIX gets confirmed with the gateway in use: the panel promises no more. */
  pixConfirmation: PixConfirmation;
  onToast: (toast: ToastData) => void;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [label, setLabel] = useState(statusLabel);
  const [confirmed, setConfirmed] = useState(false);
  const timedOut = usePaymentPolling(paymentId, (answer) => {
    setLabel(answer.statusLabel);
    setConfirmed(true);
    onToast({
      type: "success",
      message: PAYMENT_MESSAGES.confirmed,
      description: `${adAfterPaymentMessage(answer.adStatus)} ${PAYMENT_MESSAGES.redirecting}`,
    });
  });
  useEffect(() => {
    if (!confirmed) return;
    const timer = window.setTimeout(() => navigate(PAYMENT_DONE_PATH), PIX_CONFIRMED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [confirmed, navigate]);
  useEffect(() => {
    if (!payload) onToast({ type: "error", message: PAYMENT_MESSAGES.qrUnavailableToast });
  }, [payload, onToast]);
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";

  return (
    <section aria-labelledby="pix-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="pix-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Icon name="qr-code" className="h-6 w-6 text-brand-700" />
          Pague com PIX
        </h2>
        <StatusBadge label={label} tone={confirmed ? "paid" : "pending"} />
      </div>
      <p className="mt-2 text-slate-700">
        Valor: <strong className="text-slate-900">{formatFee(amountCents)}</strong> · Pagamento nº {paymentId}
      </p>

      <div className="mt-5 flex flex-col items-center gap-5 md:flex-row md:items-start">
        {/* On a phone the QR code (for another device) comes after the copia e cola; beside it from md. */}
        <div className="order-last shrink-0 rounded-xl border border-slate-200 bg-white p-2 md:order-first">
          {qrCodeImage ? (
            <img src={qrCodeImage} width={240} height={240} alt={`QR Code PIX para pagar ${formatFee(amountCents)}`} className="h-60 w-60" />
          ) : (
            <p className="flex h-60 w-60 items-center p-4 text-center text-sm text-slate-600">{PAYMENT_MESSAGES.qrUnavailablePanel}</p>
          )}
        </div>
        <div className="w-full min-w-0 flex-1">
          <ol className="mb-4 list-decimal space-y-1 pl-5 text-sm text-slate-700">
            <li>Abra o app do seu banco e escolha pagar com PIX.</li>
            <li>Escaneie o QR Code ou use o PIX copia e cola.</li>
            <li>{PIX_CONFIRMATION_TEXT[pixConfirmation].lastStep}</li>
          </ol>
          {payload ? (
            <>
              <label htmlFor="pix-code" className="mb-1 block text-sm font-medium text-slate-800">
                PIX copia e cola
              </label>
              <p id="pix-code-help" className="mb-2 text-sm text-slate-600">
                {hydrated ? PIX_COPY_HELP.withButton : PIX_COPY_HELP.byHand}
              </p>
              {/* Read-only, not disabled: the code can still be focused, selected and copied by hand
                  (a long press on a phone), which is all there is without JavaScript. */}
              <textarea
                id="pix-code"
                readOnly
                rows={5}
                value={payload}
                aria-describedby="pix-code-help"
                spellCheck={false}
                onFocus={(event) => event.currentTarget.select()}
                className={`block w-full resize-none break-all rounded-lg border border-slate-300 bg-slate-50 p-3 font-mono text-xs text-slate-900 ${focusRing}`}
              />
              {hydrated ? (
                <div className="mt-2">
                  <CopyButton text={payload} />
                </div>
              ) : null}
            </>
          ) : null}
        </div>
      </div>

      <p className="mt-5 text-sm text-slate-600" aria-live="polite">
        {confirmed
          ? PAYMENT_MESSAGES.redirecting
          : hydrated && !timedOut
            ? PIX_CONFIRMATION_TEXT[pixConfirmation].waiting
            : "Depois de pagar, toque em “Já paguei — verificar”."}
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row">
        <Form method="post">
          <input type="hidden" name="intent" value="check" />
          <input type="hidden" name="paymentId" value={paymentId} />
          <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
            <Icon name="rotate-ccw" className="h-5 w-5" />
            Já paguei — verificar
          </button>
        </Form>
        {canSimulate ? (
          <Form method="post">
            <input type="hidden" name="intent" value="simulate" />
            <input type="hidden" name="paymentId" value={paymentId} />
            <button type="submit" disabled={busy} className={`${secondaryButton} w-full border-dashed`}>
              Simular pagamento
            </button>
          </Form>
        ) : null}
      </div>
      {canSimulate ? <p className="mt-2 text-xs text-slate-500">“Simular pagamento” só existe fora de produção (gateway local).</p> : null}
      <DoneLinks />
    </section>
  );
}

/** A card payment the gateway is still analysing (Asaas's risk analysis): it is confirmed by webhook. */
export function CardPendingPanel({ paymentId, statusLabel }: { paymentId: number; statusLabel: string }) {
  return (
    <section aria-labelledby="card-pending-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="card-pending-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Icon name="credit-card" className="h-6 w-6 text-brand-700" />
          Pagamento com cartão em análise
        </h2>
        <StatusBadge label={statusLabel} tone="pending" />
      </div>
      <p className="mt-2 text-slate-700">A operadora está analisando o pagamento. Seu anúncio é publicado assim que ele for confirmado.</p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="check" />
        <input type="hidden" name="paymentId" value={paymentId} />
        <button type="submit" className={primaryButton}>
          <Icon name="rotate-ccw" className="h-5 w-5" />
          Verificar agora
        </button>
      </Form>
      <DoneLinks />
    </section>
  );
}

/** A payment page's open charge: the PIX QR and code (polled until paid), or a card payment still in analysis. */
export function OpenChargePanel({
  open,
  qrCodeImage,
  canSimulate,
  pixConfirmation,
  onToast,
}: {
  open: OpenPayment;
  qrCodeImage: string | null;
  canSimulate: boolean;
  pixConfirmation: PixConfirmation;
  onToast: (toast: ToastData) => void;
}) {
  return open.method === "PIX" ? (
    <PixPanel
      paymentId={open.paymentId}
      amountCents={open.amountCents}
      statusLabel={open.statusLabel}
      payload={open.pixPayload}
      qrCodeImage={qrCodeImage}
      canSimulate={canSimulate}
      pixConfirmation={pixConfirmation}
      onToast={onToast}
    />
  ) : (
    <CardPendingPanel paymentId={open.paymentId} statusLabel={open.statusLabel} />
  );
}

export function PaidPanel({
  adId,
  adTitle,
  adStatus,
  paid,
  redirectAfterApproval,
}: {
  adId: number;
  adTitle: string;
  adStatus: string;
  paid: { paymentId: number; statusLabel: string; methodLabel: string; amountCents: number; free: boolean };
  redirectAfterApproval: boolean;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  useEffect(() => {
    if (!redirectAfterApproval) return;
    const timer = window.setTimeout(() => navigate(PAYMENT_DONE_PATH), CARD_APPROVED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [redirectAfterApproval, navigate]);

  return (
    <section aria-labelledby="paid-title" className="rounded-2xl border border-emerald-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="paid-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
          <Icon name="circle-check" className="h-6 w-6 text-emerald-700" />
          {paid.free ? "Anúncio publicado sem custo" : "Pagamento confirmado"}
        </h2>
        <StatusBadge label={paid.statusLabel} tone="paid" />
      </div>
      <p className="mt-2 text-slate-700">{adAfterPaymentMessage(adStatus)}</p>
      {paid.free ? null : (
        <p className="mt-1 text-sm text-slate-600">
          {formatFee(paid.amountCents)} · {paid.methodLabel} · Pagamento nº {paid.paymentId}
        </p>
      )}
      {redirectAfterApproval && hydrated ? (
        <p className="mt-3 text-sm font-medium text-brand-800" aria-live="polite">
          {PAYMENT_MESSAGES.redirecting}
        </p>
      ) : null}
      <DoneLinks>
        {paid.free ? null : (
          <Link to={`/payment/${adId}/recibo?pagamento=${paid.paymentId}`} className={secondaryButton}>
            <Icon name="receipt" className="h-5 w-5" />
            Ver recibo
          </Link>
        )}
        {adStatus === "active" ? (
          <Link to={adPath({ id: adId, title: adTitle })} className={secondaryButton}>
            <Icon name="eye" className="h-5 w-5" />
            Ver anúncio
          </Link>
        ) : null}
      </DoneLinks>
    </section>
  );
}
