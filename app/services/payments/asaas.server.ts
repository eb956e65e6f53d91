/**
 * Asaas (API v3) behind the PaymentGateway interface.
 *
 * Calls: GET/POST /customers (find-or-create by CPF/CNPJ), POST /payments (the charge, with
 * externalReference = our payment id), GET /payments?externalReference= (the charges made for our
 * payments: how a retry after a timeout finds the charge the timed-out call may have made),
 * GET /payments/{id} (status), GET /payments/{id}/pixQrCode, DELETE /payments/{id} (withdraw an
 * unpaid charge), POST /payments/{id}/refund (full refund).
 * Authentication is the `access_token` header; Asaas also wants a User-Agent.
 *
 * Transport, throttle and errors are in ./asaas-http.server.ts: every answer read here is checked
 * against a zod schema (loose: Asaas adds fields), so an odd answer is a logged 502, never a 500.
 * "read" calls (status, lists, a QR asked for later) share a per-minute budget across workers;
 * the calls that make a charge are "write" and only wait on a 429's back-off.
 *
 * Card data goes into one request body and nowhere else: nothing here logs, and error messages
 * carry the method, path, status and Asaas's error codes only.
 */
import { z } from "zod";
import { CARD_DECLINED_MESSAGE, cardDigits, cardLast4, cardProblem, detectCardBrand, parseCardExpiry } from "~/lib/card";
import { startOfDayInstant, todayKey } from "~/lib/dates";
import { normalizeDocument, onlyDigits } from "~/lib/documents";
import { AsaasApiError, createAsaasRequest } from "./asaas-http.server";
import {
  GatewayError,
  normalizeAsaasStatus,
  type CardCharge,
  type GatewayCharge,
  type GatewayCustomer,
  type GatewayPaymentStatus,
  type GatewayStatus,
  type PaymentGateway,
  type PixCharge,
  type PixQrCode,
} from "./gateway";
import type { GatewayCallKind, GatewayThrottle } from "./throttle";
import { ASAAS_SANDBOX_URL, normalizeAsaasBaseUrl } from "./asaas-environment.server";

export { AsaasApiError, rateLimitResetSeconds } from "./asaas-http.server";

export type AsaasGatewayOptions = {
  apiKey: string;
  /** API root, e.g. https://api-sandbox.asaas.com/v3 ("/v3" is added when missing). */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  userAgent?: string;
  now?: () => Date;
  /** Shared by every worker (models/payment/gateway-throttle.server.ts); this process only when not given. */
  throttle?: GatewayThrottle;
};

// What we read of Asaas's answers. Loose objects: Asaas sends many more fields, and adds some.
const customerSchema = z.looseObject({ id: z.string().min(1), deleted: z.boolean().optional() });
const customerListSchema = z.looseObject({ data: z.array(customerSchema) });
const paymentSchema = z.looseObject({
  id: z.string().min(1),
  status: z.string().min(1),
  value: z.number(),
  customer: z.string().nullish(),
  billingType: z.string().nullish(),
  externalReference: z.string().nullish(),
  deleted: z.boolean().optional(),
  creditCard: z.looseObject({ creditCardNumber: z.string().nullish(), creditCardBrand: z.string().nullish() }).nullish(),
});
type AsaasPayment = z.infer<typeof paymentSchema>;
const paymentListSchema = z.looseObject({ data: z.array(paymentSchema) });
const pixQrCodeSchema = z.looseObject({ encodedImage: z.string().min(1), payload: z.string().min(1), expirationDate: z.string().nullish() });
const deletedSchema = z.looseObject({ deleted: z.literal(true) });

/** Asaas keeps a list page to 100 items at most; one payment of ours never has that many charges. */
const LIST_LIMIT = 100;

/** Asaas writes times as "2026-05-31 23:59:59", São Paulo wall-clock time. */
export function parseAsaasDateTime(value: string | null | undefined): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value ?? "");
  if (!m?.[1]) return null;
  const seconds = Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  return new Date(startOfDayInstant(m[1]).getTime() + seconds * 1000);
}

/** Asaas's word, and ours for it (Asaas has no "declined": a refused card is an error answer). */
function statusOf(payment: AsaasPayment): GatewayPaymentStatus & { status: Exclude<GatewayStatus, "DECLINED"> } {
  return { status: normalizeAsaasStatus(payment.status), gatewayStatus: payment.status };
}

function chargeFrom(payment: AsaasPayment, paymentId: number): GatewayCharge {
  const method = payment.billingType === "PIX" || payment.billingType === "CREDIT_CARD" ? payment.billingType : "OTHER";
  return {
    gatewayPaymentId: payment.id,
    paymentId,
    method,
    amountCents: Math.round(payment.value * 100),
    ...statusOf(payment),
    gatewayCustomerId: payment.customer ?? null,
  };
}

export function createAsaasGateway(options: AsaasGatewayOptions): PaymentGateway {
  if (!options.apiKey) throw new Error("createAsaasGateway needs an apiKey (ASAAS_API_KEY)");
  const request = createAsaasRequest({
    apiKey: options.apiKey,
    baseUrl: normalizeAsaasBaseUrl(options.baseUrl ?? ASAAS_SANDBOX_URL),
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch,
    userAgent: options.userAgent,
    throttle: options.throttle,
  });
  const now = options.now ?? (() => new Date());
  const paymentPath = (gatewayPaymentId: string) => `/payments/${encodeURIComponent(gatewayPaymentId)}`;

  // Every call made while creating a charge is a "write": a payer paying never waits on polling.
  async function findOrCreateCustomer(customer: GatewayCustomer): Promise<string> {
    // Letters kept: an alphanumeric CNPJ stripped to its digits would be another (invalid) document.
    const cpfCnpj = normalizeDocument(customer.cpfCnpj);
    const found = await request("GET", `/customers?cpfCnpj=${encodeURIComponent(cpfCnpj)}`, "write", customerListSchema);
    const existing = found.data.find((c) => !c.deleted);
    if (existing) return existing.id;
    const created = await request("POST", "/customers", "write", customerSchema, {
      name: customer.name,
      cpfCnpj,
      email: customer.email,
      mobilePhone: customer.phone ? onlyDigits(customer.phone) : undefined,
      // We send our own receipts; Asaas's e-mails/SMS about the same charge would be noise.
      notificationDisabled: true,
    });
    return created.id;
  }

  async function pixQrCode(gatewayPaymentId: string, kind: GatewayCallKind): Promise<PixQrCode> {
    const qr = await request("GET", `${paymentPath(gatewayPaymentId)}/pixQrCode`, kind, pixQrCodeSchema);
    return {
      pixPayload: qr.payload,
      pixQrCodeImage: `data:image/png;base64,${qr.encodedImage}`,
      expiresAt: parseAsaasDateTime(qr.expirationDate),
    };
  }

  return {
    name: "asaas",

    // Creates, never reuses: the payment model looks up every charge of the ad (findCharges) first.
    async createPixCharge(input): Promise<PixCharge> {
      const customerId = await findOrCreateCustomer(input.customer);
      const payment = await request("POST", "/payments", "write", paymentSchema, {
        customer: customerId,
        billingType: "PIX",
        value: input.amountCents / 100,
        dueDate: input.dueDate,
        description: input.description,
        externalReference: String(input.paymentId),
      });
      // The charge exists even if its QR cannot be read right now: the page says 'QR Code não
      // disponível' and asks again later, instead of creating a second charge.
      const qr = await pixQrCode(payment.id, "write").catch(() => null);
      return {
        gatewayPaymentId: payment.id,
        gatewayCustomerId: payment.customer ?? customerId,
        ...statusOf(payment),
        pixPayload: qr?.pixPayload ?? null,
        pixQrCodeImage: qr?.pixQrCodeImage ?? null,
        expiresAt: qr?.expiresAt ?? null,
      };
    },

    async createCardCharge(input): Promise<CardCharge> {
      const problem = cardProblem(input.card, now());
      if (problem) throw new GatewayError("invalid_request", "Card failed local validation", { userMessage: problem });
      const expiry = parseCardExpiry(input.card.expiryMonth, input.card.expiryYear);
      const cardBrand = detectCardBrand(input.card.number);
      const last4 = cardLast4(input.card.number);

      const customerId = await findOrCreateCustomer(input.customer);
      let payment: AsaasPayment;
      try {
        payment = await request("POST", "/payments", "write", paymentSchema, {
          customer: customerId,
          billingType: "CREDIT_CARD",
          value: input.amountCents / 100,
          dueDate: todayKey(now()),
          description: input.description,
          externalReference: String(input.paymentId),
          creditCard: {
            holderName: input.card.holderName.trim(),
            number: cardDigits(input.card.number),
            expiryMonth: String(expiry?.month).padStart(2, "0"),
            expiryYear: String(expiry?.year),
            ccv: input.card.ccv.trim(),
          },
          creditCardHolderInfo: {
            name: input.holder.name,
            email: input.holder.email,
            cpfCnpj: normalizeDocument(input.holder.cpfCnpj),
            postalCode: input.holder.postalCode ? onlyDigits(input.holder.postalCode) : undefined,
            addressNumber: input.holder.addressNumber ?? undefined,
            addressComplement: input.holder.addressComplement ?? undefined,
            phone: onlyDigits(input.holder.phone),
            mobilePhone: onlyDigits(input.holder.phone),
          },
          remoteIp: input.remoteIp,
        });
      } catch (error) {
        const refusal = error instanceof AsaasApiError && error.asaasErrors.find((e) => e.code === "invalid_creditCard");
        if (!refusal) throw error;
        return {
          status: "DECLINED",
          gatewayPaymentId: null,
          gatewayCustomerId: customerId,
          gatewayStatus: "DECLINED",
          declineMessage: refusal.description?.trim() || CARD_DECLINED_MESSAGE,
          cardBrand,
          cardLast4: last4,
        };
      }
      return {
        ...statusOf(payment),
        gatewayPaymentId: payment.id,
        gatewayCustomerId: payment.customer ?? customerId,
        cardBrand: payment.creditCard?.creditCardBrand?.toLowerCase() || cardBrand,
        cardLast4: payment.creditCard?.creditCardNumber || last4,
      };
    },

    getPixQrCode: (gatewayPaymentId) => pixQrCode(gatewayPaymentId, "read"),

    async getStatus(gatewayPaymentId) {
      return statusOf(await request("GET", paymentPath(gatewayPaymentId), "read", paymentSchema));
    },

    async findCharges(paymentIds, options = {}) {
      const charges: GatewayCharge[] = [];
      // One call per id (Asaas filters on one externalReference); the caller bounds how many.
      for (const paymentId of new Set(paymentIds)) {
        const reference = String(paymentId);
        const list = await request("GET", `/payments?externalReference=${encodeURIComponent(reference)}&limit=${LIST_LIMIT}`, options.forPayment ? "write" : "read", paymentListSchema);
        for (const payment of list.data) {
          // A withdrawn charge cannot be paid any more; one of another reference is not ours to judge.
          if (payment.deleted || payment.externalReference !== reference) continue;
          charges.push(chargeFrom(payment, paymentId));
        }
      }
      return charges;
    },

    async cancelCharge(gatewayPaymentId) {
      try {
        await request("DELETE", paymentPath(gatewayPaymentId), "write", deletedSchema);
        return null;
      } catch (error) {
        if (!(error instanceof AsaasApiError)) throw error;
        // Already withdrawn (Asaas no longer finds it to delete): the goal is reached.
        if (error.httpStatus === 404) return null;
        if (error.httpStatus !== 400) throw error;
        // Asaas deletes only charges still waiting: most likely it was paid meanwhile. Its status
        // tells the caller to confirm it instead; if it is still waiting, the refusal was for
        // something else and stands.
        const payment = await request("GET", paymentPath(gatewayPaymentId), "write", paymentSchema);
        if (payment.deleted) return null;
        const answer = statusOf(payment);
        if (answer.status === "PENDING" || answer.status === "OVERDUE") throw error;
        return answer;
      }
    },

    async refundCharge(gatewayPaymentId) {
      // No body: the full value goes back. Asaas answers the payment (REFUNDED, or REFUND_REQUESTED
      // while a PIX refund is on its way; both count as REFUNDED).
      return statusOf(await request("POST", `${paymentPath(gatewayPaymentId)}/refund`, "write", paymentSchema));
    },
  };
}
