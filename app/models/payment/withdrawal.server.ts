/**
 * Sending withdrawn charges to the gateway: the outbox's second step. The decision is written inside the
 * caller's transaction (models/payment-outbox/withdrawal-queue.server.ts: an ad's edit or removal, another
 * charge chosen); `sendWithdrawals` then asks the gateway (Asaas: DELETE /payments/{id}) after the
 * commit, and the reconciliation retries whatever failed. A withdrawn charge never publishes anything:
 * if it is paid anyway, the money is recorded and flagged for refund (confirmation.server.ts).
 */
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { db, type Writer } from "~/db/client.server";
import { chargeWithdrawals, payments } from "~/db/schema";
import { paymentGateway } from "~/models/payment/gateway.server";
import { isQueuedByReference } from "~/models/payment-outbox/withdrawal-queue.server";
import { GatewayError, isPaidStatus, type GatewayPaymentStatus } from "~/services/payments/gateway";

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
      if (isQueuedByReference(row)) {
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
