/**
 * Reading payments for their owner: the /payment/{id} page (ad summary, amount, and which of the
 * form / open charge / paid screens to show), a payment's status (polling, 'Já paguei — verificar')
 * and a PIX charge's QR code. Another user's ad or payment reads as missing (404).
 *
 * The database is the truth about a payment (webhooks keep it current). Asaas is asked as well
 * when the payer says they paid, and by the polling at most every 30 s per payment, in case a
 * webhook was lost; the local gateway keeps no state, so its payments are read from the database.
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { ads, categories, payments, subcategories, type Payment } from "~/db/schema";
import { expirationKeyFromInstant, formatDateKeyBR } from "~/lib/dates";
import { adStatusLabel, effectiveStatus } from "~/models/ad/ad";
import { findOwnAd, payabilityProblem, quoteFor } from "~/models/payment/checkout.server";
import { latestPaidPayment } from "~/models/payment/confirmation.server";
import { paymentGateway } from "~/models/payment/gateway.server";
import { applyObservedStatus } from "~/models/payment/webhook.server";
import { isPaidPaymentStatus, paymentStatusLabel } from "~/models/payment/payment";
import type { OpenPayment, PaymentAdSummary, PaymentPage, PaymentStatusView } from "~/models/payment/payment-page";
import { paymentMethodLabel } from "~/models/payment/receipt.server";
import { pixQrCodeDataUrl } from "~/services/payments/local-gateway.server";

function summary(adId: number, userId: number, now: Date): PaymentAdSummary | null {
  const row = db
    .select({
      id: ads.id,
      title: ads.title,
      description: ads.description,
      categoryName: categories.name,
      subcategoryName: subcategories.name,
      adType: ads.adType,
      city: ads.city,
      state: ads.state,
      status: ads.status,
      expirationDate: ads.expirationDate,
      whatsapp: ads.whatsapp,
    })
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, ads.subcategoryId))
    .where(and(eq(ads.id, adId), eq(ads.userId, userId)))
    .get();
  if (!row) return null;
  const status = effectiveStatus(row, now);
  const { expirationDate, whatsapp, ...rest } = row;
  return {
    ...rest,
    status,
    statusLabel: adStatusLabel(status),
    expirationText: formatDateKeyBR(expirationKeyFromInstant(expirationDate)),
    hasWhatsapp: Boolean(whatsapp?.trim()),
  };
}

/** The ad's open charge (waiting to be paid), newest first. */
function openPaymentOf(adId: number): Payment | null {
  return (
    db
      .select()
      .from(payments)
      .where(and(eq(payments.adId, adId), inArray(payments.status, ["pending", "overdue"])))
      .orderBy(desc(payments.id))
      .all()
      .find((payment) => payment.asaasPaymentId !== null) ?? null
  );
}

/** The PIX payload of a charge; asks the gateway (and stores it) when it could not be read at creation. */
async function pixPayloadOf(payment: Payment): Promise<string | null> {
  if (payment.paymentMethod !== "PIX") return null;
  if (payment.pixQrCode) return payment.pixQrCode;
  if (!payment.asaasPaymentId) return null;
  try {
    const qr = await paymentGateway().getPixQrCode(payment.asaasPaymentId);
    if (!qr) return null;
    db.update(payments).set({ pixQrCode: qr.pixPayload }).where(eq(payments.id, payment.id)).run();
    return qr.pixPayload;
  } catch (error) {
    console.error(`[payments] could not read the PIX QR code of payment ${payment.id}:`, error);
    return null;
  }
}

export async function getPaymentPage(adId: number, userId: number, now: Date = new Date()): Promise<PaymentPage | null> {
  const ad = summary(adId, userId, now);
  const own = findOwnAd(adId, userId);
  if (!ad || !own) return null;
  const quote = quoteFor(own, now);
  const base = { ad, quote, notice: null, open: null, paid: null };

  if (own.status !== "pending_payment") {
    const paid = latestPaidPayment(adId);
    if (paid) {
      return {
        ...base,
        state: "paid",
        paid: {
          paymentId: paid.id,
          status: paid.status,
          statusLabel: paymentStatusLabel(paid),
          methodLabel: paymentMethodLabel(paid.paymentMethod, paid.metadata),
          amountCents: paid.amountCents,
        },
      };
    }
  }
  const problem = payabilityProblem(own, now);
  if (problem) return { ...base, state: "not_payable", notice: problem.message };

  const open = openPaymentOf(adId);
  if (!open) return { ...base, state: "form" };
  return {
    ...base,
    state: "open",
    open: await openPaymentView(open),
  };
}

/** An open charge as the payment pages show it (OpenChargePanel): its method, amount, status and PIX code. */
export async function openPaymentView(payment: Payment): Promise<OpenPayment> {
  return {
    paymentId: payment.id,
    method: payment.paymentMethod,
    amountCents: payment.amountCents,
    status: payment.status,
    statusLabel: paymentStatusLabel(payment),
    pixPayload: await pixPayloadOf(payment),
  };
}

/** The QR image of a PIX payload (a PNG data URL), or null when it cannot be drawn. */
export async function pixQrImage(payload: string | null): Promise<string | null> {
  if (!payload) return null;
  try {
    return await pixQrCodeDataUrl(payload);
  } catch (error) {
    console.error("[payments] could not draw a PIX QR code:", error);
    return null;
  }
}

export function getOwnPayment(paymentId: number, userId: number): Payment | null {
  return db.select().from(payments).where(and(eq(payments.id, paymentId), eq(payments.userId, userId))).get() ?? null;
}

/** GET /api/payments/{id}/pix-qrcode: the charge's QR image and payload (null when the gateway has none yet). */
export async function getPixQrCode(payment: Payment): Promise<{ qrCodeImage: string; qrCodePayload: string } | null> {
  const payload = await pixPayloadOf(payment);
  const image = await pixQrImage(payload);
  return payload && image ? { qrCodeImage: image, qrCodePayload: payload } : null;
}

const GATEWAY_CHECK_INTERVAL_MS = 30_000;
const lastGatewayCheck = new Map<number, number>();

/**
 * A payment's status for its owner. `askGateway`: "always" ('Já paguei — verificar'), "throttled"
 * (polling: at most every 30 s per payment) or "never". Whatever the gateway says is applied
 * through the same confirmation as a webhook.
 */
export async function checkPaymentStatus(
  paymentId: number,
  userId: number,
  { askGateway = "never", now = new Date() }: { askGateway?: "always" | "throttled" | "never"; now?: Date } = {},
): Promise<PaymentStatusView | null> {
  let payment = getOwnPayment(paymentId, userId);
  if (!payment) return null;
  const open = payment.status === "pending" || payment.status === "overdue";
  const due = askGateway === "always" || (askGateway === "throttled" && now.getTime() - (lastGatewayCheck.get(paymentId) ?? 0) >= GATEWAY_CHECK_INTERVAL_MS);
  if (open && due && payment.asaasPaymentId) {
    if (lastGatewayCheck.size > 10_000) lastGatewayCheck.clear();
    lastGatewayCheck.set(paymentId, now.getTime());
    try {
      const current = await paymentGateway().getStatus(payment.asaasPaymentId);
      if (current && applyObservedStatus(payment, current, "polling", now)) payment = getOwnPayment(paymentId, userId) ?? payment;
    } catch (error) {
      // The database still answers; the next check asks again.
      console.error(`[payments] status check of payment ${paymentId} at the gateway failed:`, error);
    }
  }
  const ad = db.select({ status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, payment.adId)).get();
  return {
    paymentId: payment.id,
    adId: payment.adId,
    method: payment.paymentMethod,
    status: payment.status,
    statusLabel: paymentStatusLabel(payment),
    gatewayStatus: payment.asaasStatus,
    isConfirmed: isPaidPaymentStatus(payment.status),
    adStatus: ad ? effectiveStatus(ad, now) : "expired",
  };
}
