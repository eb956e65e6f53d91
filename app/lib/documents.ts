/**
 * Brazilian taxpayer documents: CPF (people, 11 digits) and CNPJ (companies, 14 characters), each
 * ending in two check digits computed modulo 11.
 *
 * Since July 2026 the Receita Federal also issues alphanumeric CNPJs (IN RFB 2.229/2024): the first 12
 * characters may be upper-case letters, the two check digits stay numeric, and every character counts
 * as its ASCII code − 48 ('0'..'9' → 0..9, 'A' → 17, 'B' → 18…), which leaves the old numeric CNPJs'
 * check digits unchanged. Documents are therefore kept as upper-case letters and digits
 * (`normalizeDocument`), never as digits only.
 */

export function onlyDigits(value: string | null | undefined): string {
  return (value ?? "").replace(/\D/g, "");
}

/** A CPF or CNPJ as typed ("12.abc.345/01de-35") as it is kept and sent: upper-case letters and digits ("12ABC34501DE35"). */
export function normalizeDocument(value: string | null | undefined): string {
  return (value ?? "").toUpperCase().replace(/[^0-9A-Z]/g, "");
}

/** "11111111111" and friends pass the modulo-11 check but are not real documents. */
function allSameDigit(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

/** A character's value in the check digit sum: its ASCII code − 48 (the digits' own value, 'A' = 17). */
const charValue = (char: string) => char.charCodeAt(0) - 48;

/** Check digit for `chars` with the given weights: remainder < 2 → 0, otherwise 11 − remainder. */
function checkDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  weights.forEach((w, i) => {
    sum += charValue(chars[i] ?? "0") * w;
  });
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

export function isValidCpf(value: string | null | undefined): boolean {
  const d = normalizeDocument(value);
  if (!/^\d{11}$/.test(d) || allSameDigit(d)) return false;
  const first = checkDigit(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(d[9]) && second === Number(d[10]);
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
/** 12 letters or digits (the root and the branch), then two numeric check digits. */
const CNPJ_SHAPE = /^[0-9A-Z]{12}\d{2}$/;

export function isValidCnpj(value: string | null | undefined): boolean {
  const d = normalizeDocument(value);
  if (!CNPJ_SHAPE.test(d) || allSameDigit(d)) return false;
  return checkDigit(d, CNPJ_WEIGHTS_1) === Number(d[12]) && checkDigit(d, CNPJ_WEIGHTS_2) === Number(d[13]);
}

/** CPF when 11 characters, CNPJ when 14, invalid otherwise. */
export function isValidCpfCnpj(value: string | null | undefined): boolean {
  const d = normalizeDocument(value);
  if (d.length === 11) return isValidCpf(d);
  if (d.length === 14) return isValidCnpj(d);
  return false;
}

/**
 * Mask while typing: up to 11 digits as CPF (000.000.000-00); 12 to 14 characters, or any letter
 * (only a CNPJ has letters), as CNPJ (00.000.000/0000-00, 12.ABC.345/01DE-35). Letters are
 * upper-cased; in the two check digit places only digits are kept; beyond 14 characters, dropped.
 */
export function formatCpfCnpj(input: string): string {
  let d = "";
  for (const char of normalizeDocument(input)) {
    if (d.length === 14) break;
    if (d.length >= 12 && !/\d/.test(char)) continue;
    d += char;
  }
  if (d.length <= 11 && /^\d*$/.test(d)) {
    return joinParts([d.slice(0, 3), d.slice(3, 6), d.slice(6, 9), d.slice(9, 11)], [".", ".", "-"]);
  }
  return joinParts([d.slice(0, 2), d.slice(2, 5), d.slice(5, 8), d.slice(8, 12), d.slice(12, 14)], [".", ".", "/", "-"]);
}

/** Joins the non-empty parts, putting separators[i - 1] before part i. */
function joinParts(parts: string[], separators: string[]): string {
  let out = parts[0] ?? "";
  for (let i = 1; i < parts.length; i++) {
    const part = parts[i];
    if (!part) break;
    out += (separators[i - 1] ?? "") + part;
  }
  return out;
}
