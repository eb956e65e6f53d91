/** The AI description helper's quota, browser-safe: the usage shape and the pt-BR texts (spec 02 §4, §8). */
import * as z from "zod/mini";
import { oneLine, singleLine } from "~/lib/plain-text";

export type AiUsage = { totalCalls: number; limit: number; remainingCalls: number; canUse: boolean };

export const AI_MESSAGES = {
  limitTitle: "Limite atingido",
  tooFastTitle: "Aguarde",
  limitButton: "Limite esgotado",
  limitReached: (limit: number) => `Limite de ${limit} gerações mensais atingido`,
  generating: "Gerando...",
  generate: "Gerar com IA",
  tooFast: "Muitas gerações seguidas. Aguarde um minuto e tente de novo.",
} as const;

/** Where a description came from; `limit_reached` means the month's quota is spent (nothing generated). */
export type AiDescriptionSource = "gemini" | "openai" | "local" | "limit_reached";

// One line each (lib/plain-text): each becomes a line of the prompt, and a line break in one could forge the next.
const shortText = (max: number) => z.optional(z.nullable(z.string().check(oneLine(), z.maxLength(max, `no máximo ${max} caracteres`))));
const textMap = z.pipe(
  z.optional(z.unknown()),
  z.transform((value, ctx) => {
    if (value === undefined || value === null) return {} as Record<string, string>;
    // Free pairs may come as a map or as a list of {name, value} (both appear in the spec's clients).
    const entries = Array.isArray(value)
      ? value.map((item: { name?: unknown; value?: unknown }) => [String(item?.name ?? ""), String(item?.value ?? "")])
      : typeof value === "object"
        ? Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, String(v ?? "")])
        : null;
    if (!entries || entries.length > 40) {
      ctx.issues.push({ code: "custom", message: "deve ser um objeto nome → valor (até 40)", input: value });
      return z.NEVER;
    }
    const lines = entries.map(([k, v]) => [singleLine(k!), singleLine(v!)] as const);
    return Object.fromEntries(lines.filter(([k, v]) => k && v).map(([k, v]) => [k.slice(0, 100), v.slice(0, 200)]));
  }),
);

/** POST /api/ai/generate-description (spec 02 §3): what the ad is about, by name. */
export const aiDescriptionRequestSchema = z.object({
  adType: z.string().check(oneLine(), z.minLength(1, "Tipo é obrigatório"), z.maxLength(20)),
  categoryName: z.string().check(oneLine(), z.minLength(1, "Categoria é obrigatória"), z.maxLength(100)),
  subcategoryName: shortText(100),
  title: shortText(200),
  price: z.optional(z.nullable(z.union([z.string().check(z.maxLength(30)), z.number()]))),
  characteristics: textMap,
  customCharacteristics: textMap,
  whatsapp: shortText(30),
  maxLength: z.optional(z.number().check(z.int(), z.minimum(60), z.maximum(1000))),
});
