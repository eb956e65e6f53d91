/**
 * The withdrawal outbox (`charge_withdrawals`, ADR 017), below both the ad and the payment: an ad's edit,
 * reactivation or removal withdraws its open charges inside its own transaction, and the payment model
 * sends them to the gateway after the commit (models/payment/withdrawal.server.ts) and records money
 * that arrives for them anyway (confirmation.server.ts). A withdrawn charge never publishes anything.
 *
 * The queue row outlives the payment's ad, so money that still arrives for it is recognised. A payment
 * whose charge the gateway may or may not have made (its creation timed out) is queued by reference and
 * looked up at the gateway by our payment id before it is withdrawn.
 *
 * The ad does not import the payment model (the payment imports the ad: what a payment does to its ad
 * is the ad's function). So the sender is handed here by the payment model when it loads
 * (`handWithdrawalsTo`), and the ad's changes start it after their commit with `sendQueuedWithdrawals`.
 * The web server loads every route, the payment model with them; a process that never loads it (the
 * `jobs:daily` command) leaves its rows to the server's reconciliation, which sends whatever is queued.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import type { Writer } from "~/db/client.server";
import { chargeWithdrawals, payments, type Payment } from "~/db/schema";
import { CANCELLED_GATEWAY_STATUS, OPEN_PAYMENT_STATUSES, type WithdrawalReason } from "~/models/payment-outbox/payment-outbox";

/** Queue key of a payment whose charge id we never learned (its creation timed out). */
const BY_REFERENCE = "ref:";

function queueKey(payment: Pick<Payment, "id" | "asaasPaymentId">): string {
  return payment.asaasPaymentId ?? `${BY_REFERENCE}${payment.id}`;
}

/** A queue row whose charge must first be found at the gateway by our payment id. */
export function isQueuedByReference(row: { gatewayPaymentId: string }): boolean {
  return row.gatewayPaymentId.startsWith(BY_REFERENCE);
}

/**
 * Inside the caller's transaction: `payment` stops buying anything (failed, CANCELLED, the reason kept
 * in its metadata) and its charge is queued for the gateway. A charge queued before (restored by the
 * gateway since) is queued again.
 */
export function queueWithdrawal(tx: Writer, payment: Payment, reason: WithdrawalReason, now: Date, options: { done?: boolean } = {}) {
  tx.update(payments)
    .set({
      status: "failed",
      asaasStatus: CANCELLED_GATEWAY_STATUS,
      metadata: { ...payment.metadata, withdrawn: { reason, at: now.toISOString() } },
      updatedAt: now,
    })
    .where(eq(payments.id, payment.id))
    .run();
  const doneAt = options.done ? now : null;
  tx.insert(chargeWithdrawals)
    .values({ gatewayPaymentId: queueKey(payment), paymentId: payment.id, adId: payment.adId, userId: payment.userId, amountCents: payment.amountCents, reason, doneAt, createdAt: now })
    .onConflictDoUpdate({ target: chargeWithdrawals.gatewayPaymentId, set: { reason, doneAt, attempts: 0, lastError: null } })
    .run();
}

/**
 * Inside the caller's transaction: every open charge of these ads is withdrawn (queued for the
 * gateway). Returns the payment ids queued, for `sendQueuedWithdrawals` after the commit.
 */
export function withdrawOpenCharges(tx: Writer, adIds: number[], reason: WithdrawalReason, now: Date = new Date()): number[] {
  if (adIds.length === 0) return [];
  const open = tx
    .select()
    .from(payments)
    .where(and(inArray(payments.adId, adIds), inArray(payments.status, OPEN_PAYMENT_STATUSES)))
    .all()
    // A free publication (R$ 0,00) never had a charge.
    .filter((payment) => payment.amountCents > 0);
  for (const payment of open) queueWithdrawal(tx, payment, reason, now);
  return open.map((payment) => payment.id);
}

/** Did we withdraw this payment's charge? Then its money buys nothing. */
export function wasWithdrawn(tx: Writer, paymentId: number): boolean {
  return Boolean(tx.select({ id: chargeWithdrawals.id }).from(chargeWithdrawals).where(eq(chargeWithdrawals.paymentId, paymentId)).get());
}

/** Money arrived for a withdrawn charge: remembered on its queue row (the payment may be archived). */
export function markWithdrawnChargePaid(tx: Writer, paymentId: number, now: Date) {
  tx.update(chargeWithdrawals).set({ paidAt: now }).where(and(eq(chargeWithdrawals.paymentId, paymentId), isNull(chargeWithdrawals.paidAt))).run();
}

/** Sends the withdrawals of `paymentIds` (or whatever is queued) in the background; never throws. */
type WithdrawalSender = (paymentIds?: number[]) => void;

let sender: WithdrawalSender | undefined;

/** The payment model's sender, handed over when it loads (models/payment/confirmation.server.ts). */
export function handWithdrawalsTo(send: WithdrawalSender) {
  sender = send;
}

/**
 * After the commit that queued them: sends those of `paymentIds` (or whatever is queued) to the gateway,
 * in the background, never awaited by the request. What fails, or what no sender took, is sent by the
 * reconciliation.
 */
export function sendQueuedWithdrawals(paymentIds?: number[]) {
  if (paymentIds?.length === 0) return;
  sender?.(paymentIds);
}
