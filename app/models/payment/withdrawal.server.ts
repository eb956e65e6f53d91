/**
 * Withdrawing charges nobody should pay any more: an ad's period changed after it was quoted, the ad
 * was removed, or the payer chose another charge. A withdrawn charge never publishes anything: if it
 * is paid anyway, the money is recorded and flagged for refund (confirmation.server.ts).
 *
 * The decision and the gateway call are two steps, like an outbox: `withdrawOpenCharges` runs inside
 * the caller's transaction (the ad's edit or removal), marks the payments and queues one row per
 * charge in `charge_withdrawals`; `sendWithdrawals` then asks the gateway (Asaas: DELETE
 * /payments/{id}) after the commit, and the reconciliation retries whatever failed. A payment whose
 * charge the gateway may or may not have made (its creation timed out) is queued by reference and
 * looked up at the gateway by our payment id before it is withdrawn.
 *
 * The queue row outlives the payment's ad, so money that still arrives for it is recognised.
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db, type Writer } from "~/db/client.server";
import { chargeWithdrawals, payments, type Payment } from "~/db/schema";
import { paymentGateway } from "~/models/payment/gateway.server";
import { CANCELLED_GATEWAY_STATUS } from "~/models/payment/payment";
import { GatewayError, isPaidStatus, type GatewayPaymentStatus } from "~/services/payments/gateway";

export type WithdrawalReason = "superseded" | "ad_removed" | "replaced" | "restored";

/** Queue key of a payment whose charge id we never learned (its creation timed out). */
const BY_REFERENCE = "ref:";

/** Payments whose charge may still be paid: open ones, and those whose creation we are unsure of. */
export const OPEN_PAYMENT_STATUSES = ["pending", "overdue"] as const;

function queueKey(payment: Pick<Payment, "id" | "asaasPaymentId">): string {
  return payment.asaasPaymentId ?? `${BY_REFERENCE}${payment.id}`;
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
 * gateway). Returns the payment ids queued, for `sendWithdrawals` after the commit.
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

export type WithdrawalReport = { withdrawn: number; failed: number; paidAnyway: number; calls: number };

type PaidStatusApplier = (paymentId: number, update: GatewayPaymentStatus, gatewayPaymentId: string) => void;

/**
 * Sends queued withdrawals to the gateway: those of `paymentIds`, or the oldest pending ones, at most
 * `maxCalls` gateway calls. Never throws: a failure is counted on the row and retried by the next
 * reconciliation; a rate limit stops the run. A charge found paid is handed to `onPaid` (the
 * confirmation path, which records the money and flags it for refund).
 */
export async function sendWithdrawals(options: { paymentIds?: number[]; maxCalls?: number; onPaid: PaidStatusApplier; now?: Date }): Promise<WithdrawalReport> {
  const now = options.now ?? new Date();
  const maxCalls = options.maxCalls ?? 50;
  const report: WithdrawalReport = { withdrawn: 0, failed: 0, paidAnyway: 0, calls: 0 };
  if (options.paymentIds?.length === 0) return report;
  const rows = db
    .select()
    .from(chargeWithdrawals)
    .where(and(isNull(chargeWithdrawals.doneAt), options.paymentIds ? inArray(chargeWithdrawals.paymentId, options.paymentIds) : undefined))
    .orderBy(asc(chargeWithdrawals.attempts), asc(chargeWithdrawals.id))
    .limit(maxCalls)
    .all();
  const gateway = paymentGateway();
  for (const row of rows) {
    if (report.calls >= maxCalls) break;
    try {
      let targets: { id: string; status: GatewayPaymentStatus | null }[];
      if (row.gatewayPaymentId.startsWith(BY_REFERENCE)) {
        report.calls++;
        const found = await gateway.findCharges([row.paymentId]);
        targets = (found ?? []).map((charge) => ({ id: charge.gatewayPaymentId, status: { status: charge.status, gatewayStatus: charge.gatewayStatus } }));
      } else {
        targets = [{ id: row.gatewayPaymentId, status: null }];
      }
      for (const target of targets) {
        let paid = target.status && isPaidStatus(target.status.status) ? target.status : null;
        if (!paid && (!target.status || target.status.status === "PENDING" || target.status.status === "OVERDUE")) {
          report.calls++;
          const answer = await gateway.cancelCharge(target.id);
          paid = answer && isPaidStatus(answer.status) ? answer : null;
        }
        if (paid) {
          report.paidAnyway++;
          options.onPaid(row.paymentId, paid, target.id);
        }
      }
      db.update(chargeWithdrawals).set({ doneAt: now, lastError: null }).where(eq(chargeWithdrawals.id, row.id)).run();
      report.withdrawn++;
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      report.failed++;
      db.update(chargeWithdrawals)
        .set({ attempts: row.attempts + 1, lastError: error.message })
        .where(eq(chargeWithdrawals.id, row.id))
        .run();
      console.error(`[payments] could not withdraw charge ${row.gatewayPaymentId} of payment ${row.paymentId}: ${error.message}`);
      if (error.code === "rate_limited") break;
    }
  }
  return report;
}

/** Records the charge id the gateway answered for a payment whose creation we were unsure of. */
export function adoptGatewayId(tx: Writer, paymentId: number, gatewayPaymentId: string) {
  tx.update(payments).set({ asaasPaymentId: gatewayPaymentId }).where(and(eq(payments.id, paymentId), isNull(payments.asaasPaymentId))).run();
}
