/** Record ids as zod schemas, on the one rule of `parse-id.ts`. */
// zod/mini: the wizard's and admin forms' schemas use it in the browser.
import * as z from "zod/mini";
import { parseId } from "./parse-id";

/** A required id field: an id (number) or `message`. */
export const positiveId = (message: string) =>
  z.pipe(
    z.unknown(),
    z.transform((value, ctx) => {
      const id = parseId(value);
      if (id === null) {
        ctx.issues.push({ code: "custom", message, input: value });
        return z.NEVER;
      }
      return id;
    }),
  );

/** An id in a path or query parameter, with the message the API's validation answers name it by. */
export const idSchema = positiveId("deve ser um número inteiro maior que zero");

/** An id that may be left out. */
export const optionalIdSchema = z.optional(idSchema);
