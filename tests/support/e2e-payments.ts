import type { Page } from "@playwright/test";

/**
 * What Asaas would send, and `npm run payments:confirm` sends, when a PIX charge is paid: the webhook
 * with the run's token (E2E_WEBHOOK_TOKEN) for our payment id, as the local gateway names its charges.
 */
export function confirmThroughWebhook(page: Page, paymentId: number) {
  return page.request.post("/api/payments/webhook", {
    headers: { "asaas-access-token": process.env.E2E_WEBHOOK_TOKEN! },
    data: {
      id: `e2e-confirm-${paymentId}`,
      event: "PAYMENT_RECEIVED",
      payment: { object: "payment", id: `local-pix-${paymentId}`, status: "RECEIVED", billingType: "PIX", externalReference: String(paymentId) },
    },
  });
}
