/**
 * One live charge per ad (ADR 017): what the checkout does with the ad's earlier payments before it
 * makes a charge, and how it closes its own claim. Split from checkout.server.ts by job.
 */
import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { payments, type Payment } from "~/db/schema";
import { applyFoundCharge } from "~/models/payment/confirmation.server";
import { paymentGateway } from "~/models/payment/gateway.server";
import { NOT_CREATED_GATEWAY_STATUS, UNKNOWN_GATEWAY_STATUS } from "~/models/payment/payment";
import type { PaymentRequest } from "~/models/payment/payment-form";
import { OPEN_PAYMENT_STATUSES } from "~/models/payment-outbox/payment-outbox";
import { queueWithdrawal } from "~/models/payment-outbox/withdrawal-queue.server";
import { countPaymentStatus } from "~/services/metrics-registry.server";
import { isPaidStatus } from "~/services/payments/gateway";

/** How many of the ad's open payments are looked up at the gateway before a new charge (a safety cap). */
const EARLIER_LOOKUP_LIMIT = 20;

/** Our charge for `request` can be the open one: same method, amount and period, not yet due. */
export function matchesQuote(payment: Payment, request: PaymentRequest, totalCents: number, paysUntil: Date, now: Date): boolean {
  return (
    request.method === "PIX" &&
    payment.paymentMethod === "PIX" &&
    payment.amountCents === totalCents &&
    payment.paysUntil?.getTime() === paysUntil.getTime() &&
    (!payment.dueDate || payment.dueDate.getTime() > now.getTime())
  );
}

/** Ends our claim without a charge (another one was reused, or nothing could be charged). */
export function failClaim(paymentId: number, gatewayStatus: string, metadata: Record<string, unknown> | null, now: Date) {
  const row = db.select({ metadata: payments.metadata }).from(payments).where(eq(payments.id, paymentId)).get();
  db.update(payments)
    .set({ status: "failed", asaasStatus: gatewayStatus, metadata: { ...row?.metadata, ...metadata }, updatedAt: now })
    .where(eq(payments.id, paymentId))
    .run();
  countPaymentStatus(paymentGateway().name, "failed");
}

/** The gateway may have made the charge (a timeout, a dropped connection): unknown, looked up later, never "failed". */
export function markUnknown(paymentId: number, now: Date) {
  db.update(payments).set({ asaasStatus: UNKNOWN_GATEWAY_STATUS, updatedAt: now }).where(eq(payments.id, paymentId)).run();
}

function withdrawNow(payment: Payment, now: Date) {
  writeTransaction((tx) => queueWithdrawal(tx, payment, "replaced", now, { done: true }));
}

export type EarlierCharges =
  | { kind: "paid" }
  | { kind: "reuse"; payment: Payment }
  /** Our own timed-out card is being analysed at the gateway. */
  | { kind: "card_pending" }
  /** Our own timed-out PIX could not be reused (past due): it was withdrawn; the next attempt starts afresh. */
  | { kind: "restart" }
  | { kind: "none" };

/**
 * One live charge per ad and purpose (ADR 037: the ad's period, a boost and an extension are separate
 * purchases): before a new charge, every open payment of the ad for the same purpose is looked up at the
 * gateway by its id (our externalReference), the retried claim's own included: a creation that timed
 * out may have made a charge. A paid one is confirmed instead; a pending PIX of the same value and
 * period is reused; any other is withdrawn; one the gateway never made is closed. A gateway that keeps
 * no state (local) answers from the database.
 */
export async function settleEarlierCharges(
  ad: { id: number },
  claim: { payment: Payment; retried: boolean },
  request: PaymentRequest,
  quoted: { totalCents: number; paysUntil: Date },
  now: Date,
): Promise<EarlierCharges> {
  const claimed = claim.payment;
  const open = db
    .select()
    .from(payments)
    .where(and(eq(payments.adId, ad.id), eq(payments.purpose, claimed.purpose), ne(payments.id, claimed.id), inArray(payments.status, OPEN_PAYMENT_STATUSES)))
    .orderBy(desc(payments.id))
    .limit(EARLIER_LOOKUP_LIMIT)
    .all()
    .filter((payment) => payment.amountCents > 0);
  const lookedUp = claim.retried ? [claimed, ...open] : open;
  if (lookedUp.length === 0) return { kind: "none" };
  const gateway = paymentGateway();
  const found = await gateway.findCharges(lookedUp.map((payment) => payment.id), { forPayment: true });
  if (found === null) {
    // Local: a static code cannot be withdrawn; the database stops accepting it.
    for (const payment of open) {
      if (payment.asaasPaymentId) withdrawNow(payment, now);
      else failClaim(payment.id, NOT_CREATED_GATEWAY_STATUS, null, now);
    }
    return { kind: "none" };
  }

  const byId = new Map(lookedUp.map((payment) => [payment.id, payment]));
  let reuse: Payment | null = null;
  for (const charge of found) {
    const payment = byId.get(charge.paymentId);
    if (!payment) continue;
    const update = { status: charge.status, gatewayStatus: charge.gatewayStatus };
    if (isPaidStatus(charge.status)) {
      if (applyFoundCharge(payment.id, update, charge.gatewayPaymentId, now)?.newlyPaid) return { kind: "paid" };
      continue;
    }
    if (charge.status !== "PENDING" && charge.status !== "OVERDUE") continue;
    if (!reuse && payment.status !== "failed" && charge.method === "PIX" && matchesQuote({ ...payment, amountCents: charge.amountCents }, request, quoted.totalCents, quoted.paysUntil, now)) {
      applyFoundCharge(payment.id, update, charge.gatewayPaymentId, now);
      reuse = payment;
      continue;
    }
    if (payment.id === claimed.id && charge.method === "CREDIT_CARD") {
      // The timed-out card is being analysed at the gateway: it is this payment, followed by the reconciliation.
      applyFoundCharge(payment.id, update, charge.gatewayPaymentId, now);
      return { kind: "card_pending" };
    }
    const answer = await gateway.cancelCharge(charge.gatewayPaymentId);
    if (answer && isPaidStatus(answer.status)) {
      if (applyFoundCharge(payment.id, answer, charge.gatewayPaymentId, now)?.newlyPaid) return { kind: "paid" };
      continue;
    }
    withdrawNow({ ...payment, asaasPaymentId: charge.gatewayPaymentId }, now);
    // Our own claim's charge could not be reused (its PIX is past due): the next attempt starts afresh.
    if (payment.id === claimed.id) return { kind: "restart" };
  }
  // Open payments the gateway holds no live charge for: never made, or deleted there.
  const live = new Set(found.map((charge) => charge.paymentId));
  for (const payment of open) {
    if (live.has(payment.id)) continue;
    if (payment.asaasPaymentId) withdrawNow(payment, now);
    else failClaim(payment.id, NOT_CREATED_GATEWAY_STATUS, null, now);
  }
  if (!reuse) return { kind: "none" };
  return { kind: "reuse", payment: db.select().from(payments).where(eq(payments.id, reuse.id)).get() ?? reuse };
}
