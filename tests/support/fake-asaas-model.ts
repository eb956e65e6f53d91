/**
 * The data side of the fake Asaas (tests/support/fake-asaas.ts): the customer and payment objects
 * as Asaas's API reference shows them, its list envelope, its validation answers, the PIX QR code
 * of a charge, the status each webhook event leaves, and the mangled answers of the `malformed`
 * behaviour. No HTTP here.
 */
import { randomUUID } from "node:crypto";
import QRCode from "qrcode";
import { cardDigits, detectCardBrand, findDeclinedTestCard } from "../../app/lib/card";
import { isValidCpfCnpj, normalizeDocument } from "../../app/lib/documents";
import { buildBrCode } from "../../app/services/payments/brcode";

/** The PIX key the fake's charges pay (a made-up EVP, as Asaas would use its own). */
export const FAKE_ASAAS_PIX_KEY = "7d9f0b4e-2c61-4a8e-9f3b-5e1a2d4c6b80";

export type ErrorItem = { code: string; description: string };
export type Json = Record<string, unknown>;

export type FakeAsaasCustomer = {
  object: "customer";
  id: string;
  dateCreated: string;
  name: string;
  email: string | null;
  mobilePhone: string | null;
  cpfCnpj: string;
  personType: "FISICA" | "JURIDICA";
  deleted: boolean;
  notificationDisabled: boolean;
};

export type FakeAsaasPayment = {
  object: "payment";
  id: string;
  dateCreated: string;
  customer: string;
  value: number;
  netValue: number;
  billingType: string;
  status: string;
  dueDate: string;
  originalDueDate: string;
  description: string | null;
  externalReference: string | null;
  confirmedDate: string | null;
  paymentDate: string | null;
  clientPaymentDate: string | null;
  invoiceUrl: string;
  pixTransaction: null;
  creditCard: { creditCardNumber: string; creditCardBrand: string; creditCardToken: string } | null;
  deleted: boolean;
};

/** Status each payment webhook event leaves the payment in (events not listed change nothing). */
export const STATUS_AFTER_EVENT: Record<string, string> = {
  PAYMENT_CONFIRMED: "CONFIRMED",
  PAYMENT_RECEIVED: "RECEIVED",
  PAYMENT_OVERDUE: "OVERDUE",
  PAYMENT_REFUNDED: "REFUNDED",
  PAYMENT_REFUND_IN_PROGRESS: "REFUND_IN_PROGRESS",
  PAYMENT_CHARGEBACK_REQUESTED: "CHARGEBACK_REQUESTED",
  PAYMENT_CHARGEBACK_DISPUTE: "CHARGEBACK_DISPUTE",
  PAYMENT_AWAITING_CHARGEBACK_REVERSAL: "AWAITING_CHARGEBACK_REVERSAL",
  // A removed charge brought back (also undeleted): waiting for payment again.
  PAYMENT_RESTORED: "PENDING",
  // A cash receipt recorded by mistake and undone: waiting for payment again.
  PAYMENT_RECEIVED_IN_CASH_UNDONE: "PENDING",
};

/** A charge someone could still pay: not removed, and waiting (PENDING or OVERDUE). */
export function isLiveCharge(payment: FakeAsaasPayment): boolean {
  return !payment.deleted && (payment.status === "PENDING" || payment.status === "OVERDUE");
}

/**
 * The same answer with the fields a client reads in the wrong types, as an API change or a broken
 * proxy might send it: ids as numbers, no status, the value as text, a list whose data is not an
 * array, a QR code without payload or image, `deleted` as text. Anything else becomes an array.
 */
export function wrongShape(body: unknown): unknown {
  if (!body || typeof body !== "object" || Array.isArray(body)) return ["unexpected"];
  const answer: Json = { ...(body as Json) };
  if ("data" in answer) answer.data = { items: answer.data };
  if ("id" in answer) answer.id = 12345;
  if ("status" in answer) answer.status = null;
  if (typeof answer.value === "number") answer.value = answer.value.toFixed(2).replace(".", ",");
  if ("deleted" in answer) answer.deleted = String(answer.deleted);
  delete answer.payload;
  delete answer.encodedImage;
  return answer;
}

// Asaas writes dates as São Paulo "YYYY-MM-DD" and times as "YYYY-MM-DD HH:mm:ss".
const spDateTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});
export const nowDateTime = () => spDateTime.format(new Date());
export const today = () => nowDateTime().slice(0, 10);

export function list<T>(data: T[]) {
  return { object: "list", hasMore: false, totalCount: data.length, limit: 10, offset: 0, data };
}

export const str = (value: unknown) => (typeof value === "string" ? value.trim() : "");

function cardPaymentErrors(body: Json): ErrorItem[] {
  const card = (body.creditCard ?? {}) as Json;
  const holder = (body.creditCardHolderInfo ?? {}) as Json;
  const errors: ErrorItem[] = [];
  for (const key of ["holderName", "number", "expiryMonth", "expiryYear", "ccv"]) {
    if (!str(card[key])) errors.push({ code: "invalid_creditCard", description: `O campo creditCard.${key} deve ser informado.` });
  }
  const holderFields: Record<string, string> = { name: "o nome", email: "o e-mail", cpfCnpj: "o CPF/CNPJ", postalCode: "o CEP", addressNumber: "o número do endereço", phone: "o telefone" };
  for (const [key, label] of Object.entries(holderFields)) {
    if (!str(holder[key])) errors.push({ code: "invalid_object", description: `Informe ${label} do titular do cartão.` });
  }
  // Like Asaas: the holder's document is checked as sent (a CNPJ stripped of its letters is another, invalid one).
  if (str(holder.cpfCnpj) && !isValidCpfCnpj(str(holder.cpfCnpj))) errors.push({ code: "invalid_object", description: "O CPF/CNPJ do titular do cartão é inválido." });
  if (!str(body.remoteIp)) errors.push({ code: "invalid_remoteIp", description: "O IP do pagador (remoteIp) deve ser informado." });
  if (Number(body.value) < 5) errors.push({ code: "invalid_value", description: "O valor mínimo para cobranças por cartão de crédito é R$ 5,00." });
  return errors;
}

export function customerErrors(body: Json): ErrorItem[] {
  if (!str(body.name)) return [{ code: "invalid_name", description: "O nome do cliente deve ser informado." }];
  if (!isValidCpfCnpj(str(body.cpfCnpj))) return [{ code: "invalid_cpfCnpj", description: "O CPF/CNPJ informado é inválido." }];
  return [];
}

export function buildCustomer(id: string, body: Json): FakeAsaasCustomer {
  const cpfCnpj = normalizeDocument(str(body.cpfCnpj));
  return {
    object: "customer",
    id,
    dateCreated: today(),
    name: str(body.name),
    email: str(body.email) || null,
    mobilePhone: str(body.mobilePhone) || null,
    cpfCnpj,
    personType: cpfCnpj.length === 11 ? "FISICA" : "JURIDICA",
    deleted: false,
    notificationDisabled: body.notificationDisabled === true,
  };
}

/** What Asaas would refuse in POST /v3/payments, a declined test card included. */
export function paymentErrors(body: Json, customerExists: boolean): ErrorItem[] {
  if (!customerExists) return [{ code: "invalid_customer", description: "Customer inválido ou não informado." }];
  const billingType = str(body.billingType);
  if (!["BOLETO", "CREDIT_CARD", "PIX", "UNDEFINED"].includes(billingType)) {
    return [{ code: "invalid_billingType", description: "Informe uma forma de pagamento válida." }];
  }
  const value = Number(body.value);
  if (!Number.isFinite(value) || value <= 0) return [{ code: "invalid_value", description: "O valor da cobrança deve ser informado." }];
  if (!/^\d{4}-\d{2}-\d{2}$/.test(str(body.dueDate))) {
    return [{ code: "invalid_dueDate", description: "A data de vencimento deve ser informada." }];
  }
  if (billingType !== "CREDIT_CARD") return [];
  const errors = cardPaymentErrors(body);
  if (errors.length > 0) return errors;
  const declined = findDeclinedTestCard(str((body.creditCard as Json).number));
  return declined ? [{ code: "invalid_creditCard", description: declined.message }] : [];
}

/** A valid POST /v3/payments body as the stored payment: PIX waits, an approved card is CONFIRMED. */
export function buildPayment(id: string, body: Json, baseUrl: string): FakeAsaasPayment {
  const value = Number(body.value);
  const confirmed = str(body.billingType) === "CREDIT_CARD";
  // Only the last four digits and the brand are kept, as Asaas returns them.
  const number = cardDigits(str(((body.creditCard ?? {}) as Json).number));
  return {
    object: "payment",
    id,
    dateCreated: today(),
    customer: str(body.customer),
    value,
    netValue: Math.round(value * 0.97 * 100) / 100,
    billingType: str(body.billingType),
    status: confirmed ? "CONFIRMED" : "PENDING",
    dueDate: str(body.dueDate),
    originalDueDate: str(body.dueDate),
    description: str(body.description) || null,
    externalReference: str(body.externalReference) || null,
    confirmedDate: confirmed ? today() : null,
    paymentDate: null,
    clientPaymentDate: confirmed ? today() : null,
    invoiceUrl: `${baseUrl}/i/${id.slice(4)}`,
    pixTransaction: null,
    creditCard: confirmed
      ? { creditCardNumber: number.slice(-4), creditCardBrand: detectCardBrand(number).toUpperCase(), creditCardToken: randomUUID() }
      : null,
    deleted: false,
  };
}

/** The answer of GET /v3/payments/{id}/pixQrCode: a real BR Code for the charge and its PNG. */
export async function fakePixQrCode(payment: FakeAsaasPayment) {
  const payload = buildBrCode({
    pixKey: FAKE_ASAAS_PIX_KEY,
    merchantName: "ASAAS FAKE SANDBOX",
    merchantCity: "JOINVILLE",
    amountCents: Math.round(payment.value * 100),
    txid: payment.id.replace(/[^A-Za-z0-9]/g, ""),
    singleUse: true,
  });
  const image = await QRCode.toDataURL(payload, { errorCorrectionLevel: "M", margin: 2, width: 256 });
  // As Asaas documents: the QR code expires 12 months after the due date.
  const expires = `${Number(payment.dueDate.slice(0, 4)) + 1}${payment.dueDate.slice(4)} 23:59:59`;
  return { success: true, encodedImage: image.replace(/^data:image\/png;base64,/, ""), payload, expirationDate: expires };
}
