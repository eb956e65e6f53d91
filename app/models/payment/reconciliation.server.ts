/**
 * Reconciliation: the server asks the gateway about what it is unsure of, so a lost webhook never
 * leaves a paid ad hidden and no charge stays payable by mistake. Asaas pauses its webhook queue
 * after repeated failures, so this happens in real life. Every `PAYMENT_RECONCILE_SECONDS`, in the
 * server's job runner (a short-lived child of the first process, server/jobs.ts), once however many workers there are:
 *
 * 1. charges still pending and older than one interval (at most 60 s) are read at the gateway; a
 *    change is applied through the webhook's exactly-once path (webhook.server.ts);
 * 2. payments whose creation timed out ("unknown") are looked up by our id: a charge found is
 *    adopted (or withdrawn when the ad has another open one), none found means none was made;
 * 3. withdrawals the gateway has not confirmed yet are sent again (withdrawal.server.ts).
 *
 * One run makes at most 50 gateway calls, and against Asaas's production address runs are at least
 * 60 s apart (Asaas allows 25 000 requests in 12 h and forbids polling); the Asaas client's read
 * budget, shared by every worker, keeps the page's polling and these reads together under it. A
 * gateway that keeps no state (local) is asked nothing.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, ne, or } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { payments, type Payment } from "~/db/schema";
import { getEnv, type Env } from "~/env.server";
import { applyFoundCharge } from "~/models/payment/confirmation.server";
import { paymentGateway } from "~/models/payment/gateway.server";
import { NOT_CREATED_GATEWAY_STATUS, UNKNOWN_GATEWAY_STATUS } from "~/models/payment/payment";
import { applyObservedStatus } from "~/models/payment/webhook.server";
import { sendWithdrawals, type WithdrawalReport } from "~/models/payment/withdrawal.server";
import { OPEN_PAYMENT_STATUSES } from "~/models/payment-outbox/payment-outbox";
import { queueWithdrawal } from "~/models/payment-outbox/withdrawal-queue.server";
import { countReconciliation } from "~/services/metrics-registry.server";
import { ASAAS_PRODUCTION_URL, normalizeAsaasBaseUrl } from "~/services/payments/asaas-environment.server";
import { GatewayError, isPaidStatus } from "~/services/payments/gateway";

/** A claim without a gateway id after this long died half-way; it may have made a charge. */
const STALE_CLAIM_MS = 2 * 60_000;
const MAX_CALLS_PER_RUN = 50;

export type ReconcileSettings = { intervalMs: number; minAgeMs: number; maxCalls: number };

/** The interval, the age a charge must reach before it is read (one interval, at most 60 s), the calls a run may make. */
export function reconcileSettings(env: Pick<Env, "PAYMENT_RECONCILE_SECONDS" | "PAYMENT_GATEWAY" | "ASAAS_BASE_URL"> = getEnv()): ReconcileSettings {
  const intervalMs = env.PAYMENT_RECONCILE_SECONDS * 1000;
  const production = env.PAYMENT_GATEWAY === "asaas" && normalizeAsaasBaseUrl(env.ASAAS_BASE_URL) === ASAAS_PRODUCTION_URL;
  // env.server.ts refuses less than 60 s against production; this keeps the rule where it is used, too.
  return { intervalMs: production ? Math.max(intervalMs, 60_000) : intervalMs, minAgeMs: Math.min(intervalMs, 60_000), maxCalls: MAX_CALLS_PER_RUN };
}

export type ReconcileReport = {
  /** Pending charges read at the gateway, and how many of them had changed. */
  checked: number;
  changed: number;
  /** Unknown creations looked up: charges adopted, withdrawn as a second open charge, and never made. */
  unknown: number;
  adopted: number;
  notCreated: number;
  withdrawals: WithdrawalReport;
  calls: number;
  /** Why the run stopped early (a rate limit, the gateway down), else null. */
  stoppedBy: string | null;
};

/** Where the last run stopped among pending charges, so a long list is read in turns, not its head only. */
let pendingCursor = 0;

function pendingToCheck(before: Date, limit: number): Payment[] {
  const where = (afterId: number) =>
    and(
      inArray(payments.status, OPEN_PAYMENT_STATUSES),
      isNotNull(payments.asaasPaymentId),
      gt(payments.amountCents, 0),
      lte(payments.createdAt, before),
      gt(payments.id, afterId),
    );
  let rows = db.select().from(payments).where(where(pendingCursor)).orderBy(asc(payments.id)).limit(limit).all();
  if (rows.length < limit && pendingCursor > 0) {
    rows = [...rows, ...db.select().from(payments).where(where(0)).orderBy(asc(payments.id)).limit(limit - rows.length).all()];
  }
  return rows;
}

function unknownToLookUp(before: Date, limit: number, now: Date): Payment[] {
  return db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.status, "pending"),
        isNull(payments.asaasPaymentId),
        gt(payments.amountCents, 0),
        lte(payments.createdAt, before),
        or(eq(payments.asaasStatus, UNKNOWN_GATEWAY_STATUS), and(isNull(payments.asaasStatus), lte(payments.updatedAt, new Date(now.getTime() - STALE_CLAIM_MS)))),
      ),
    )
    .orderBy(asc(payments.id))
    .limit(limit)
    .all();
}

/** Does the ad have an open charge for the same purpose other than `payment`? Then a charge found for `payment` is one too many. */
function anotherOpenCharge(payment: Payment): boolean {
  return Boolean(
    db
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.adId, payment.adId), eq(payments.purpose, payment.purpose), ne(payments.id, payment.id), inArray(payments.status, OPEN_PAYMENT_STATUSES), isNotNull(payments.asaasPaymentId)))
      .get(),
  );
}

export async function reconcilePayments(now: Date = new Date(), settings: ReconcileSettings = reconcileSettings()): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, changed: 0, unknown: 0, adopted: 0, notCreated: 0, withdrawals: { withdrawn: 0, failed: 0, paidAnyway: 0, calls: 0 }, calls: 0, stoppedBy: null };
  const gateway = paymentGateway();
  const before = new Date(now.getTime() - settings.minAgeMs);
  const left = () => settings.maxCalls - report.calls;

  try {
    // 1. Pending charges: did anyone pay (or refund, or let it expire) without telling us?
    const asked = left();
    const pending = pendingToCheck(before, asked);
    for (const payment of pending) {
      if (left() <= 0) break;
      report.calls++;
      const observed = await gateway.getStatus(payment.asaasPaymentId!);
      if (!observed) break; // the gateway keeps no state: the database is the truth
      pendingCursor = payment.id;
      report.checked++;
      const outcome = applyObservedStatus(payment, observed, "reconciliation", now);
      if (outcome?.kind === "applied" && outcome.changed) {
        report.changed++;
        console.log(`[payments] reconciliation: payment ${payment.id} (ad ${payment.adId}) is ${observed.gatewayStatus} at ${gateway.name}; now ${outcome.status}${outcome.adStatus ? `, ad ${outcome.adStatus}` : ""}`);
      }
    }
    // The whole list was read: the next run starts from its head again (a run cut short goes on where it stopped).
    if (report.checked === pending.length && pending.length < asked) pendingCursor = 0;

    // 2. Creations that timed out: was the charge made?
    const unknown = unknownToLookUp(before, left(), now);
    if (unknown.length > 0) {
      report.calls += unknown.length;
      const found = await gateway.findCharges(unknown.map((payment) => payment.id));
      for (const payment of unknown) {
        report.unknown++;
        const charges = (found ?? []).filter((charge) => charge.paymentId === payment.id);
        const charge = charges.find((c) => isPaidStatus(c.status)) ?? charges.find((c) => c.status === "PENDING" || c.status === "OVERDUE");
        if (!charge) {
          report.notCreated++;
          // Unless the payer retried meanwhile (the checkout claims the same payment again and may be creating its charge).
          db.update(payments)
            .set({ status: "failed", asaasStatus: NOT_CREATED_GATEWAY_STATUS, updatedAt: now })
            .where(and(eq(payments.id, payment.id), isNull(payments.asaasPaymentId), eq(payments.updatedAt, payment.updatedAt)))
            .run();
          continue;
        }
        report.adopted++;
        const update = { status: charge.status, gatewayStatus: charge.gatewayStatus };
        if (!isPaidStatus(charge.status) && anotherOpenCharge(payment)) {
          writeTransaction((tx) => queueWithdrawal(tx, { ...payment, asaasPaymentId: charge.gatewayPaymentId }, "replaced", now));
          console.log(`[payments] reconciliation: payment ${payment.id} had a charge after all (${charge.gatewayPaymentId}); the ad has another, so it is withdrawn`);
          continue;
        }
        applyFoundCharge(payment.id, update, charge.gatewayPaymentId, now);
        console.log(`[payments] reconciliation: payment ${payment.id} had a charge after all (${charge.gatewayPaymentId}, ${charge.gatewayStatus}): adopted`);
      }
    }
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    report.stoppedBy = error.message;
    console.error(`[payments] reconciliation stopped: ${error.message}`);
  }

  // 3. Withdrawals still owed to the gateway: writes, so a spent read budget does not hold them back
  // (during a 429's back-off they fail fast, without a call, and wait for the next run).
  if (left() > 0) {
    report.withdrawals = await sendWithdrawals({ maxCalls: left(), onPaid: (paymentId, update, gatewayPaymentId) => applyFoundCharge(paymentId, update, gatewayPaymentId, now), now });
    report.calls += report.withdrawals.calls;
  }
  countReconciliation(report.stoppedBy ? "stopped" : "ok", report.changed);
  const w = report.withdrawals;
  if (report.changed || report.unknown || w.withdrawn || w.failed || w.paidAnyway) {
    console.log(
      `[payments] reconciliation: ${report.checked} pending read (${report.changed} changed), ${report.unknown} unknown (${report.adopted} found, ${report.notCreated} never made), ` +
        `${w.withdrawn} withdrawn, ${w.failed} withdrawals failed, ${w.paidAnyway} paid after withdrawal; ${report.calls} gateway calls`,
    );
  }
  return report;
}

/**
 * One scheduled run (a job of the server, server/jobs.ts, every interval): never throws; a failed run
 * is logged and counted, and the next goes on.
 */
export async function runReconciliation(settings: ReconcileSettings = reconcileSettings()): Promise<void> {
  try {
    await reconcilePayments(new Date(), settings);
  } catch (error) {
    countReconciliation("failed");
    console.error("[payments] reconciliation failed:", error);
  }
}
