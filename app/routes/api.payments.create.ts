/**
 * POST /api/payments/create {adId, customerInfo, paymentMethod PIX|CREDIT_CARD, creditCard,
 * creditCardHolderInfo} → {payment{id}, asaasPayment{status, value}, redirectTo} (spec 02 §7).
 * The same model function as the /payment/{id} form: the amount comes from the ad, never from the
 * body; only the ad's owner pays (another user's ad is 'Anúncio não encontrado', 404).
 * With `purpose: "boost"` and `boostDays` (or `"extend"` and `extendDays`), the same body buys days of
 * boost or days added to a live ad (ADR 037), with the same answer, polling and webhook.
 * Refusals: 400 (fields, card minimum, days), 402 (card declined), 404, 409 (already paid, in
 * progress, an ad not public for a boost), 502/504 (gateway), each `{message}` with the spec's text.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { centsToDecimalString } from "~/lib/money";
import { parseId } from "~/lib/parse-id";
import { PAYMENT_DONE_PATH, PAYMENT_MESSAGES } from "~/models/payment/payment";
import { apiPaymentSchema, paymentIssueText } from "~/models/payment/payment-form";
import { startAddOnPayment } from "~/models/payment/add-on-checkout.server";
import { findOwnAd, startPayment } from "~/models/payment/checkout.server";
import { purchaseFromBody } from "~/models/payment/purchase";
import { gatewayNeedsHolderAddress } from "~/models/payment/gateway.server";
import { assertNotCrossSite, clientIp, requireUser } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, readJsonObject } from "~/web/http.server";

export async function loader() {
  return methodNotAllowed("POST");
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  assertNotCrossSite(request);
  const user = await requireUser(request);
  const body = await readJsonObject(request);
  // Whose ad it is comes first: another user's ad is missing, whatever else the body says.
  const rawAdId = body.adId;
  const adId = parseId(typeof rawAdId === "number" ? String(rawAdId) : rawAdId);
  if (adId === null || !findOwnAd(adId, user.id)) return jsonError(404, PAYMENT_MESSAGES.adNotFound);

  const parsed = apiPaymentSchema({ requireAddress: gatewayNeedsHolderAddress() }).safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues;
    return jsonError(
      400,
      paymentIssueText(issues[0]?.message ?? PAYMENT_MESSAGES.genericError),
      issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message)),
    );
  }
  const purchase = purchaseFromBody(body);
  if ("error" in purchase) return jsonError(400, purchase.error);
  const remoteIp = clientIp(request, context);
  const result =
    purchase.purpose === "ad"
      ? await startPayment({ adId, userId: user.id, request: parsed.data.request, remoteIp })
      : await startAddOnPayment({ adId, userId: user.id, purpose: purchase.purpose, days: purchase.days, request: parsed.data.request, remoteIp });
  if (!result.ok) return jsonError(result.status, paymentIssueText(result.message));

  const paid = result.status === "confirmed" || result.status === "received";
  return Response.json(
    {
      payment: {
        id: result.paymentId,
        adId: result.adId,
        paymentMethod: result.method,
        status: result.status,
        amount: centsToDecimalString(result.amountCents),
        purpose: purchase.purpose,
      },
      asaasPayment: { status: result.gatewayStatus, value: result.amountCents / 100 },
      redirectTo: paid ? PAYMENT_DONE_PATH : null,
      adStatus: result.adStatus,
      reused: result.reused,
    },
    { status: result.reused ? 200 : 201, headers: NO_STORE },
  );
}
