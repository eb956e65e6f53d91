/**
 * What a payment's new status does — the one function behind the webhook, the card approved at
 * once, the reconciliation, 'Já paguei — verificar' (Asaas) and the local confirmation.
 *
 * In ONE immediate transaction the payment row and its ad change together:
 *   paid (CONFIRMED / RECEIVED)  → payment confirmed|received with confirmedDate, and the ad
 *                                   pending_payment → active (or pending: needs_review), published
 *                                   until the period the payment quoted (`paysUntil`), never later
 *                                   (models/ad/lifecycle.server.ts). Money that buys nothing — a
 *                                   withdrawn charge paid anyway, an ad already live, another period,
 *                                   a period already over — is recorded and flagged for refund
 *                                   (`refundDueReason`, the admin's 'Pagamentos'), never published;
 *   REFUNDED / CHARGEBACK        → payment refunded, the ad paused (unless a later payment paid it,
 *                                   or this money had bought nothing);
 *   OVERDUE / DECLINED           → an unpaid payment marked overdue / failed;
 *   UNDONE                       → a cash receipt undone at Asaas: the money is gone, the payment
 *                                   waits again and the ad is unpublished;
 *   CHARGEBACK_REVERSED          → a chargeback dispute we won: the money stays, the payment is paid
 *                                   again (the ad stays paused; its owner may reactivate it);
 *   RESTORED                     → a deleted charge brought back: ours to withdraw again if we had
 *                                   withdrawn it, else open again.
 * A boost or an extension (ADR 037) is applied by the ad model (ad/boost.server.ts) instead of
 * publishing: only while the ad is public (and, for an extension, still ends where it did when
 * quoted); otherwise its money is flagged for refund. Its refund stops the boost or gives the days
 * back, and never pauses the ad.
 * Statuses otherwise only move forward (ADR 011): a second confirmation, a CONFIRMED after RECEIVED,
 * or a confirmation after a refund changes nothing, so webhook replays and out-of-order deliveries
 * are harmless. UNDONE and CHARGEBACK_REVERSED are the deliberate exceptions: the money itself moved
 * back. The receipt e-mail goes out only on a change to paid that published the ad, after the
 * commit, without holding up the request (its errors are logged).
 */
import { and, desc, eq, gt, inArray } from "drizzle-orm";
import { db, writeTransaction, type Writer } from "~/db/client.server";
import { ads, payments, type Payment } from "~/db/schema";
import type { AdStatus } from "~/models/ad/ad";
import { applyPaidExtension, startPaidBoost, undoAddOn } from "~/models/ad/boost.server";
import { activatePaidAd, pauseAfterRefund, unpublishUnpaidAd } from "~/models/ad/lifecycle.server";
import { isPaidPaymentStatus, type PaymentStatus } from "~/models/payment/payment";
import { sendPaymentReceipt } from "~/models/payment/receipt.server";
import { adoptGatewayId, sendWithdrawals } from "~/models/payment/withdrawal.server";
import { handWithdrawalsTo, markWithdrawnChargePaid, queueWithdrawal, wasWithdrawn } from "~/models/payment-outbox/withdrawal-queue.server";
import { paymentGateway } from "~/models/payment/gateway.server";
import { countPaymentStatus } from "~/services/metrics-registry.server";
import type { GatewayStatus } from "~/services/payments/gateway";

export type StatusChange = {
  paymentId: number;
  adId: number;
  previous: PaymentStatus;
  status: PaymentStatus;
  /** The payment row changed. */
  changed: boolean;
  /** This change made the payment paid and published the ad (and sends the receipt). */
  newlyPaid: boolean;
  /** The ad's new status when this change moved it (activated, paused, unpublished), else null. */
  adStatus: AdStatus | null;
  /** The money arrived but bought nothing: why (flagged for refund), else null. */
  refundDue: string | null;
  /** A restored charge we had withdrawn was queued again: send the withdrawal after the commit. */
  withdrawAgain: boolean;
};

export type AppliedStatus = StatusChange & {
  /** The receipt e-mail being sent (newly paid, amount > 0), for callers that want to wait. */
  receipt: Promise<void> | null;
};

/** A status as the gateway reported it (ours, normalised, or one of the model's own moves) and its own word. */
export type GatewayUpdate = {
  status: GatewayStatus | "CANCELLED" | "UNDONE" | "RESTORED" | "CHARGEBACK_REVERSED";
  gatewayStatus: string;
};

/** pt-BR reasons shown in the admin's refund list. */
export const REFUND_DUE_REASONS = {
  withdrawn: "Pago depois de a cobrança ser cancelada (o anúncio mudou, foi removido ou outra cobrança foi escolhida).",
  notAwaiting: "O anúncio não aguardava este pagamento (já estava publicado ou pago por outra cobrança).",
  otherPeriod: "O anúncio aguarda outro período que não o desta cobrança.",
  periodOver: "Pago depois do último dia do período cobrado.",
  boostNotApplicable: "Impulso pago quando o anúncio já não estava público (pausado, vendido, expirado ou em análise) ou já tinha outro impulso.",
  extendNotApplicable: "Prolongamento pago quando o anúncio já não estava público ou já terminava em outra data.",
} as const;

function unchanged(payment: Payment): StatusChange {
  return {
    paymentId: payment.id,
    adId: payment.adId,
    previous: payment.status,
    status: payment.status,
    changed: false,
    newlyPaid: false,
    adStatus: null,
    refundDue: null,
    withdrawAgain: false,
  };
}

/** Was the ad's period paid again by a payment made after this one? Then refunding this one leaves the ad alone. */
function paidLater(tx: Writer, payment: Payment): boolean {
  const later = tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.adId, payment.adId), eq(payments.purpose, "ad"), gt(payments.id, payment.id), inArray(payments.status, ["confirmed", "received"])))
    .get();
  return Boolean(later);
}

/** Money that arrived: publish the period it bought, or flag it for refund when it bought nothing. */
function applyPaid(tx: Writer, payment: Payment, next: "confirmed" | "received", update: GatewayUpdate, now: Date): StatusChange {
  const record = (refundDueReason: string | null) =>
    tx.update(payments)
      .set({ status: next, asaasStatus: update.gatewayStatus, confirmedDate: now, refundDueReason, updatedAt: now })
      .where(eq(payments.id, payment.id))
      .run();
  const flagged = (reason: string): StatusChange => {
    record(reason);
    console.warn(`[payments] payment ${payment.id} (ad ${payment.adId}) was paid but bought nothing: flagged for refund — ${reason}`);
    return { ...unchanged(payment), status: next, changed: true, refundDue: reason };
  };

  if (wasWithdrawn(tx, payment.id)) {
    markWithdrawnChargePaid(tx, payment.id, now);
    return flagged(REFUND_DUE_REASONS.withdrawn);
  }
  if (payment.paysUntil && payment.paysUntil.getTime() <= now.getTime()) return flagged(REFUND_DUE_REASONS.periodOver);
  if (payment.purpose === "boost" || payment.purpose === "extend") {
    const applied = payment.purpose === "boost" ? startPaidBoost(tx, payment, now) : applyPaidExtension(tx, payment, now);
    if (!applied) return flagged(payment.purpose === "boost" ? REFUND_DUE_REASONS.boostNotApplicable : REFUND_DUE_REASONS.extendNotApplicable);
    record(null);
    return { ...unchanged(payment), status: next, changed: true, newlyPaid: true };
  }
  const adStatus = activatePaidAd(tx, payment.adId, payment.paysUntil, now);
  if (!adStatus) {
    const ad = tx.select({ status: ads.status }).from(ads).where(eq(ads.id, payment.adId)).get();
    return flagged(ad?.status === "pending_payment" ? REFUND_DUE_REASONS.otherPeriod : REFUND_DUE_REASONS.notAwaiting);
  }
  record(null);
  return { ...unchanged(payment), status: next, changed: true, newlyPaid: true, adStatus };
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
      const next = update.status === "RECEIVED" ? "received" : "confirmed";
      if (current === "refunded" || current === "received") return unchanged(payment);
      if (current === "confirmed") return next === "received" ? set({}, "received") : unchanged(payment);
      // pending, overdue, failed (a charge we withdrew, or whose creation we were unsure of): the money is in.
      return applyPaid(tx, payment, next, update, now);
    }
    case "REFUNDED":
    case "CHARGEBACK": {
      if (current === "refunded") return unchanged(payment);
      const change = set({}, "refunded");
      const boughtSomething = isPaidPaymentStatus(current) && !payment.refundDueReason;
      if (payment.purpose !== "ad") {
        if (boughtSomething) undoAddOn(tx, payment, now);
        return change;
      }
      const paused = boughtSomething && !paidLater(tx, payment) && pauseAfterRefund(tx, payment.adId, now);
      return { ...change, adStatus: paused ? "paused" : null };
    }
    case "UNDONE": {
      if (!isPaidPaymentStatus(current)) return unchanged(payment);
      const change = set({ confirmedDate: null }, "pending");
      if (payment.purpose !== "ad") {
        if (!payment.refundDueReason) undoAddOn(tx, payment, now);
        return change;
      }
      const unpublished = !payment.refundDueReason && !paidLater(tx, payment) && unpublishUnpaidAd(tx, payment.adId, now);
      console.warn(`[payments] payment ${payment.id}: the cash receipt was undone at the gateway; ad ${payment.adId} ${unpublished ? "unpublished" : "unchanged"}`);
      return { ...change, adStatus: unpublished ? "pending_payment" : null };
    }
    case "CHARGEBACK_REVERSED":
      // Only a chargeback can be won: a refund we made stays a refund.
      if (current !== "refunded" || !payment.asaasStatus?.startsWith("CHARGEBACK")) return unchanged(payment);
      return set({}, "confirmed");
    case "RESTORED":
      if (wasWithdrawn(tx, payment.id)) {
        queueWithdrawal(tx, payment, "restored", now);
        return { ...unchanged(payment), changed: true, status: "failed", withdrawAgain: true };
      }
      return current === "failed" ? set({}, "pending") : unchanged(payment);
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

/** Work started after a commit (receipts, withdrawals of restored charges), awaited by shutdown and tests. */
const followUpsInFlight = new Set<Promise<void>>();

function track(work: Promise<void>, what: string): Promise<void> {
  const running = work.catch((error: unknown) => console.error(`[payments] ${what} failed:`, error));
  followUpsInFlight.add(running);
  return running.finally(() => followUpsInFlight.delete(running));
}

/** Resolves once every receipt e-mail and withdrawal started so far is done (or failed): for shutdown and tests. */
export async function settleReceipts(): Promise<void> {
  await Promise.allSettled([...followUpsInFlight]);
}

/** After the commit: the receipt of a payment that just published its ad, the withdrawal of a restored charge. Never throws. */
export function afterStatusChange(change: StatusChange, amountCents: number): AppliedStatus {
  // Counted once committed: every status a payment reaches, whichever path (webhook, card, reconciliation) moved it.
  if (change.changed) countPaymentStatus(paymentGateway().name, change.status);
  let receipt: Promise<void> | null = null;
  if (change.newlyPaid && amountCents > 0) {
    receipt = track(sendPaymentReceipt(change.paymentId), `receipt e-mail for payment ${change.paymentId}`);
  }
  if (change.withdrawAgain) withdrawInBackground([change.paymentId]);
  return { ...change, receipt };
}

/**
 * Sends withdrawals queued by a transaction that just committed (a charge restored, an ad edited or
 * removed): those of `paymentIds`, or whatever is queued. In the background, never awaited by the
 * request; what fails is retried by the reconciliation.
 */
function withdrawInBackground(paymentIds?: number[]): void {
  if (paymentIds?.length === 0) return;
  void track(sendWithdrawals({ paymentIds, onPaid: applyFoundCharge }).then(() => undefined), "withdrawal of queued charges");
}

// The ad's edits and removals queue withdrawals without importing this model: they reach this sender
// through the outbox (models/payment-outbox/withdrawal-queue.server.ts).
handWithdrawalsTo(withdrawInBackground);

/**
 * Applies a gateway status to one payment: one transaction, then the receipt when it became paid.
 * `gatewayPaymentId`: the charge the gateway showed us for it (a lookup after a timed-out creation, a
 * withdrawal that found it paid), recorded in the same transaction when we never learned it.
 */
export function applyPaymentStatus(paymentId: number, update: GatewayUpdate, now: Date = new Date(), gatewayPaymentId?: string): AppliedStatus | null {
  let amountCents = 0;
  const change = writeTransaction((tx) => {
    if (gatewayPaymentId) adoptGatewayId(tx, paymentId, gatewayPaymentId);
    const payment = tx.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!payment) return null;
    amountCents = payment.amountCents;
    return applyStatusInTransaction(tx, payment, update, now);
  });
  return change ? afterStatusChange(change, amountCents) : null;
}

/** A charge the gateway showed us for our payment: its id recorded when we never learned it, and its status applied. */
export function applyFoundCharge(paymentId: number, update: GatewayUpdate, gatewayPaymentId: string, now: Date = new Date()): AppliedStatus | null {
  return applyPaymentStatus(paymentId, update, now, gatewayPaymentId);
}

/** The ad's latest paid payment of its period (not a boost or an extension), if any. */
export function latestPaidPayment(adId: number): Payment | null {
  return (
    db
      .select()
      .from(payments)
      .where(and(eq(payments.adId, adId), eq(payments.purpose, "ad"), inArray(payments.status, ["confirmed", "received"])))
      .orderBy(desc(payments.id))
      .get() ?? null
  );
}
