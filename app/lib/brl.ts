/**
 * Prices as people read them, and nothing else: the ad cards need only this, and importing it alone
 * keeps the rest of lib/money.ts (parsing, API decimals) out of the list pages' JavaScript.
 * lib/money.ts re-exports both.
 */

export const PRICE_TO_BE_AGREED = "A combinar";

// Building an Intl.NumberFormat is comparatively expensive; lists render many prices.
const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * "R$ 1.234,56" (note: Intl puts a NON-BREAKING space, U+00A0, after "R$").
 * Empty, zero and non-numeric prices show "A combinar" (spec 01 §5).
 */
export function formatBRL(cents: number | null | undefined): string {
  if (cents == null || !Number.isFinite(cents) || cents === 0) return PRICE_TO_BE_AGREED;
  return brl.format(cents / 100);
}
