/**
 * Brazilian taxpayer documents: CPF (people, 11 digits) and CNPJ (companies,
 * 14 digits), each ending in two check digits computed modulo 11.
 *
 * Known limitation: from July 2026 the Receita Federal also issues alphanumeric
 * CNPJs (letters in the first 12 positions). These helpers accept digits only.
 */

export function onlyDigits(value: string | null | undefined): string {
  return (value ?? "").replace(/\D/g, "");
}

/** "11111111111" and friends pass the modulo-11 check but are not real documents. */
function allSameDigit(digits: string): boolean {
  return /^(\d)\1*$/.test(digits);
}

/** Check digit for `digits` with the given weights: remainder < 2 → 0, otherwise 11 − remainder. */
function checkDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  weights.forEach((w, i) => {
    sum += Number(digits[i]) * w;
  });
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

export function isValidCpf(value: string | null | undefined): boolean {
  const d = onlyDigits(value);
  if (d.length !== 11 || allSameDigit(d)) return false;
  const first = checkDigit(d, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit(d, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first === Number(d[9]) && second === Number(d[10]);
}

const CNPJ_WEIGHTS_1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const CNPJ_WEIGHTS_2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;

export function isValidCnpj(value: string | null | undefined): boolean {
  const d = onlyDigits(value);
  if (d.length !== 14 || allSameDigit(d)) return false;
  return checkDigit(d, CNPJ_WEIGHTS_1) === Number(d[12]) && checkDigit(d, CNPJ_WEIGHTS_2) === Number(d[13]);
}

/** CPF when 11 digits, CNPJ when 14, invalid otherwise. */
export function isValidCpfCnpj(value: string | null | undefined): boolean {
  const d = onlyDigits(value);
  if (d.length === 11) return isValidCpf(d);
  if (d.length === 14) return isValidCnpj(d);
  return false;
}

/**
 * Mask while typing: up to 11 digits as CPF (000.000.000-00), 12 to 14 as
 * CNPJ (00.000.000/0000-00). Digits beyond 14 are dropped.
 */
export function formatCpfCnpj(input: string): string {
  const d = onlyDigits(input).slice(0, 14);
  if (d.length <= 11) {
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
