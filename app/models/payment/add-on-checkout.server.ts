/**
 * Buying days of boost ("Impulsionar") or days added before the ad ends ("Prolongar") for a live ad
 * (ADR 037): the one function behind their pages and POST /api/payments/create with `purpose`.
 *
 * The same guarantees as the ad's own payment (checkout.server.ts, ADR 011/017), per purpose:
 * - only the ad's owner buys ('Anúncio não encontrado' otherwise), and only for a public ad (active,
 *   not expired): a paused, pending or unpaid ad is 409;
 * - the amount is computed here (days × the boost's or the ad's price per day), whatever a client sends;
 *   a boost never goes past the ad's last day (400), an extension adds at most EXTEND_MAX_DAYS;
 * - the charge binds the period it quoted (`paysUntil`: the boost's end, or the ad's new end; an
 *   extension also `extendsFrom`, the ad's end when quoted), and the confirmation applies it only then;
 * - one live charge per ad and purpose: an open PIX charge of the same amount and period is shown
 *   again, any other is withdrawn before a new one; a creation in progress blocks a second one.
 */
import { and, eq, inArray } from "drizzle-orm";
import { writeTransaction } from "~/db/client.server";
import { ads, payments, type Payment } from "~/db/schema";
import { expirationInstantFromKey, expirationKeyFromInstant, formatDateKeyBR } from "~/lib/dates";
import { runningBoostOf } from "~/models/ad/boost.server";
import { isPubliclyVisible } from "~/models/ad/visibility.server";
import { adNotFound, busyChargeRefusal, chargeClaim, chargeDueDate, findOwnAd, reclaimTimedOut, refusal, started, type PayableAd, type PaymentRefusal, type StartedPayment } from "~/models/payment/checkout.server";
import { cardPaymentsEnabled } from "~/models/payment/gateway.server";
import { PAYMENT_MESSAGES, UNKNOWN_GATEWAY_STATUS } from "~/models/payment/payment";
import type { PaymentRequest } from "~/models/payment/payment-form";
import { ADD_ON_MESSAGES, addOnQuote, describeAddOn, type AddOnPurpose, type AddOnQuote } from "~/models/payment/purchase";
import { OPEN_PAYMENT_STATUSES } from "~/models/payment-outbox/payment-outbox";
import { getAdPricePerDayCents, getBoostPricePerDayCents } from "~/models/setting/setting.server";

/** The price per day of the purchase: the boost's setting, or the ad's own for added days. */
export function addOnPricePerDayCents(purpose: AddOnPurpose): number {
  return purpose === "boost" ? getBoostPricePerDayCents() : getAdPricePerDayCents();
}

/** Why `purpose` cannot be bought for this ad now (any number of days), or null. */
export function addOnProblem(ad: PayableAd, purpose: AddOnPurpose, now: Date = new Date()): PaymentRefusal | null {
  if (!isPubliclyVisible(ad, now)) return refusal(409, ADD_ON_MESSAGES.notActive);
  if (purpose === "boost") {
    const running = runningBoostOf(ad.id, now);
    if (running) return refusal(409, `Este anúncio já está impulsionado até ${formatDateKeyBR(expirationKeyFromInstant(running))}. Impulsione de novo quando terminar.`);
  }
  return null;
}

/** The quote of `days` of `purpose` for the owner's public ad, or why not. */
export function quoteAddOn(ad: PayableAd, purpose: AddOnPurpose, days: number, now: Date = new Date()): { ok: true; quote: AddOnQuote } | PaymentRefusal {
  const problem = addOnProblem(ad, purpose, now);
  if (problem) return problem;
  const quoted = addOnQuote(purpose, days, expirationKeyFromInstant(ad.expirationDate), addOnPricePerDayCents(purpose), now);
  return quoted.ok ? quoted : refusal(400, quoted.message);
}

/** The period the purchase binds: the boost's end, or the ad's new end (first instant after the last day). */
function boundEnd(quote: AddOnQuote): Date {
  return expirationInstantFromKey(quote.untilKey);
}

type Claim =
  | { kind: "reuse"; payment: Payment }
  | { kind: "refused"; refusal: PaymentRefusal }
  | { kind: "claimed"; payment: Payment; retried: boolean };

/** In one immediate transaction: the ad is checked again, then an open charge of the purpose is reused, or a new row claimed. */
function claim(ad: PayableAd, request: PaymentRequest, quote: AddOnQuote, now: Date): Claim {
  const paysUntil = boundEnd(quote);
  return writeTransaction((tx) => {
    const current = tx.select({ status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, ad.id)).get();
    if (!current || !isPubliclyVisible(current, now)) return { kind: "refused", refusal: refusal(409, ADD_ON_MESSAGES.notActive) };
    if (current.expirationDate.getTime() !== ad.expirationDate.getTime()) return { kind: "refused", refusal: refusal(409, ADD_ON_MESSAGES.adChanged) };
    const open = tx
      .select()
      .from(payments)
      .where(and(eq(payments.adId, ad.id), eq(payments.purpose, quote.purpose), inArray(payments.status, OPEN_PAYMENT_STATUSES)))
      .all();
    const busy = busyChargeRefusal(open, now);
    if (busy) return { kind: "refused", refusal: busy };
    const samePeriod = (payment: Payment) =>
      payment.amountCents === quote.totalCents && payment.paysUntil?.getTime() === paysUntil.getTime() && payment.purchasedDays === quote.days;
    const unsure = open.some((payment) => !payment.asaasPaymentId);
    const reusable = open.find(
      (payment) =>
        payment.asaasPaymentId &&
        payment.status === "pending" &&
        request.method === "PIX" &&
        payment.paymentMethod === "PIX" &&
        samePeriod(payment) &&
        (!payment.dueDate || payment.dueDate.getTime() > now.getTime()),
    );
    if (reusable && !unsure) return { kind: "reuse", payment: reusable };
    const retry = open.find((payment) => !payment.asaasPaymentId && payment.asaasStatus === UNKNOWN_GATEWAY_STATUS && payment.paymentMethod === request.method && samePeriod(payment));
    if (retry) return reclaimTimedOut(tx, retry, now);
    const payment = tx
      .insert(payments)
      .values({
        adId: ad.id,
        userId: ad.userId,
        purpose: quote.purpose,
        purchasedDays: quote.days,
        extendsFrom: quote.purpose === "extend" ? ad.expirationDate : null,
        amountCents: quote.totalCents,
        paymentMethod: request.method,
        status: "pending",
        dueDate: chargeDueDate(request.method, now),
        paysUntil,
        description: describe(ad.id, quote),
        metadata: { purchasedDays: quote.days, pricePerDayCents: quote.pricePerDayCents, payerName: request.customer.name },
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    return { kind: "claimed", payment, retried: false };
  });
}

function describe(adId: number, quote: AddOnQuote): string {
  return `${quote.purpose === "boost" ? "Impulso" : "Prolongamento"} do anúncio ${adId} - ${describeAddOn(quote.purpose, quote.days)}`;
}

export async function startAddOnPayment(input: {
  adId: number;
  userId: number;
  purpose: AddOnPurpose;
  days: number;
  request: PaymentRequest;
  remoteIp: string | null;
  now?: Date;
}): Promise<StartedPayment | PaymentRefusal> {
  const now = input.now ?? new Date();
  const { request } = input;
  const ad = findOwnAd(input.adId, input.userId);
  if (!ad) return adNotFound();
  const quoted = quoteAddOn(ad, input.purpose, input.days, now);
  if (!quoted.ok) return quoted;
  const { quote } = quoted;
  if (request.method === "CREDIT_CARD" && !cardPaymentsEnabled()) return refusal(400, PAYMENT_MESSAGES.cardsUnavailable);
  if (request.method === "CREDIT_CARD" && !quote.cardAllowed) {
    return refusal(400, "O valor mínimo para pagamento com cartão de crédito é R$ 5,00. Use PIX ou escolha mais dias.", PAYMENT_MESSAGES.minimumTitle);
  }
  const claimed = claim(ad, request, quote, now);
  if (claimed.kind === "refused") return claimed.refusal;
  if (claimed.kind === "reuse") return started(claimed.payment, { reused: true });
  return chargeClaim({ ad, claimed, request, charge: { totalCents: quote.totalCents, paysUntil: boundEnd(quote) }, description: describe(ad.id, quote), remoteIp: input.remoteIp, now });
}
