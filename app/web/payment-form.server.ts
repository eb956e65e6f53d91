/**
 * What the pages that take a payment have in common (/payment/{id}, and /impulsionar/{adId} and
 * /prolongar/{adId} through web/add-on-route.server.ts): the payment form's surroundings for the loader,
 * the form's parse with its refusal, and 'Já paguei — verificar' / 'Simular pagamento'. Each page keeps
 * its own page model, its own charge and its own answers after a payment.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { parseId } from "~/lib/parse-id";
import { canSimulatePayments, cardPaymentsEnabled, gatewayNeedsHolderAddress, localConfirmationEvent, pixConfirmation } from "~/models/payment/gateway.server";
import { paymentErrorToast, paymentFormSchema } from "~/models/payment/payment-form";
import type { Payment } from "~/db/schema";
import { checkPaymentStatus, getOwnPayment, pixQrImage } from "~/models/payment/read.server";
import { receiveGatewayEvent } from "~/models/payment/webhook.server";
import { parseAsaasWebhook } from "~/services/payments/asaas-webhook.server";
import type { PublicUser } from "~/web/auth.server";
import { invalidForm, notFoundPage } from "~/web/http.server";
import { ERROR_TOAST_MS } from "~/web/toast.server";

/** The card's fields never travel back to the page in a refusal's answer. */
export const CARD_FIELDS = ["cardNumber", "cardCcv", "cardExpiryMonth", "cardExpiryYear"];

/** The loader's part for the payment form and the open charge's panel: the QR of an open PIX, the payer's defaults, what the gateway in use takes. */
export async function paymentFormSurroundings(user: PublicUser, openPixPayload: string | null) {
  return {
    qrCodeImage: await pixQrImage(openPixPayload),
    customer: { name: user.fullName ?? "", email: user.email },
    requireAddress: gatewayNeedsHolderAddress(),
    // The local gateway in production takes PIX only (unless PAYMENT_TEST_CARDS): the charge refuses
    // cards there; the form says so before anyone types a card.
    cardsEnabled: cardPaymentsEnabled(),
    canSimulate: canSimulatePayments(),
    pixConfirmation: pixConfirmation(),
  };
}

/**
 * 'Já paguei — verificar' (the gateway is asked) or 'Simular pagamento' (the local gateway outside
 * production: the event the webhook receives, applied in-process) for the form's paymentId, one of the
 * user's payments that `belongsHere` accepts; any other is a 404, as is a simulation where none is allowed.
 */
export async function checkOrSimulatePayment(intent: "check" | "simulate", formData: FormData, userId: number, belongsHere: (payment: Payment) => boolean) {
  const paymentId = parseId(formData.get("paymentId"));
  const payment = paymentId === null ? null : getOwnPayment(paymentId, userId);
  if (!payment || !belongsHere(payment)) throw notFoundPage();
  if (intent === "simulate") {
    if (!canSimulatePayments()) throw notFoundPage();
    const body = localConfirmationEvent(payment.id);
    receiveGatewayEvent(parseAsaasWebhook(body)!, body);
  }
  return checkPaymentStatus(payment.id, userId, { askGateway: intent === "check" ? "always" : "never" });
}

/** The payment form parsed with the shared schema, or the 400 answer that says what is wrong ('Erro no pagamento' alert and a red toast). */
export function readPaymentForm(formData: FormData) {
  const submission = parseWithZod(formData, { schema: paymentFormSchema({ requireAddress: gatewayNeedsHolderAddress() }) });
  if (submission.status === "success") return { submission, refused: null } as const;
  const messages = Object.values(submission.error ?? {}).flatMap((list) => list ?? []);
  const alert = paymentErrorToast(messages);
  return {
    submission: null,
    refused: invalidForm({ result: submission.reply({ hideFields: CARD_FIELDS }), alert, toast: { type: "error" as const, message: alert.title, description: alert.message, duration: ERROR_TOAST_MS } }),
  } as const;
}
