/**
 * Prices as people read them, and nothing else: the ad cards need only this, and importing it alone
 * keeps the rest of lib/money.ts (parsing, API decimals) out of the list pages' JavaScript.
 * lib/money.ts re-exports both.
 */

export const PRICE_TO_BE_AGREED = "A combinar";

/**
 * "R$ 1.234,56", written out by hand rather than by Intl.NumberFormat: a browser's first pt-BR number
 * format loads that locale's data, 40–70 ms on the shared 2-core server and four times that on the
 * phone Lighthouse emulates, inside the task that starts every list and ad page (they all import this
 * module). The output is Intl's, character for character, including the NON-BREAKING space (U+00A0)
 * after "R$" (money.test.ts compares the two). Empty, zero and non-numeric prices show "A combinar"
 * (spec 01 §5).
 */
export function formatBRL(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents) || cents === 0) return PRICE_TO_BE_AGREED;
  return formatBRLAmount(cents);
}

/** The same "R$ 1.234,56" for an amount that is not a price, where zero is "R$ 0,00" (a condomínio's fee). */
export function formatBRLAmount(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const reais = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  const centavos = String(whole % 100).padStart(2, "0");
  return `${cents < 0 ? "-" : ""}R$\u00a0${reais},${centavos}`;
}
