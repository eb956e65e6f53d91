/**
 * The receiving side of Asaas: its webhook calls `POST /api/payments/webhook` with the header
 * `asaas-access-token` (the token configured in Asaas, our ASAAS_WEBHOOK_TOKEN) and a body
 * `{id: "evt_…", event: "PAYMENT_RECEIVED", dateCreated, payment: {…the payment object…}}`.
 * The route checks the token, parses the body here, and hands the result to the payment model,
 * which stores the event id once (idempotency) and applies the status.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { normalizeAsaasStatus, type GatewayStatus } from "./gateway";

/**
 * Constant-time comparison of the webhook's `asaas-access-token` header with ASAAS_WEBHOOK_TOKEN.
 * Both sides are hashed first so neither the content nor the length leaks through timing.
 */
export function isValidWebhookToken(received: string | null | undefined, expected: string): boolean {
  if (!received || !expected) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(received), digest(expected));
}

export type AsaasWebhookEvent = {
  /** Asaas's event id ("evt_…"): the key that makes deliveries idempotent. */
  eventId: string;
  event: string;
  gatewayPaymentId: string;
  /** Our payment id as we sent it (string), or null for charges not made by us. */
  externalReference: string | null;
  status: Exclude<GatewayStatus, "DECLINED">;
  gatewayStatus: string;
};

/**
 * Reads a webhook body `{id, event, dateCreated, payment: {...}}`; null when it is not a payment
 * event. Older deliveries without `id` get one made of the event, payment and status, so a replay
 * is still recognised.
 */
export function parseAsaasWebhook(body: unknown): AsaasWebhookEvent | null {
  const b = body as { id?: unknown; event?: unknown; payment?: { id?: unknown; status?: unknown; externalReference?: unknown } };
  if (!b || typeof b.event !== "string" || !b.payment || typeof b.payment.id !== "string" || typeof b.payment.status !== "string") {
    return null;
  }
  return {
    eventId: typeof b.id === "string" && b.id ? b.id : `${b.event}:${b.payment.id}:${b.payment.status}`,
    event: b.event,
    gatewayPaymentId: b.payment.id,
    externalReference: typeof b.payment.externalReference === "string" ? b.payment.externalReference : null,
    status: normalizeAsaasStatus(b.payment.status),
    gatewayStatus: b.payment.status,
  };
}
