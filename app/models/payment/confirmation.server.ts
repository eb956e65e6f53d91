/**
 * What a payment's new status does — the one function behind the webhook, the card approved at
 * once, 'Já paguei — verificar' (Asaas) and the local confirmation (command and dev button).
 *
 * In ONE immediate transaction the payment row and its ad change together:
 *   paid (CONFIRMED / RECEIVED)  → payment confirmed|received with confirmedDate, and the ad
 *                                   pending_payment → active (or pending: needs_review), its
 *                                   expiration kept (models/ad/lifecycle.server.ts);
 *   REFUNDED / CHARGEBACK        → payment refunded, the ad paused (unless a later payment paid it);
 *   OVERDUE / DECLINED           → an unpaid payment marked overdue / failed.
 * Statuses only move forward: a second confirmation, a CONFIRMED after RECEIVED, or anything after
 * a refund changes nothing, so webhook replays and out-of-order deliveries are harmless and a
 * refunded ad is never re-activated. The receipt e-mail goes out only on the change to paid, after
 * the commit, without holding up the request (its errors are logged).
 */
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { payments, type Payment } from "~/db/schema";
import type { AdStatus } from "~/models/ad/ad";
import { activatePaidAd, pauseAfterRefund, type Writer } from "~/models/ad/lifecycle.server";
import { CANCELLED_GATEWAY_STATUS, isPaidPaymentStatus, type PaymentStatus } from "~/models/payment/payment";
import { sendPaymentReceipt } from "~/models/payment/receipt.server";
import type { GatewayStatus } from "~/services/payments/gateway";

export type StatusChange = {
  paymentId: number;
  adId: number;
  previous: PaymentStatus;
  status: PaymentStatus;
  /** The payment row changed. */
  changed: boolean;
  /** This change made the payment paid (and sends the receipt). */
  newlyPaid: boolean;
  /** The ad's new status when this change moved it (activated or paused), else null. */
  adStatus: AdStatus | null;
};

export type AppliedStatus = StatusChange & {
  /** The receipt e-mail being sent (newly paid, amount > 0), for callers that want to wait. */
  receipt: Promise<void> | null;
};

/** A status as the gateway reported it: ours (normalised) and its own word. */
export type GatewayUpdate = { status: GatewayStatus | "CANCELLED"; gatewayStatus: string };

function unchanged(payment: Payment): StatusChange {
  return { paymentId: payment.id, adId: payment.adId, previous: payment.status, status: payment.status, changed: false, newlyPaid: false, adStatus: null };
}

/** Was the ad paid again by a payment made after this one? Then refunding this one leaves the ad alone. */
function paidLater(tx: Writer, payment: Payment): boolean {
  const later = tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.adId, payment.adId), gt(payments.id, payment.id), inArray(payments.status, ["confirmed", "received"])))
    .get();
  return Boolean(later);
}

/** Applies `update` to the payment inside `tx`. Pure decision + writes; no e-mail, no gateway. */
export function applyStatusInTransaction(tx: Writer, payment: Payment, update: GatewayUpdate, now: Date = new Date()): StatusChange {
  const current = payment.status;
  const set = (values: Partial<typeof payments.$inferInsert>, status: PaymentStatus): StatusChange => {
    tx.update(payments)
      .set({ ...values, status, asaasStatus: update.gatewayStatus, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .run();
    return { ...unchanged(payment), status, changed: true };
  };

  switch (update.status) {
    case "CONFIRMED":
    case "RECEIVED": {
      const next: PaymentStatus = update.status === "RECEIVED" ? "received" : "confirmed";
      if (current === "refunded" || current === "received") return unchanged(payment);
      if (current === "confirmed") return next === "received" ? set({}, "received") : unchanged(payment);
      // pending, overdue, or a charge we had withdrawn that was paid anyway: the money is in.
      const change = set({ confirmedDate: now }, next);
      const adStatus = activatePaidAd(tx, payment.adId, now);
      if (!adStatus) {
        console.warn(`[payments] payment ${payment.id} was paid but ad ${payment.adId} was not waiting for payment: check for a duplicate payment to refund`);
      }
      return { ...change, newlyPaid: true, adStatus };
    }
    case "REFUNDED":
    case "CHARGEBACK": {
      if (current === "refunded") return unchanged(payment);
      const change = set({}, "refunded");
      const paused = isPaidPaymentStatus(current) && !paidLater(tx, payment) && pauseAfterRefund(tx, payment.adId, now);
      return { ...change, adStatus: paused ? "paused" : null };
    }
    case "OVERDUE":
      return current === "pending" ? set({}, "overdue") : unchanged(payment);
    case "DECLINED":
      return current === "pending" ? set({}, "failed") : unchanged(payment);
    case "CANCELLED":
      return current === "pending" || current === "overdue" ? set({}, "failed") : unchanged(payment);
    case "PENDING":
      return unchanged(payment);
  }
}

const receiptsInFlight = new Set<Promise<void>>();

/** Resolves once every receipt e-mail started so far is sent (or failed): for shutdown and tests. */
export async function settleReceipts(): Promise<void> {
  await Promise.allSettled([...receiptsInFlight]);
}

/** Sends the receipt of a payment that just became paid; never throws (errors are logged). */
export function afterStatusChange(change: StatusChange, amountCents: number): AppliedStatus {
  let receipt: Promise<void> | null = null;
  if (change.newlyPaid && amountCents > 0) {
    const sending = sendPaymentReceipt(change.paymentId).catch((error: unknown) => {
      console.error(`[payments] receipt e-mail for payment ${change.paymentId} failed:`, error);
    });
    receiptsInFlight.add(sending);
    receipt = sending.finally(() => receiptsInFlight.delete(sending));
  }
  return { ...change, receipt };
}

/** Applies a gateway status to one payment: one transaction, then the receipt when it became paid. */
export function applyPaymentStatus(paymentId: number, update: GatewayUpdate, now: Date = new Date()): AppliedStatus | null {
  let amountCents = 0;
  const change = writeTransaction(
    (tx) => {
      const payment = tx.select().from(payments).where(eq(payments.id, paymentId)).get();
      if (!payment) return null;
      amountCents = payment.amountCents;
      return applyStatusInTransaction(tx, payment, update, now);
    },
  );
  return change ? afterStatusChange(change, amountCents) : null;
}

/** Withdraws our record of an unpaid charge (the payer chose another method). */
export function markCancelled(paymentId: number, now: Date = new Date()) {
  return applyPaymentStatus(paymentId, { status: "CANCELLED", gatewayStatus: CANCELLED_GATEWAY_STATUS }, now);
}

/** The ad's latest paid payment, if any. */
export function latestPaidPayment(adId: number): Payment | null {
  return (
    db
      .select()
      .from(payments)
      .where(and(eq(payments.adId, adId), inArray(payments.status, ["confirmed", "received"])))
      .orderBy(desc(payments.id))
      .get() ?? null
  );
}
