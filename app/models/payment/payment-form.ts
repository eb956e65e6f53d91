/**
 * The payment form, browser-safe: what publishing an ad costs now (`paymentQuote`) and the zod/mini
 * schemas of the /payment/{id} form and of POST /api/payments/create. Both produce the same
 * `PaymentRequest` for the payment model, checked by the same rules (spec 02 §5): name, e-mail and
 * CPF/CNPJ (with check digits) required; for cards every card field, a Luhn-valid number, a
 * future expiry and a CCV. The R$ 5,00 card minimum depends on the ad, so the model checks it.
 */
import * as z from "zod/mini";
import { CARD_MESSAGES, cardDigits, detectCardBrand, isExpiryInFuture, isLuhnValid, parseCardExpiry } from "~/lib/card";
import { isValidCpfCnpj, normalizeDocument, onlyDigits } from "~/lib/documents";
import { formatBRL } from "~/lib/money";
import { singleLine } from "~/lib/plain-text";
import { CARD_MIN_CENTS, chargedDays, MIN_AD_DAYS } from "~/models/ad/cost";
import { PAYMENT_MESSAGES, type PaymentMethod } from "~/models/payment/payment";

export { CARD_MIN_CENTS, MIN_AD_DAYS };

export type PaymentQuote = {
  pricePerDayCents: number;
  /** Days from today to the expiration day, today not counted (the free first day). */
  chargedDays: number;
  totalCents: number;
  minDays: number;
  /** Card payments need at least R$ 5,00. */
  cardAllowed: boolean;
};

/**
 * What publishing costs now: days charged (counted from today, the first day free) × price per
 * day. Computed on the server from the ad and the price setting, never taken from a client.
 */
export function paymentQuote(expirationKey: string, pricePerDayCents: number, now: Date = new Date()): PaymentQuote {
  const days = chargedDays(expirationKey, now);
  const totalCents = days * Math.max(0, pricePerDayCents);
  return { pricePerDayCents, chargedDays: days, totalCents, minDays: MIN_AD_DAYS, cardAllowed: totalCents >= CARD_MIN_CENTS };
}

// ---------------------------------------------------------------------------------------------
// The payment request (page form and API), as the model takes it
// ---------------------------------------------------------------------------------------------

export type PaymentCustomer = { name: string; email: string; cpfCnpj: string; phone: string | null };
export type PaymentCard = { holderName: string; number: string; expiryMonth: string; expiryYear: string; ccv: string };
export type PaymentHolder = {
  name: string;
  email: string;
  cpfCnpj: string;
  phone: string;
  postalCode: string | null;
  addressNumber: string | null;
};

export type PaymentRequest = {
  method: PaymentMethod;
  customer: PaymentCustomer;
  /** Only for CREDIT_CARD; never stored or logged. */
  card: PaymentCard | null;
  holder: PaymentHolder | null;
};

type Issue = { path: string[]; message: string };

type RawCustomer = { name?: string; email?: string; cpfCnpj?: string; phone?: string; postalCode?: string; addressNumber?: string };
type RawCard = { holderName?: string; number?: string; expiryMonth?: string; expiryYear?: string; ccv?: string };

/** Every field of the form is one line (lib/plain-text): names and the address go to the gateway and the receipt. */
const text = (value: string | undefined) => singleLine(value ?? "");
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Every rule a payment request is checked by before the ad is looked at, with the field each
 * problem belongs to. `requireAddress`: Asaas needs the card holder's CEP, address number and
 * phone (the local gateway does not).
 */
function requestIssues(
  method: string | undefined,
  customer: RawCustomer,
  card: RawCard,
  paths: { customer: (key: string) => string[]; card: (key: string) => string[] },
  { requireAddress, now = new Date() }: { requireAddress: boolean; now?: Date },
): Issue[] {
  const issues: Issue[] = [];
  if (method !== "PIX" && method !== "CREDIT_CARD") issues.push({ path: ["paymentMethod"], message: PAYMENT_MESSAGES.invalidMethod });
  for (const key of ["name", "email", "cpfCnpj"] as const) {
    if (!text(customer[key])) issues.push({ path: paths.customer(key), message: PAYMENT_MESSAGES.required });
  }
  if (text(customer.email) && (!EMAIL.test(text(customer.email)) || text(customer.email).length > 255)) {
    issues.push({ path: paths.customer("email"), message: PAYMENT_MESSAGES.invalidEmail });
  }
  if (text(customer.cpfCnpj) && !isValidCpfCnpj(customer.cpfCnpj)) {
    issues.push({ path: paths.customer("cpfCnpj"), message: PAYMENT_MESSAGES.invalidCpfCnpj });
  }
  if (text(customer.name).length > 120) issues.push({ path: paths.customer("name"), message: "Nome muito longo" });
  const phone = onlyDigits(customer.phone);
  if (text(customer.phone) && (phone.length < 10 || phone.length > 11)) {
    issues.push({ path: paths.customer("phone"), message: "Telefone inválido: use DDD e número" });
  }
  if (method !== "CREDIT_CARD") return issues;

  const cardKeys = ["holderName", "number", "expiryMonth", "expiryYear", "ccv"] as const;
  const missing = cardKeys.filter((key) => !text(card[key]));
  for (const key of missing) issues.push({ path: paths.card(key), message: PAYMENT_MESSAGES.cardRequired });
  if (requireAddress) {
    for (const key of ["phone", "postalCode", "addressNumber"] as const) {
      if (!text(customer[key])) issues.push({ path: paths.customer(key), message: PAYMENT_MESSAGES.cardRequired });
    }
    if (text(customer.postalCode) && onlyDigits(customer.postalCode).length !== 8) {
      issues.push({ path: paths.customer("postalCode"), message: "CEP inválido" });
    }
  }
  if (missing.length > 0) return issues;
  if (!isLuhnValid(card.number ?? "")) issues.push({ path: paths.card("number"), message: CARD_MESSAGES.invalidNumber });
  if (!parseCardExpiry(text(card.expiryMonth), text(card.expiryYear))) {
    issues.push({ path: paths.card("expiryMonth"), message: CARD_MESSAGES.invalidExpiry });
  } else if (!isExpiryInFuture(text(card.expiryMonth), text(card.expiryYear), now)) {
    issues.push({ path: paths.card("expiryMonth"), message: CARD_MESSAGES.expired });
  }
  const ccv = text(card.ccv);
  const lengths = detectCardBrand(card.number ?? "") === "amex" ? [4] : [3, 4];
  if (!/^\d+$/.test(ccv) || !lengths.includes(ccv.length)) issues.push({ path: paths.card("ccv"), message: CARD_MESSAGES.invalidCcv });
  return issues;
}

function toRequest(method: PaymentMethod, customer: RawCustomer, card: RawCard): PaymentRequest {
  const base: PaymentCustomer = {
    name: text(customer.name),
    email: text(customer.email).toLowerCase(),
    // Letters kept: an alphanumeric CNPJ (lib/documents.ts) is letters and digits.
    cpfCnpj: normalizeDocument(customer.cpfCnpj),
    phone: onlyDigits(customer.phone) || null,
  };
  if (method === "PIX") return { method, customer: base, card: null, holder: null };
  return {
    method,
    customer: base,
    card: {
      holderName: text(card.holderName),
      number: cardDigits(card.number),
      expiryMonth: text(card.expiryMonth),
      expiryYear: text(card.expiryYear),
      ccv: text(card.ccv),
    },
    holder: {
      name: base.name,
      email: base.email,
      cpfCnpj: base.cpfCnpj,
      phone: base.phone ?? "",
      postalCode: onlyDigits(customer.postalCode) || null,
      addressNumber: text(customer.addressNumber) || null,
    },
  };
}

const optionalText = (max: number) => z.optional(z.string().check(z.maxLength(max, "Valor muito longo")));

/** The /payment/{id} form: flat fields (conform sends empty ones as undefined). */
export function paymentFormSchema(options: { requireAddress: boolean }) {
  const shape = z.object({
    paymentMethod: z.optional(z.string()),
    name: optionalText(200),
    email: optionalText(300),
    cpfCnpj: optionalText(30),
    phone: optionalText(30),
    postalCode: optionalText(20),
    addressNumber: optionalText(20),
    cardHolderName: optionalText(100),
    cardNumber: optionalText(30),
    cardExpiryMonth: optionalText(2),
    cardExpiryYear: optionalText(4),
    cardCcv: optionalText(4),
  });
  type Form = z.output<typeof shape>;
  const split = (form: Form) => ({
    customer: form satisfies RawCustomer,
    card: {
      holderName: form.cardHolderName,
      number: form.cardNumber,
      expiryMonth: form.cardExpiryMonth,
      expiryYear: form.cardExpiryYear,
      ccv: form.cardCcv,
    },
  });
  const cardField: Record<string, string> = {
    holderName: "cardHolderName",
    number: "cardNumber",
    expiryMonth: "cardExpiryMonth",
    expiryYear: "cardExpiryYear",
    ccv: "cardCcv",
  };
  return z.pipe(
    shape.check(
      z.superRefine((form, ctx) => {
        const { customer, card } = split(form);
        const paths = { customer: (key: string) => [key], card: (key: string) => [cardField[key] ?? key] };
        for (const issue of requestIssues(form.paymentMethod, customer, card, paths, options)) {
          ctx.addIssue({ code: "custom", message: issue.message, path: issue.path, input: form });
        }
      }),
    ),
    z.transform((form: Form) => {
      const { customer, card } = split(form);
      return toRequest(form.paymentMethod as PaymentMethod, customer, card);
    }),
  );
}

const apiText = z.optional(z.string().check(z.maxLength(300, "Valor muito longo")));
const apiCustomer = z.object({
  name: apiText,
  email: apiText,
  cpfCnpj: apiText,
  phone: apiText,
  mobilePhone: apiText,
  postalCode: apiText,
  address: apiText,
  addressNumber: apiText,
  complement: apiText,
  province: apiText,
  city: apiText,
  state: apiText,
});
const apiCard = z.object({ holderName: apiText, number: apiText, expiryMonth: apiText, expiryYear: apiText, ccv: apiText });
const apiHolder = z.object({ name: apiText, email: apiText, cpfCnpj: apiText, phone: apiText, postalCode: apiText, addressNumber: apiText });
/** JSON numbers or strings: clients send "12" as often as 12. */
const apiScalar = z.optional(z.union([z.string(), z.number()]));

/** POST /api/payments/create {adId, customerInfo, paymentMethod, creditCard, creditCardHolderInfo} (spec 02 §3, §7). */
export function apiPaymentSchema(options: { requireAddress: boolean }) {
  const shape = z.object({
    adId: z.union([z.number(), z.string()], { error: PAYMENT_MESSAGES.adNotFound }),
    paymentMethod: z.optional(z.string()),
    customerInfo: z.optional(apiCustomer),
    creditCard: z.optional(z.nullable(apiCard)),
    creditCardHolderInfo: z.optional(z.nullable(apiHolder)),
    // Accepted and ignored: the amount is always computed on the server.
    value: apiScalar,
  });
  type Body = z.output<typeof shape>;
  const split = (body: Body) => {
    const info = body.customerInfo ?? {};
    const holder = body.creditCardHolderInfo ?? {};
    const customer: RawCustomer = {
      name: info.name,
      email: info.email,
      cpfCnpj: info.cpfCnpj,
      phone: info.mobilePhone || info.phone || holder.phone,
      postalCode: info.postalCode || holder.postalCode,
      addressNumber: info.addressNumber || holder.addressNumber,
    };
    return { customer, card: body.creditCard ?? {} };
  };
  return z.pipe(
    shape.check(
      z.superRefine((body, ctx) => {
        const { customer, card } = split(body);
        const paths = { customer: (key: string) => ["customerInfo", key], card: (key: string) => ["creditCard", key] };
        for (const issue of requestIssues(body.paymentMethod, customer, card, paths, options)) {
          ctx.addIssue({ code: "custom", message: issue.message, path: issue.path, input: body });
        }
      }),
    ),
    z.transform((body: Body) => {
      const { customer, card } = split(body);
      return { adId: Number(body.adId), request: toRequest(body.paymentMethod as PaymentMethod, customer, card) };
    }),
  );
}

/**
 * The message of a refused request, as the toast shows it: 'Campos obrigatórios: Por favor, …' or
 * 'Dados do cartão: Por favor, …' for the spec's grouped messages, the field's own message otherwise.
 */
export function paymentIssueTitle(message: string): string | null {
  if (message === PAYMENT_MESSAGES.required) return PAYMENT_MESSAGES.requiredTitle;
  if (message === PAYMENT_MESSAGES.cardRequired) return PAYMENT_MESSAGES.cardTitle;
  if (message === PAYMENT_MESSAGES.minimum) return PAYMENT_MESSAGES.minimumTitle;
  return null;
}

export function paymentIssueText(message: string): string {
  const title = paymentIssueTitle(message);
  return title ? `${title}: ${message}` : message;
}

/** A fee in BRL: "R$ 12,50", and "R$ 0,00" for nothing (formatBRL would say 'A combinar', a price's word). */
export function formatFee(cents: number): string {
  return cents > 0 ? formatBRL(cents) : "R$\u00a00,00";
}

/** "38700000" → "38700-000" while typing. */
export function formatCep(value: string): string {
  const digits = onlyDigits(value).slice(0, 8);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/**
 * The toast for a refused form: the spec's grouped messages first ('Campos obrigatórios', then
 * 'Dados do cartão'), otherwise 'Erro no pagamento' with the first problem.
 */
export function paymentErrorToast(messages: string[]): { title: string; message: string } {
  for (const grouped of [PAYMENT_MESSAGES.required, PAYMENT_MESSAGES.cardRequired, PAYMENT_MESSAGES.minimum]) {
    if (messages.includes(grouped)) return { title: paymentIssueTitle(grouped)!, message: grouped };
  }
  return { title: PAYMENT_MESSAGES.errorTitle, message: messages[0] ?? PAYMENT_MESSAGES.genericError };
}
