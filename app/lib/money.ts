/**
 * Money helpers. Money is integer cents everywhere (DB, server, forms);
 * decimals only appear at the edges: display ("R$ 1.234,56") and the JSON
 * API shape ("1234.56"). A `null` price means "A combinar".
 */

/** R$ 9.000.000,00, the highest price an ad may ask (spec 02 §5). */
export const MAX_PRICE_CENTS = 900_000_000;
export const MAX_PRICE_MESSAGE = "Valor máximo permitido é R$ 9.000.000,00";

// The display half lives in ./brl.ts so pages that only show prices import only that.
export { formatBRL, PRICE_TO_BE_AGREED } from "./brl";

/** 123456 → "1234.56", the decimal(10,2) string of the JSON API; null/invalid → "". */
export function centsToDecimalString(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents)) return "";
  const rounded = Math.round(cents);
  const abs = Math.abs(rounded);
  const sign = rounded < 0 ? "-" : "";
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * Parses a price typed by a person or sent by the API into cents.
 * Accepts "1234.56", "1234,56", "1.234,56", "1,234.56", "R$ 1.234,56" and numbers.
 * Returns null for empty, zero, negative or unparseable values (null = "A combinar").
 *
 * Separator rule: when both "." and "," appear, the last one is the decimal
 * separator. A lone "," is decimal. A lone "." is decimal unless it is followed
 * by exactly three digits: "1.234" is read the pt-BR way (one thousand two
 * hundred and thirty-four reais), since the API always sends two decimals.
 * More than two decimals are rounded half-up.
 */
export function parseDecimalToCents(value: string | number | null | undefined): number | null {
  if (value == null) return null;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return null;
    // toFixed(10) turns binary noise into a plain decimal string (1.005 → "1.0050000000"),
    // which then rounds like a person expects. Large values come back in exponent form → null.
    const [int = "", frac = ""] = value.toFixed(10).split(".");
    return decimalPartsToCents(int, frac);
  }

  const s = value.replace(/R\$/gi, "").replace(/\s/g, ""); // \s includes U+00A0
  if (s === "") return null;

  const lastDot = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  let decimalSep: "." | "," | null = null;
  if (lastDot >= 0 && lastComma >= 0) {
    decimalSep = lastDot > lastComma ? "." : ",";
  } else if (lastComma >= 0) {
    if (countOf(s, ",") === 1) decimalSep = ",";
  } else if (lastDot >= 0) {
    if (countOf(s, ".") === 1 && s.length - lastDot - 1 !== 3) decimalSep = ".";
  }

  let int = s;
  let frac = "";
  if (decimalSep) {
    const at = s.lastIndexOf(decimalSep);
    int = s.slice(0, at);
    frac = s.slice(at + 1);
  }
  // Whatever separator remains in the integer part must be proper thousands grouping.
  if (/[.,]/.test(int)) {
    if (!/^\d{1,3}([.,]\d{3})+$/.test(int) || new Set(int.replace(/\d/g, "")).size !== 1) {
      return null;
    }
    int = int.replace(/[.,]/g, "");
  }
  return decimalPartsToCents(int, frac);
}

/**
 * A bound of the listing's price range (/categories' Mínimo and Máximo), as people type it on a
 * phone: "1500", "1.500", "1.500,00", "1500,5", "R$ 1.500" are reais, read by parseDecimalToCents
 * (so "1.500" is one thousand five hundred). Unlike the ad's own price field, this is not the
 * digits/100 mask: a filter is typed once and sent with a GET form, often without JavaScript.
 * Returns cents, or null when the bound should be ignored: empty, zero, negative, unparseable, or
 * above the highest price an ad may ask (no ad is there, so such a bound filters nothing useful).
 */
export function parsePriceBound(input: string | null | undefined): number | null {
  const cents = parseDecimalToCents(input?.trim() || null);
  return cents !== null && cents <= MAX_PRICE_CENTS ? cents : null;
}

/**
 * The price input mask (spec 02 §5): only digits are kept and value = digits / 100,
 * so the digits ARE the cents. Typing "1", "12", "123" gives R$ 0,01, R$ 0,12, R$ 1,23.
 * Returns null when there are no digits or they are all zero ("A combinar").
 */
export function priceFromDigits(input: string): number | null {
  // 15 digits always fit exactly in a double; further keystrokes are ignored
  // (the form rejects anything above MAX_PRICE_CENTS anyway).
  const digits = input.replace(/\D/g, "").replace(/^0+/, "").slice(0, 15);
  if (digits === "") return null;
  return Number(digits);
}

function countOf(s: string, ch: string): number {
  return s.split(ch).length - 1;
}

function decimalPartsToCents(int: string, frac: string): number | null {
  if (!/^\d*$/.test(int) || !/^\d*$/.test(frac) || int + frac === "") return null;
  const roundUp = (frac[2] ?? "0") >= "5" ? 1 : 0;
  const cents = Number(int || "0") * 100 + Number(frac.slice(0, 2).padEnd(2, "0")) + roundUp;
  if (!Number.isSafeInteger(cents) || cents === 0) return null;
  return cents;
}
