/**
 * Asaas (API v3) behind the PaymentGateway interface.
 *
 * Calls: GET/POST /customers (find-or-create by CPF/CNPJ), GET/POST /payments (the charge, with
 * externalReference = our payment id), GET /payments/{id} (status), GET /payments/{id}/pixQrCode,
 * DELETE /payments/{id} (withdraw an unpaid charge).
 * Authentication is the `access_token` header; Asaas also wants a User-Agent.
 *
 * Every call has a timeout (AbortController). Failures become GatewayError: Asaas's 4xx
 * `{errors: [{code, description}]}` → 400 with Asaas's pt-BR description; a refused card →
 * a DECLINED result; bad credentials, 5xx, network errors → 502; timeouts → 504.
 *
 * Card data goes into one request body and nowhere else: nothing here logs, and error messages
 * carry the method, path, status and Asaas's error codes only.
 */
import { CARD_DECLINED_MESSAGE, cardDigits, cardLast4, cardProblem, detectCardBrand, parseCardExpiry } from "~/lib/card";
import { startOfDayInstant, todayKey } from "~/lib/dates";
import { onlyDigits } from "~/lib/documents";
import {
  GatewayError,
  isPaidStatus,
  normalizeAsaasStatus,
  type CardCharge,
  type GatewayCustomer,
  type PaymentGateway,
  type PixCharge,
  type PixQrCode,
} from "./gateway";

export const ASAAS_SANDBOX_URL = "https://api-sandbox.asaas.com/v3";
export const ASAAS_PRODUCTION_URL = "https://api.asaas.com/v3";

export type AsaasGatewayOptions = {
  apiKey: string;
  /** API root, e.g. https://api-sandbox.asaas.com/v3 ("/v3" is added when missing). */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
  userAgent?: string;
  now?: () => Date;
};

type AsaasErrorItem = { code?: string; description?: string };
type AsaasList<T> = { data?: T[] };
type AsaasCustomer = { id: string; deleted?: boolean };
type AsaasPayment = {
  id: string;
  customer?: string;
  status: string;
  value?: number;
  billingType?: string;
  deleted?: boolean;
  creditCard?: { creditCardNumber?: string; creditCardBrand?: string } | null;
};
type AsaasPixQrCode = { encodedImage?: string; payload?: string; expirationDate?: string | null };

/** An error answer from Asaas, with its error list (the card refusal is recognised by its code). */
export class AsaasApiError extends GatewayError {
  readonly httpStatus: number;
  readonly asaasErrors: AsaasErrorItem[];
  constructor(httpStatus: number, what: string, errors: AsaasErrorItem[]) {
    const codes = errors.map((e) => e.code ?? "?").join(", ") || "no error codes";
    const description = errors.map((e) => e.description?.trim()).filter(Boolean).join(" ");
    super("invalid_request", `Asaas answered ${httpStatus} to ${what}: ${codes}`, { userMessage: description });
    this.httpStatus = httpStatus;
    this.asaasErrors = errors;
  }
}

export function normalizeAsaasBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, "");
  return /\/v\d+$/.test(trimmed) ? trimmed : `${trimmed}/v3`;
}

/** Asaas writes times as "2026-05-31 23:59:59", São Paulo wall-clock time. */
export function parseAsaasDateTime(value: string | null | undefined): Date | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?: (\d{2}):(\d{2}):(\d{2}))?$/.exec(value ?? "");
  if (!m?.[1]) return null;
  const seconds = Number(m[2] ?? 0) * 3600 + Number(m[3] ?? 0) * 60 + Number(m[4] ?? 0);
  return new Date(startOfDayInstant(m[1]).getTime() + seconds * 1000);
}

export function createAsaasGateway(options: AsaasGatewayOptions): PaymentGateway {
  if (!options.apiKey) throw new Error("createAsaasGateway needs an apiKey (ASAAS_API_KEY)");
  const baseUrl = normalizeAsaasBaseUrl(options.baseUrl ?? ASAAS_SANDBOX_URL);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const doFetch = options.fetch ?? fetch;
  const now = options.now ?? (() => new Date());

  async function request<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<T> {
    const what = `${method} ${path.split("?")[0]}`;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    let status: number;
    let text: string;
    try {
      const response = await doFetch(`${baseUrl}${path}`, {
        method,
        headers: {
          access_token: options.apiKey,
          "Content-Type": "application/json",
          Accept: "application/json",
          "User-Agent": options.userAgent ?? "classificados-patos",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      if (controller.signal.aborted) {
        throw new GatewayError("timeout", `Asaas ${what} timed out after ${timeoutMs} ms`, { cause: error });
      }
      const reason = error instanceof Error ? error.message : String(error);
      throw new GatewayError("unavailable", `Asaas ${what} failed: ${reason}`, { cause: error });
    } finally {
      clearTimeout(timer);
    }

    if (status === 401 || status === 403) {
      throw new GatewayError("unavailable", `Asaas refused our credentials (${status}) on ${what}: check ASAAS_API_KEY`);
    }
    if (status >= 500 || status === 429) throw new GatewayError("unavailable", `Asaas answered ${status} to ${what}`);

    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      throw new GatewayError("unavailable", `Asaas answered ${status} with a body that is not JSON to ${what}`);
    }
    if (status >= 400) {
      const errors = (json as { errors?: AsaasErrorItem[] } | null)?.errors;
      throw new AsaasApiError(status, what, Array.isArray(errors) ? errors : []);
    }
    if (json === null || typeof json !== "object") throw new GatewayError("unavailable", `Asaas sent an empty answer to ${what}`);
    return json as T;
  }

  async function findOrCreateCustomer(customer: GatewayCustomer): Promise<string> {
    const cpfCnpj = onlyDigits(customer.cpfCnpj);
    const found = await request<AsaasList<AsaasCustomer>>("GET", `/customers?cpfCnpj=${cpfCnpj}`);
    const existing = found.data?.find((c) => !c.deleted);
    if (existing) return existing.id;
    const created = await request<AsaasCustomer>("POST", "/customers", {
      name: customer.name,
      cpfCnpj,
      email: customer.email,
      mobilePhone: customer.phone ? onlyDigits(customer.phone) : undefined,
      // We send our own receipts; Asaas's e-mails/SMS about the same charge would be noise.
      notificationDisabled: true,
    });
    return created.id;
  }

  /** Charges already made for our payment (a retry after a timeout must not charge twice). */
  async function chargesFor(paymentId: number): Promise<AsaasPayment[]> {
    const list = await request<AsaasList<AsaasPayment>>("GET", `/payments?externalReference=${paymentId}`);
    return (list.data ?? []).filter((p) => !p.deleted);
  }

  async function getPixQrCode(gatewayPaymentId: string): Promise<PixQrCode> {
    const qr = await request<AsaasPixQrCode>("GET", `/payments/${encodeURIComponent(gatewayPaymentId)}/pixQrCode`);
    if (!qr.payload || !qr.encodedImage) throw new GatewayError("unavailable", "Asaas sent a PIX QR code without payload or image");
    return {
      pixPayload: qr.payload,
      pixQrCodeImage: `data:image/png;base64,${qr.encodedImage}`,
      expiresAt: parseAsaasDateTime(qr.expirationDate),
    };
  }

  async function pixChargeFrom(payment: AsaasPayment): Promise<PixCharge> {
    // The charge exists even if its QR cannot be read right now: the page says 'QR Code não
    // disponível' and asks again later, instead of creating a second charge.
    const qr = await getPixQrCode(payment.id).catch(() => null);
    return {
      gatewayPaymentId: payment.id,
      gatewayCustomerId: payment.customer ?? null,
      status: normalizeAsaasStatus(payment.status),
      gatewayStatus: payment.status,
      pixPayload: qr?.pixPayload ?? null,
      pixQrCodeImage: qr?.pixQrCodeImage ?? null,
      expiresAt: qr?.expiresAt ?? null,
    };
  }

  return {
    name: "asaas",

    async createPixCharge(input) {
      const value = input.amountCents / 100;
      const reusable = (await chargesFor(input.paymentId)).find(
        (p) => p.billingType === "PIX" && p.value === value && (p.status === "PENDING" || isPaidStatus(normalizeAsaasStatus(p.status))),
      );
      if (reusable) return pixChargeFrom(reusable);

      const customerId = await findOrCreateCustomer(input.customer);
      const payment = await request<AsaasPayment>("POST", "/payments", {
        customer: customerId,
        billingType: "PIX",
        value,
        dueDate: input.dueDate,
        description: input.description,
        externalReference: String(input.paymentId),
      });
      return pixChargeFrom({ ...payment, customer: payment.customer ?? customerId });
    },

    async createCardCharge(input): Promise<CardCharge> {
      const problem = cardProblem(input.card, now());
      if (problem) throw new GatewayError("invalid_request", "Card failed local validation", { userMessage: problem });
      const expiry = parseCardExpiry(input.card.expiryMonth, input.card.expiryYear);
      const cardBrand = detectCardBrand(input.card.number);
      const last4 = cardLast4(input.card.number);

      const alreadyPaid = (await chargesFor(input.paymentId)).find((p) => isPaidStatus(normalizeAsaasStatus(p.status)));
      if (alreadyPaid) {
        return {
          status: normalizeAsaasStatus(alreadyPaid.status),
          gatewayPaymentId: alreadyPaid.id,
          gatewayCustomerId: alreadyPaid.customer ?? null,
          gatewayStatus: alreadyPaid.status,
          cardBrand: alreadyPaid.creditCard?.creditCardBrand?.toLowerCase() ?? cardBrand,
          cardLast4: alreadyPaid.creditCard?.creditCardNumber ?? last4,
        };
      }

      const customerId = await findOrCreateCustomer(input.customer);
      let payment: AsaasPayment;
      try {
        payment = await request<AsaasPayment>("POST", "/payments", {
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
            cpfCnpj: onlyDigits(input.holder.cpfCnpj),
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
        status: normalizeAsaasStatus(payment.status),
        gatewayPaymentId: payment.id,
        gatewayCustomerId: payment.customer ?? customerId,
        gatewayStatus: payment.status,
        cardBrand: payment.creditCard?.creditCardBrand?.toLowerCase() ?? cardBrand,
        cardLast4: payment.creditCard?.creditCardNumber ?? last4,
      };
    },

    getPixQrCode,

    async getStatus(gatewayPaymentId) {
      const payment = await request<AsaasPayment>("GET", `/payments/${encodeURIComponent(gatewayPaymentId)}`);
      return { status: normalizeAsaasStatus(payment.status), gatewayStatus: payment.status };
    },

    async cancelCharge(gatewayPaymentId) {
      await request<{ deleted?: boolean }>("DELETE", `/payments/${encodeURIComponent(gatewayPaymentId)}`);
    },
  };
}
