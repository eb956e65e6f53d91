/**
 * An id from a page's address, without zod: `lib/id.ts` re-exports this, and pages whose browser
 * bundle must stay light (the ad page) import it from here, because importing lib/id.ts ships zod.
 */

/** The id, or null when the value is not one (pages answer 404 for a malformed id in their URL). */
export function parseId(value: unknown): number | null {
  // Digits only: "1e3", "0x10" or " 12" would coerce to a number but are not an address we publish.
  if (typeof value !== "string" || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
