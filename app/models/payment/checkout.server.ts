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
 * - an open PIX charge for the same ad and amount is shown again instead of a new one; a charge
 *   of another amount or method is withdrawn at the gateway first, so it cannot be paid on top;
 * - a payment being created blocks a second one for the same ad (double clicks, two tabs) across
 *   every worker: the check and the new row are written in one immediate transaction;
 * - card number, expiry and CCV go to the gateway and nowhere else: the row keeps brand and last 4.
 */
import { and, eq, inArray } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { ads, payments, type Payment } from "~/db/schema";
import { addDaysToKey, expirationInstantFromKey, expirationKeyFromInstant, todayKey } from "~/lib/dates";
import { effectiveStatus, type AdStatus } from "~/models/ad/ad";
import {
  afterStatusChange,
  applyPaymentStatus,
  applyStatusInTransaction,
  latestPaidPayment,
  markCancelled,
  type AppliedStatus,
} from "~/models/payment/confirmation.server";
import { paymentGateway } from "~/models/payment/gateway.server";
import { FREE_GATEWAY_STATUS, PAYMENT_MESSAGES, type PaymentMethod, type PaymentStatus } from "~/models/payment/payment";
import { paymentQuote, type PaymentQuote, type PaymentRequest } from "~/models/payment/payment-form";
import { getAdPricePerDayCents } from "~/models/setting/setting.server";
import { GatewayError, isPaidStatus, type GatewayStatus } from "~/services/payments/gateway";

/** A row without a gateway id after this long belongs to a request that died half-way. */
const CLAIM_TTL_MS = 2 * 60_000;

export type PaymentRefusal = {
  ok: false;
  status: 400 | 402 | 404 | 409 | 502 | 504;
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

function refusal(status: PaymentRefusal["status"], message: string, title: string = PAYMENT_MESSAGES.errorTitle): PaymentRefusal {
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
  | { kind: "claimed"; payment: Payment; toCancel: Payment[] };

/**
 * In one immediate transaction: look at the ad's open payments, then either reuse one, refuse
 * (another payment is being made), or write the new payment row (our "claim") and say which open
 * charges must be withdrawn first.
 */
function claim(ad: PayableAd, request: PaymentRequest, quote: PaymentQuote, now: Date): Claim {
  return writeTransaction(
    (tx) => {
      const current = tx.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id)).get();
      if (current?.status !== "pending_payment") return { kind: "refused", refusal: refusal(409, PAYMENT_MESSAGES.alreadyPaid) };
      const open = tx
        .select()
        .from(payments)
        .where(and(eq(payments.adId, ad.id), inArray(payments.status, ["pending", "overdue"])))
        .all();
      const toCancel: Payment[] = [];
      for (const payment of open) {
        if (!payment.asaasPaymentId) {
          if (now.getTime() - payment.createdAt.getTime() < CLAIM_TTL_MS) {
            return { kind: "refused", refusal: refusal(409, PAYMENT_MESSAGES.inProgress) };
          }
          tx.update(payments).set({ status: "failed", asaasStatus: "ABANDONED", updatedAt: now }).where(eq(payments.id, payment.id)).run();
          continue;
        }
        if (payment.paymentMethod === "CREDIT_CARD") {
          return { kind: "refused", refusal: refusal(409, PAYMENT_MESSAGES.cardUnderReview) };
        }
        const stillValid = !payment.dueDate || payment.dueDate.getTime() > now.getTime();
        if (
          request.method === "PIX" &&
          payment.status === "pending" &&
          payment.amountCents === quote.totalCents &&
          stillValid
        ) {
          return { kind: "reuse", payment };
        }
        toCancel.push(payment);
      }
      const dueKey = request.method === "PIX" ? addDaysToKey(todayKey(now), 1) : todayKey(now);
      const payment = tx
        .insert(payments)
        .values({
          adId: ad.id,
          userId: ad.userId,
          amountCents: quote.totalCents,
          paymentMethod: request.method,
          status: "pending",
          dueDate: expirationInstantFromKey(dueKey),
          description: describe(ad.id, quote.chargedDays),
          metadata: { chargedDays: quote.chargedDays, pricePerDayCents: quote.pricePerDayCents, payerName: request.customer.name },
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      return { kind: "claimed", payment, toCancel };
    },
  );
}

function started(payment: Payment, extra: Partial<StartedPayment> = {}): StartedPayment {
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

function failClaim(paymentId: number, gatewayStatus: string, metadata: Record<string, unknown> | null, now: Date) {
  const row = db.select({ metadata: payments.metadata }).from(payments).where(eq(payments.id, paymentId)).get();
  db.update(payments)
    .set({ status: "failed", asaasStatus: gatewayStatus, metadata: { ...row?.metadata, ...metadata }, updatedAt: now })
    .where(eq(payments.id, paymentId))
    .run();
}

function gatewayRefusal(error: GatewayError): PaymentRefusal {
  const status = ([400, 402, 502, 504] as const).find((code) => code === error.status) ?? 502;
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
  return afterStatusChange(change, claimed.amountCents);
}

/** Withdraws open charges before a new one; a charge found paid meanwhile is confirmed instead. */
async function withdraw(open: Payment[], now: Date): Promise<PaymentRefusal | null> {
  const gateway = paymentGateway();
  for (const payment of open) {
    const gatewayId = payment.asaasPaymentId!;
    const current = await gateway.getStatus(gatewayId);
    if (current && current.status !== "PENDING" && current.status !== "OVERDUE") {
      applyPaymentStatus(payment.id, current, now);
      if (isPaidStatus(current.status)) return refusal(409, PAYMENT_MESSAGES.alreadyPaid);
      continue;
    }
    await gateway.cancelCharge(gatewayId);
    markCancelled(payment.id, now);
  }
  return null;
}

/** A zero-cost ad: published at once, recorded as a R$ 0,00 payment, no gateway, no receipt. */
function publishFree(ad: PayableAd, method: PaymentMethod, quote: PaymentQuote, now: Date): StartedPayment | PaymentRefusal {
  const change = writeTransaction(
    (tx) => {
      const current = tx.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id)).get();
      if (current?.status !== "pending_payment") return null;
      const payment = tx
        .insert(payments)
        .values({
          adId: ad.id,
          userId: ad.userId,
          amountCents: 0,
          paymentMethod: method,
          status: "pending",
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

  const quote = quoteFor(ad, now);
  if (quote.totalCents === 0) return publishFree(ad, request.method, quote, now);
  if (request.method === "CREDIT_CARD" && !quote.cardAllowed) {
    return refusal(400, PAYMENT_MESSAGES.minimum, PAYMENT_MESSAGES.minimumTitle);
  }

  const claimed = claim(ad, request, quote, now);
  if (claimed.kind === "refused") return claimed.refusal;
  if (claimed.kind === "reuse") return started(claimed.payment, { reused: true });
  const payment = claimed.payment;

  const gateway = paymentGateway();
  try {
    const withdrawn = await withdraw(claimed.toCancel, now);
    if (withdrawn) {
      failClaim(payment.id, "ABANDONED", null, now);
      return withdrawn;
    }
    const customer = { name: request.customer.name, email: request.customer.email, cpfCnpj: request.customer.cpfCnpj, phone: request.customer.phone };

    if (request.method === "PIX") {
      const charge = await gateway.createPixCharge({
        paymentId: payment.id,
        amountCents: payment.amountCents,
        description: payment.description ?? describe(ad.id, quote.chargedDays),
        customer,
        dueDate: expirationKeyFromInstant(payment.dueDate!),
      });
      const applied = recordCharge(payment, { ...charge, pixPayload: charge.pixPayload }, now);
      return started({ ...payment, status: applied.status, asaasStatus: charge.gatewayStatus }, { adStatus: applied.adStatus, receipt: applied.receipt });
    }

    const charge = await gateway.createCardCharge({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      description: payment.description ?? describe(ad.id, quote.chargedDays),
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
    failClaim(payment.id, "ERROR", null, now);
    if (error instanceof GatewayError) {
      console.error(`[payments] ${gateway.name} refused payment ${payment.id} of ad ${ad.id}: ${error.message}`);
      return gatewayRefusal(error);
    }
    throw error;
  }
}
