/** Record ids as they arrive in paths, query strings and forms. */
import { z } from "zod";

/** A positive integer id ("12" → 12; "abc", "0", "1.5", "" → invalid), with pt-BR messages. */
export const idSchema = z.coerce
  .number({ message: "deve ser um número" })
  .int({ message: "deve ser um número inteiro" })
  .positive({ message: "deve ser maior que zero" })
  .max(Number.MAX_SAFE_INTEGER, { message: "é grande demais" });

/** The id, or null when the value is not one (pages answer 404 for a malformed id in their URL). */
export function parseId(value: unknown): number | null {
  // Digits only: "1e3", "0x10" or " 12" would coerce to a number but are not an address we publish.
  if (typeof value !== "string" || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
