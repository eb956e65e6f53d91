/**
 * The one rule for a record id, wherever it arrives (path, query string, form field, JSON): a positive
 * safe integer, or a string of digits for one. Without zod, so pages whose browser bundle must stay light
 * (the ad page) can import it; `lib/id.ts` builds the zod schemas on it.
 */

/** The id, or null when the value is not one ("0x10", "1e3", "1.5", "-3", "0", "" and " 12" are not). */
export function parseId(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) && value > 0 ? value : null;
  // Digits only: "1e3", "0x10" or " 12" would coerce to a number, but no form or address of ours sends them.
  if (typeof value !== "string" || !/^\d{1,16}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
