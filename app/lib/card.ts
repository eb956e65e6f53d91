/**
 * Payment card helpers shared by the payment form (live hints in the browser) and the gateways
 * (server). Browser-safe: no server imports.
 *
 * What we may keep of a card is its brand and last four digits; the number, expiry and CCV are
 * only passed through to the gateway, never stored or logged.
 */
import { dateKey } from "./dates";

export type CardBrand = "visa" | "mastercard" | "amex" | "elo" | "hipercard" | "unknown";

export const CARD_BRAND_LABELS: Record<CardBrand, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  elo: "Elo",
  hipercard: "Hipercard",
  unknown: "Cartão",
};

export const CARD_MESSAGES = {
  invalidNumber: "Número do cartão inválido.",
  invalidExpiry: "Validade do cartão inválida.",
  expired: "Cartão vencido.",
  invalidCcv: "Código de segurança (CCV) inválido.",
  holderRequired: "Informe o nome do titular como está no cartão.",
} as const;

export function cardDigits(value: string | null | undefined): string {
  return (value ?? "").replace(/\D/g, "");
}

export function cardLast4(value: string): string {
  return cardDigits(value).slice(-4);
}

/** "4111111111111111" → "4111 1111 1111 1111" (groups of 4, as the form shows it; max 19 digits). */
export function formatCardNumber(value: string): string {
  return cardDigits(value)
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** Luhn (mod 10) check digit, on 13 to 19 digits. */
export function isLuhnValid(value: string): boolean {
  const digits = cardDigits(value);
  if (digits.length < 13 || digits.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

// Elo and Hipercard BINs overlap Visa's "4" and Discover-like "6" ranges, so they are checked first.
// Ranges are the commonly published Elo/Hipercard issuer prefixes (6 digits).
const ELO_RANGES: ReadonlyArray<readonly [number, number]> = [
  [401178, 401179], [431274, 431274], [438935, 438935], [451416, 451416], [457393, 457393],
  [457631, 457632], [504175, 504175], [506699, 506778], [509000, 509999], [627780, 627780],
  [636297, 636297], [636368, 636368], [650031, 650033], [650035, 650051], [650405, 650439],
  [650485, 650538], [650541, 650598], [650700, 650718], [650720, 650727], [650901, 650978],
  [651652, 651679], [655000, 655019], [655021, 655058],
];
const HIPERCARD_PREFIXES = ["606282", "637095", "637568", "637599", "637609", "637612", "384100", "384140", "384160"];

export function detectCardBrand(value: string): CardBrand {
  const digits = cardDigits(value);
  if (digits.length < 4) return "unknown";
  const bin6 = Number(digits.slice(0, 6));
  if (digits.length >= 6 && ELO_RANGES.some(([from, to]) => bin6 >= from && bin6 <= to)) return "elo";
  if (HIPERCARD_PREFIXES.some((prefix) => digits.startsWith(prefix))) return "hipercard";
  if (/^3[47]/.test(digits)) return "amex";
  const bin4 = Number(digits.slice(0, 4));
  if (/^5[1-5]/.test(digits) || (bin4 >= 2221 && bin4 <= 2720)) return "mastercard";
  if (digits.startsWith("4")) return "visa";
  return "unknown";
}

/** Reads the month (1–12) and the year ("29" or "2029") typed in the form; null when invalid. */
export function parseCardExpiry(month: string | number, year: string | number): { month: number; year: number } | null {
  const m = Number(String(month).trim());
  const yText = String(year).trim();
  if (!/^\d{2}(\d{2})?$/.test(yText) || !Number.isInteger(m) || m < 1 || m > 12) return null;
  const y = yText.length === 2 ? 2000 + Number(yText) : Number(yText);
  return { month: m, year: y };
}

/**
 * A card is good through the last day of its expiry month. "This month" is the São Paulo month
 * of `now`, so a card expiring 03/2026 still works at 23:30 of 31/03 in Brazil (02:30Z on 01/04).
 * Years more than 20 ahead are typing mistakes.
 */
export function isExpiryInFuture(month: string | number, year: string | number, now: Date = new Date()): boolean {
  const expiry = parseCardExpiry(month, year);
  if (!expiry) return false;
  const [thisYear, thisMonth] = dateKey(now).split("-").map(Number) as [number, number];
  if (expiry.year > thisYear + 20) return false;
  return expiry.year > thisYear || (expiry.year === thisYear && expiry.month >= thisMonth);
}

export type CardInput = {
  holderName: string;
  number: string;
  expiryMonth: string;
  expiryYear: string;
  ccv: string;
};

/** The first problem with a card as typed, as a pt-BR message, or null when it looks payable. */
export function cardProblem(card: CardInput, now: Date = new Date()): string | null {
  if (!card.holderName.trim()) return CARD_MESSAGES.holderRequired;
  if (!isLuhnValid(card.number)) return CARD_MESSAGES.invalidNumber;
  if (!parseCardExpiry(card.expiryMonth, card.expiryYear)) return CARD_MESSAGES.invalidExpiry;
  if (!isExpiryInFuture(card.expiryMonth, card.expiryYear, now)) return CARD_MESSAGES.expired;
  // Amex prints 4 digits; other brands 3, though some issuers print 4, so 4 is accepted there too.
  const ccv = card.ccv.trim();
  const lengths = detectCardBrand(card.number) === "amex" ? [4] : [3, 4];
  if (!/^\d+$/.test(ccv) || !lengths.includes(ccv.length)) return CARD_MESSAGES.invalidCcv;
  return null;
}

/** What Asaas says when an issuer refuses a card; also our generic refusal text. */
export const CARD_DECLINED_MESSAGE = "Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.";

export type DeclinedTestCard = {
  number: string;
  reason: "declined" | "insufficient_funds";
  message: string;
};

/**
 * Luhn-valid numbers the local gateway (and the fake Asaas server) refuse, so the "card refused"
 * path can be tried without a real card. The two 4000… numbers follow the widespread test-card
 * convention; the Mastercard and Visa below are the numbers Asaas's sandbox documents as refused,
 * so a test behaves the same against the sandbox.
 */
export const DECLINED_TEST_CARDS: readonly DeclinedTestCard[] = [
  {
    number: "4000000000000002",
    reason: "declined",
    message: CARD_DECLINED_MESSAGE,
  },
  {
    number: "4000000000009995",
    reason: "insufficient_funds",
    message: "Transação não autorizada: saldo ou limite insuficiente. Use outro cartão ou pague com PIX.",
  },
  {
    number: "5184019740373151",
    reason: "declined",
    message: CARD_DECLINED_MESSAGE,
  },
  {
    number: "4916561358240741",
    reason: "declined",
    message: CARD_DECLINED_MESSAGE,
  },
];

export function findDeclinedTestCard(number: string): DeclinedTestCard | undefined {
  const digits = cardDigits(number);
  return DECLINED_TEST_CARDS.find((card) => card.number === digits);
}
