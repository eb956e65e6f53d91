/** Record ids as they arrive in paths, query strings and forms. */
import { z } from "zod";

/** A positive integer id ("12" → 12; "abc", "0", "1.5", "" → invalid), with pt-BR messages. */
export const idSchema = z.coerce
  .number({ message: "deve ser um número" })
  .int({ message: "deve ser um número inteiro" })
  .positive({ message: "deve ser maior que zero" })
  .max(Number.MAX_SAFE_INTEGER, { message: "é grande demais" });

export { parseId } from "./parse-id";
