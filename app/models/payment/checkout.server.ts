/**
 * Paying for an ad: the one function behind the /payment/{id} form and POST /api/payments/create.
 *
 * Rules kept here and nowhere else (spec 02 §4, §5, §9):
 * - only the ad's owner pays ('Anúncio não encontrado' otherwise), and only an ad waiting for
 *   payment (pending_payment, not expired); a paid ad is never charged again;
 * - the amount is computed here from the ad and the price setting (days charged from today, the
 *   first day free, × price per day), whatever a client sends;
 * - an ad that costs nothing (its last day is today) is published at once, without a charge: a
 *   payment row of R$ 0,00 records it and no receipt is sent;
 * - cards need at least R$ 5,00;
 * - a payment buys exactly the period it quoted (`paysUntil`, the ad's end date when it was made);
 * - one live charge per ad: an open PIX charge for the same ad, amount and period is shown again
 *   instead of a new one; before a new charge every earlier one the gateway may hold is looked up
 *   (a creation that timed out is "unknown", never "failed") and any other is withdrawn first, so
 *   it cannot be paid on top;
 * - the local gateway takes cards only where test cards are on (never by default in production);
 * - a payment being created blocks a second one for the same ad (double clicks, two tabs) across
 *   every worker: the check and the new row are written in one immediate transaction;
 * - card number, expiry and CCV go to the gateway and nowhere else: the row keeps brand and last 4.
 */
import { and, eq, inArray } from "drizzle-orm";
import { db, writeTransaction, type WriteTransaction } from "~/db/client.server";
import { ads, payments, type Payment } from "~/db/schema";
import { addDaysToKey, expirationInstantFromKey, expirationKeyFromInstant, todayKey } from "~/lib/dates";
import { effectiveStatus, type AdStatus } from "~/models/ad/ad";
import { afterStatusChange, applyStatusInTransaction, latestPaidPayment, type AppliedStatus } from "~/models/payment/confirmation.server";
import { cardPaymentsEnabled, paymentGateway } from "~/models/payment/gateway.server";
import {
  ABANDONED_GATEWAY_STATUS,
  FREE_GATEWAY_STATUS,
  PAYMENT_MESSAGES,
  UNKNOWN_GATEWAY_STATUS,
  type PaymentMethod,
  type PaymentStatus,
} from "~/models/payment/payment";
import { failClaim, markUnknown, matchesQuote, settleEarlierCharges } from "~/models/payment/live-charge.server";
import { OPEN_PAYMENT_STATUSES } from "~/models/payment-outbox/payment-outbox";
import { paymentQuote, type PaymentQuote, type PaymentRequest } from "~/models/payment/payment-form";
import { getAdPricePerDayCents } from "~/models/setting/setting.server";
import { countPaymentStatus } from "~/services/metrics-registry.server";
import { GatewayError, type GatewayStatus } from "~/services/payments/gateway";

/** A row without a gateway id after this long belongs to a request that died half-way. */
const CLAIM_TTL_MS = 2 * 60_000;
export type PaymentRefusal = {
  ok: false;
  status: 400 | 402 | 404 | 409 | 502 | 503 | 504;
  /** pt-BR, for the toast's title ('Erro no pagamento', 'Valor mínimo não atingido'…). */
  title: string;
  message: string;
};
export type StartedPayment = {
  ok: true;
  paymentId: number;
  adId: number;
  method: PaymentMethod;
  status: PaymentStatus;
  /** The gateway's word: PENDING, CONFIRMED, RECEIVED… ("FREE" for an ad published without charge). */
  gatewayStatus: string;
  amountCents: number;
  /** True when an open PIX charge was shown again instead of a new one. */
  reused: boolean;
  /** The ad's status when this payment moved it (active, or pending for the admin queue). */
  adStatus: AdStatus | null;
  receipt: Promise<void> | null;
};

export type PayableAd = {
  id: number;
  userId: number;
  title: string;
  status: AdStatus;
  expirationDate: Date;
};

export function refusal(status: PaymentRefusal["status"], message: string, title: string = PAYMENT_MESSAGES.errorTitle): PaymentRefusal {
  return { ok: false, status, title, message };
}

export const adNotFound = () => refusal(404, PAYMENT_MESSAGES.adNotFound);

/** The owner's ad, or null (another user's ad is as absent as a missing one). */
export function findOwnAd(adId: number, userId: number): PayableAd | null {
  return (
    db
      .select({ id: ads.id, userId: ads.userId, title: ads.title, status: ads.status, expirationDate: ads.expirationDate })
      .from(ads)
      .where(and(eq(ads.id, adId), eq(ads.userId, userId)))
      .get() ?? null
  );
}

/** Why this ad cannot be paid now, or null when it can. */
export function payabilityProblem(ad: PayableAd, now: Date = new Date()): PaymentRefusal | null {
  if (ad.status !== "pending_payment") {
    return refusal(409, latestPaidPayment(ad.id) ? PAYMENT_MESSAGES.alreadyPaid : PAYMENT_MESSAGES.notPayable);
  }
  if (effectiveStatus(ad, now) === "expired") return refusal(409, PAYMENT_MESSAGES.expired);
  return null;
}

export function quoteFor(ad: Pick<PayableAd, "expirationDate">, now: Date = new Date()): PaymentQuote {
  return paymentQuote(expirationKeyFromInstant(ad.expirationDate), getAdPricePerDayCents(), now);
}

function describe(adId: number, days: number) {
  return `Anúncio ${adId} - ${days} ${days === 1 ? "dia" : "dias"}`;
}

type Claim =
  | { kind: "reuse"; payment: Payment }
  | { kind: "refused"; refusal: PaymentRefusal }
  /** `retried`: our own payment whose creation timed out, claimed again (the gateway may hold its charge). */
  | { kind: "claimed"; payment: Payment; retried: boolean };

/**
 * In one immediate transaction: look at the ad's open payments, then either reuse one, refuse
 * (another payment is being made, or the ad changed since it was quoted), or write the new payment
 * row (our "claim"), with the period it buys.
 */
function claim(ad: PayableAd, request: PaymentRequest, quote: PaymentQuote, now: Date): Claim {
  return writeTransaction((tx) => {
    const current = tx.select({ status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, ad.id)).get();
    if (current?.status !== "pending_payment") return { kind: "refused", refusal: refusal(409, PAYMENT_MESSAGES.alreadyPaid) };
    if (current.expirationDate.getTime() !== ad.expirationDate.getTime()) return { kind: "refused", refusal: refusal(409, PAYMENT_MESSAGES.adChanged) };
    const open = tx
      .select()
      .from(payments)
      .where(and(eq(payments.adId, ad.id), eq(payments.purpose, "ad"), inArray(payments.status, OPEN_PAYMENT_STATUSES)))
      .all();
    const busy = busyChargeRefusal(open, now);
    if (busy) return { kind: "refused", refusal: busy };
    // A charge whose creation we are unsure of may be live at the gateway: look it up before reusing any.
    const unsure = open.some((payment) => !payment.asaasPaymentId);
    const reusable = open.find((payment) => payment.asaasPaymentId && payment.status === "pending" && matchesQuote(payment, request, quote.totalCents, ad.expirationDate, now));
    if (reusable && !unsure) return { kind: "reuse", payment: reusable };
    // A retry of a creation that timed out goes on under the same payment id (Asaas's externalReference),
    // so however often the payer retries, the gateway is asked about one id and makes at most one charge.
    const retry = open.find(
      (payment) =>
        !payment.asaasPaymentId &&
        payment.asaasStatus === UNKNOWN_GATEWAY_STATUS &&
        payment.paymentMethod === request.method &&
        payment.amountCents === quote.totalCents &&
        payment.paysUntil?.getTime() === ad.expirationDate.getTime(),
    );
    if (retry) return reclaimTimedOut(tx, retry, now);
    const payment = tx
      .insert(payments)
      .values({
        adId: ad.id,
        userId: ad.userId,
        amountCents: quote.totalCents,
        paymentMethod: request.method,
        status: "pending",
        dueDate: chargeDueDate(request.method, now),
        paysUntil: ad.expirationDate,
        description: describe(ad.id, quote.chargedDays),
        metadata: { chargedDays: quote.chargedDays, pricePerDayCents: quote.pricePerDayCents, payerName: request.customer.name },
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
    return { kind: "claimed", payment, retried: false };
  });
}

/**
 * Why a new charge must wait, from the open payments of the same ad and purpose: another one being
 * made right now (a claim without a gateway id, younger than CLAIM_TTL_MS), or a card the gateway is
 * still analysing. Shared by the ad's payment and the boost/extend purchases (add-on-checkout.server.ts).
 */
export function busyChargeRefusal(open: Payment[], now: Date): PaymentRefusal | null {
  for (const payment of open) {
    if (!payment.asaasPaymentId && !payment.asaasStatus && now.getTime() - payment.updatedAt.getTime() < CLAIM_TTL_MS) return refusal(409, PAYMENT_MESSAGES.inProgress);
    if (payment.asaasPaymentId && payment.paymentMethod === "CREDIT_CARD") return refusal(409, PAYMENT_MESSAGES.cardUnderReview);
  }
  return null;
}

/** Our payment whose creation timed out, claimed again under the same id (the gateway may hold its charge). */
export function reclaimTimedOut(tx: WriteTransaction, payment: Payment, now: Date) {
  tx.update(payments).set({ asaasStatus: null, updatedAt: now }).where(eq(payments.id, payment.id)).run();
  return { kind: "claimed" as const, payment: { ...payment, asaasStatus: null, updatedAt: now }, retried: true };
}

/** A PIX charge is due tomorrow, a card today. */
export function chargeDueDate(method: PaymentRequest["method"], now: Date): Date {
  return expirationInstantFromKey(method === "PIX" ? addDaysToKey(todayKey(now), 1) : todayKey(now));
}

export function started(payment: Payment, extra: Partial<StartedPayment> = {}): StartedPayment {
  return {
    ok: true,
    paymentId: payment.id,
    adId: payment.adId,
    method: payment.paymentMethod,
    status: payment.status,
    gatewayStatus: payment.asaasStatus ?? "PENDING",
    amountCents: payment.amountCents,
    reused: false,
    adStatus: null,
    receipt: null,
    ...extra,
  };
}

function gatewayRefusal(error: GatewayError): PaymentRefusal {
  const status = ([400, 402, 502, 503, 504] as const).find((code) => code === error.status) ?? 502;
  return refusal(status, error.userMessage);
}

/**
 * Stores what the gateway answered and, when it says paid, applies the confirmation — in one
 * transaction, so the payment, its gateway id and the ad's activation land together.
 */
function recordCharge(
  claimed: Payment,
  values: { gatewayPaymentId: string; gatewayCustomerId: string | null; status: GatewayStatus; gatewayStatus: string; pixPayload?: string | null; metadata?: Record<string, unknown> },
  now: Date,
): AppliedStatus {
  const change = writeTransaction(
    (tx) => {
      tx.update(payments)
        .set({
          asaasPaymentId: values.gatewayPaymentId,
          asaasCustomerId: values.gatewayCustomerId,
          asaasStatus: values.gatewayStatus,
          pixQrCode: values.pixPayload ?? null,
          metadata: { ...claimed.metadata, ...values.metadata },
          updatedAt: now,
        })
        .where(eq(payments.id, claimed.id))
        .run();
      const payment = tx.select().from(payments).where(eq(payments.id, claimed.id)).get()!;
      return applyStatusInTransaction(tx, payment, { status: values.status, gatewayStatus: values.gatewayStatus }, now);
    },
  );
  // A new charge waiting for the payer changes no status, so afterStatusChange does not count it.
  if (!change.changed) countPaymentStatus(paymentGateway().name, change.status);
  return afterStatusChange(change, claimed.amountCents);
}

/** A zero-cost ad: published at once, recorded as a R$ 0,00 payment, no gateway, no receipt. */
function publishFree(ad: PayableAd, method: PaymentMethod, quote: PaymentQuote, now: Date): StartedPayment | PaymentRefusal {
  const change = writeTransaction(
    (tx) => {
      const current = tx.select({ status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, ad.id)).get();
      if (current?.status !== "pending_payment" || current.expirationDate.getTime() !== ad.expirationDate.getTime()) return null;
      const payment = tx
        .insert(payments)
        .values({
          adId: ad.id,
          userId: ad.userId,
          amountCents: 0,
          paymentMethod: method,
          status: "pending",
          paysUntil: ad.expirationDate,
          description: describe(ad.id, quote.chargedDays),
          metadata: { chargedDays: quote.chargedDays, pricePerDayCents: quote.pricePerDayCents },
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      return applyStatusInTransaction(tx, payment, { status: "CONFIRMED", gatewayStatus: FREE_GATEWAY_STATUS }, now);
    },
  );
  if (!change) return refusal(409, PAYMENT_MESSAGES.alreadyPaid);
  return { ok: true, paymentId: change.paymentId, adId: ad.id, method, status: change.status, gatewayStatus: FREE_GATEWAY_STATUS, amountCents: 0, reused: false, adStatus: change.adStatus, receipt: null };
}

/** The page's 'Publicar sem custo': only for an ad whose charged days come to zero. */
export function publishIfFree(adId: number, userId: number, now: Date = new Date()): StartedPayment | PaymentRefusal {
  const ad = findOwnAd(adId, userId);
  if (!ad) return adNotFound();
  const problem = payabilityProblem(ad, now);
  if (problem) return problem;
  const quote = quoteFor(ad, now);
  if (quote.totalCents !== 0) return refusal(409, "Este anúncio tem custo: escolha PIX ou Cartão de Crédito para pagar.");
  return publishFree(ad, "PIX", quote, now);
}

export async function startPayment(input: {
  adId: number;
  userId: number;
  request: PaymentRequest;
  /** The payer's address (Asaas's fraud analysis). */
  remoteIp: string | null;
  now?: Date;
}): Promise<StartedPayment | PaymentRefusal> {
  const now = input.now ?? new Date();
  const { request } = input;
  const ad = findOwnAd(input.adId, input.userId);
  if (!ad) return adNotFound();
  const problem = payabilityProblem(ad, now);
  if (problem) return problem;

  if (request.method === "CREDIT_CARD" && !cardPaymentsEnabled()) return refusal(400, PAYMENT_MESSAGES.cardsUnavailable);
  const quote = quoteFor(ad, now);
  if (quote.totalCents === 0) return publishFree(ad, request.method, quote, now);
  if (request.method === "CREDIT_CARD" && !quote.cardAllowed) {
    return refusal(400, PAYMENT_MESSAGES.minimum, PAYMENT_MESSAGES.minimumTitle);
  }

  const claimed = claim(ad, request, quote, now);
  if (claimed.kind === "refused") return claimed.refusal;
  if (claimed.kind === "reuse") return started(claimed.payment, { reused: true });
  return chargeClaim({ ad, claimed, request, charge: { totalCents: quote.totalCents, paysUntil: ad.expirationDate }, description: describe(ad.id, quote.chargedDays), remoteIp: input.remoteIp, now });
}

/**
 * The gateway's half of a payment whose row was just claimed (the ad's period, a boost or an extension,
 * ADR 037): the earlier charges of the same ad and purpose are settled first (one live charge), then
 * the PIX or card charge is made and recorded, and applied when the gateway says paid.
 */
export async function chargeClaim(input: {
  ad: { id: number; expirationDate: Date };
  claimed: { payment: Payment; retried: boolean };
  request: PaymentRequest;
  /** What the charge is for: its amount and the period it binds. */
  charge: { totalCents: number; paysUntil: Date };
  description: string;
  remoteIp: string | null;
  now: Date;
}): Promise<StartedPayment | PaymentRefusal> {
  const { ad, claimed, request, now } = input;
  const payment = claimed.payment;

  const gateway = paymentGateway();
  try {
    const earlier = await settleEarlierCharges(ad, claimed, request, input.charge, now);
    const claimStays = (earlier.kind === "reuse" && earlier.payment.id === payment.id) || earlier.kind === "card_pending" || earlier.kind === "restart";
    if (earlier.kind !== "none" && !claimStays) failClaim(payment.id, ABANDONED_GATEWAY_STATUS, null, now);
    if (earlier.kind === "card_pending") return refusal(409, PAYMENT_MESSAGES.cardUnderReview);
    if (earlier.kind === "restart") return refusal(409, PAYMENT_MESSAGES.tryAgain);
    if (earlier.kind === "paid") return refusal(409, PAYMENT_MESSAGES.alreadyPaid);
    if (earlier.kind === "reuse") return started(earlier.payment, { reused: true });

    const customer = { name: request.customer.name, email: request.customer.email, cpfCnpj: request.customer.cpfCnpj, phone: request.customer.phone };
    const description = payment.description ?? input.description;
    if (request.method === "PIX") {
      const charge = await gateway.createPixCharge({
        paymentId: payment.id,
        amountCents: payment.amountCents,
        description,
        customer,
        dueDate: expirationKeyFromInstant(payment.dueDate!),
      });
      const applied = recordCharge(payment, { ...charge, pixPayload: charge.pixPayload }, now);
      return started({ ...payment, status: applied.status, asaasStatus: charge.gatewayStatus }, { adStatus: applied.adStatus, receipt: applied.receipt });
    }

    const charge = await gateway.createCardCharge({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      description,
      customer,
      card: request.card!,
      holder: request.holder!,
      remoteIp: input.remoteIp || "127.0.0.1",
    });
    const cardMetadata = { cardBrand: charge.cardBrand, cardLast4: charge.cardLast4 };
    if (charge.status === "DECLINED") {
      failClaim(payment.id, "DECLINED", { ...cardMetadata, declineMessage: charge.declineMessage }, now);
      return refusal(402, charge.declineMessage);
    }
    const applied = recordCharge(payment, { ...charge, metadata: cardMetadata }, now);
    return started({ ...payment, status: applied.status, asaasStatus: charge.gatewayStatus }, { adStatus: applied.adStatus, receipt: applied.receipt });
  } catch (error) {
    if (!(error instanceof GatewayError)) {
      markUnknown(payment.id, now);
      throw error;
    }
    // Only an answer that says nothing was made closes the claim; a timeout or a dropped connection may
    // have left a charge at the gateway: the next attempt and the reconciliation look it up.
    if (error.code === "invalid_request" || error.code === "card_declined" || error.code === "rate_limited") failClaim(payment.id, "ERROR", null, now);
    else markUnknown(payment.id, now);
    console.error(`[payments] ${gateway.name} refused payment ${payment.id} of ad ${ad.id}: ${error.message}`);
    return gatewayRefusal(error);
  }
}
