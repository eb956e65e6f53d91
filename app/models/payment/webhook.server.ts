/**
 * A gateway event (POST /api/payments/webhook, already authenticated and parsed by
 * services/payments/asaas-webhook.server.ts, or a status the reconciliation read from the gateway)
 * applied to our payment, exactly once:
 *
 * - the delivery is stored in payment_events under its event id in the SAME transaction that
 *   applies it: a replay finds the id taken and changes nothing (and sends no second e-mail);
 * - the event names the change (PAYMENT_CONFIRMED, PAYMENT_RECEIVED, PAYMENT_REFUNDED,
 *   PAYMENT_CHARGEBACK_*…); confirmation.server.ts only moves statuses forward, so deliveries in
 *   any order end in the same state;
 * - an event for a payment we do not know is stored and otherwise ignored (logged): the route
 *   answers 200 so Asaas stops retrying something no retry can fix.
 */
import { randomBytes } from "node:crypto";
import { and, eq, isNull, or } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { paymentEvents, payments, type Payment } from "~/db/schema";
import { afterStatusChange, applyStatusInTransaction, type AppliedStatus, type GatewayUpdate } from "~/models/payment/confirmation.server";
import type { AsaasWebhookEvent } from "~/services/payments/asaas-webhook.server";
import type { GatewayStatus } from "~/services/payments/gateway";

/** Events whose name says what happened, whatever status the payment object in them shows. */
const STATUS_BY_EVENT: Record<string, GatewayUpdate["status"]> = {
  PAYMENT_CONFIRMED: "CONFIRMED",
  PAYMENT_RECEIVED: "RECEIVED",
  PAYMENT_RECEIVED_IN_CASH: "RECEIVED",
  // "Recebimento em dinheiro desfeito": a cash receipt recorded by mistake was undone; the money is gone.
  PAYMENT_RECEIVED_IN_CASH_UNDONE: "UNDONE",
  PAYMENT_REFUNDED: "REFUNDED",
  PAYMENT_PARTIALLY_REFUNDED: "REFUNDED",
  PAYMENT_REFUND_IN_PROGRESS: "REFUNDED",
  PAYMENT_CHARGEBACK_REQUESTED: "CHARGEBACK",
  PAYMENT_CHARGEBACK_DISPUTE: "CHARGEBACK",
  // Asaas: "Disputa vencida, aguardando repasse da adquirente": we won the dispute, the money comes back.
  PAYMENT_AWAITING_CHARGEBACK_REVERSAL: "CHARGEBACK_REVERSED",
  PAYMENT_OVERDUE: "OVERDUE",
  PAYMENT_DELETED: "CANCELLED",
  PAYMENT_RESTORED: "RESTORED",
  PAYMENT_CREDIT_CARD_CAPTURE_REFUSED: "DECLINED",
  PAYMENT_REPROVED_BY_RISK_ANALYSIS: "DECLINED",
};

/** What an event means for the payment: by its name, else the status of the payment it carries. */
export function updateFromEvent(event: Pick<AsaasWebhookEvent, "event" | "status" | "gatewayStatus">): GatewayUpdate {
  const byName = STATUS_BY_EVENT[event.event];
  if (byName) return { status: byName, gatewayStatus: event.gatewayStatus };
  // A status read from the gateway (reconciliation, polling) of a dispute we won.
  if (event.gatewayStatus === "AWAITING_CHARGEBACK_REVERSAL") return { status: "CHARGEBACK_REVERSED", gatewayStatus: event.gatewayStatus };
  return { status: event.status, gatewayStatus: event.gatewayStatus };
}

export type WebhookOutcome =
  | { kind: "duplicate" }
  | { kind: "unknown_payment" }
  | ({ kind: "applied" } & AppliedStatus);

/** Our payment for the event: by the gateway's id, else by our id in externalReference (a charge whose id we never stored). */
function findPayment(event: AsaasWebhookEvent): Payment | undefined {
  const byGatewayId = db.select().from(payments).where(eq(payments.asaasPaymentId, event.gatewayPaymentId)).get();
  if (byGatewayId) return byGatewayId;
  const ours = /^[1-9]\d{0,15}$/.test(event.externalReference ?? "") ? Number(event.externalReference) : null;
  if (ours === null) return undefined;
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.id, ours), or(isNull(payments.asaasPaymentId), eq(payments.asaasPaymentId, event.gatewayPaymentId))))
    .get();
}

export function receiveGatewayEvent(event: AsaasWebhookEvent, payload: Record<string, unknown>, now: Date = new Date()): WebhookOutcome {
  const found = findPayment(event);
  let amountCents = 0;
  const result = writeTransaction(
    (tx) => {
      // An event for a payment we do not know is kept under an id of its own: it must not use up the
      // event's id (an operator's confirmation typed before the payment existed would stay a "duplicate").
      const eventId = found ? event.eventId : `${event.eventId}@unknown-${now.getTime()}-${randomBytes(4).toString("hex")}`;
      const stored = tx
        .insert(paymentEvents)
        .values({ eventId, paymentId: found?.id ?? null, event: event.event, payload, receivedAt: now })
        .onConflictDoNothing({ target: paymentEvents.eventId })
        .run();
      if (stored.changes === 0) return { kind: "duplicate" as const };
      if (!found) return { kind: "unknown_payment" as const };
      // Read again inside the transaction: another delivery may have changed it meanwhile.
      const payment = tx.select().from(payments).where(eq(payments.id, found.id)).get();
      if (!payment) return { kind: "unknown_payment" as const };
      if (!payment.asaasPaymentId) {
        tx.update(payments).set({ asaasPaymentId: event.gatewayPaymentId }).where(eq(payments.id, payment.id)).run();
      }
      amountCents = payment.amountCents;
      return { kind: "applied" as const, change: applyStatusInTransaction(tx, payment, updateFromEvent(event), now) };
    },
  );
  if (result.kind === "unknown_payment") {
    console.warn(`[payments] webhook ${event.event} (${event.eventId}) for unknown payment ${event.gatewayPaymentId}: ignored`);
  }
  if (result.kind !== "applied") return result;
  return { kind: "applied", ...afterStatusChange(result.change, amountCents) };
}

/**
 * A status read from the gateway (the reconciliation, the page's polling, 'Já paguei — verificar')
 * goes through the same exactly-once path as a webhook: an event id made of the charge and its
 * status, so reading the same status twice applies it once, and the record says where it came from.
 */
export function applyObservedStatus(
  payment: Pick<Payment, "id" | "asaasPaymentId">,
  observed: { status: GatewayStatus; gatewayStatus: string },
  source: "reconciliation" | "polling",
  now: Date = new Date(),
): WebhookOutcome | null {
  if (!payment.asaasPaymentId || observed.status === "PENDING" || observed.status === "DECLINED") return null;
  const event: AsaasWebhookEvent = {
    eventId: `${source}:${payment.asaasPaymentId}:${observed.gatewayStatus}`,
    event: `OBSERVED_BY_${source.toUpperCase()}`,
    gatewayPaymentId: payment.asaasPaymentId,
    externalReference: String(payment.id),
    status: observed.status,
    gatewayStatus: observed.gatewayStatus,
  };
  return receiveGatewayEvent(event, { source, paymentId: payment.id, gatewayPaymentId: payment.asaasPaymentId, status: observed.gatewayStatus }, now);
}
