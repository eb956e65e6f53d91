/**
 * Settings, the browser-safe half: the editable keys, the price rule and its pt-BR messages
 * (spec 02 §5, §8), shared by /admin/settings (server and live validation) and PUT /api/settings/{key}.
 */
import * as z from "zod/mini";
import { parseDecimalToCents } from "~/lib/money";

export const AD_PRICE_PER_DAY = "ad_price_per_day";
/** Used when the `ad_price_per_day` setting is missing (the wizard's 2.5). */
export const DEFAULT_PRICE_PER_DAY_CENTS = 250;

/** The price per day of boost ("Impulsionar", ADR 037). */
export const AD_BOOST_PRICE_PER_DAY = "ad_boost_price_per_day";
/** Used when the `ad_boost_price_per_day` setting is missing (R$ 3,00). */
export const DEFAULT_BOOST_PRICE_PER_DAY_CENTS = 300;

/** The settings an admin may change (anything else is 404 on PUT /api/settings/{key}); both are prices per day. */
export const EDITABLE_SETTINGS = [AD_PRICE_PER_DAY, AD_BOOST_PRICE_PER_DAY] as const;
export type EditableSetting = (typeof EDITABLE_SETTINGS)[number];

export function isEditableSetting(key: string): key is EditableSetting {
  return (EDITABLE_SETTINGS as readonly string[]).includes(key);
}

/** A guard against a typo of a few zeros: R$ 10.000,00 a day. */
export const MAX_PRICE_PER_DAY_CENTS = 1_000_000;

export const SETTING_MESSAGES = {
  invalidTitle: "Erro na validação",
  invalidPrice: "Por favor, insira um preço válido maior que zero.",
  tooHigh: "O preço por dia pode ser no máximo R$ 10.000,00.",
  updated: "Configuração atualizada com sucesso!",
  updateError: "Erro ao atualizar configuração",
  notFound: "Configuração não encontrada",
} as const;

/** The per-day price as typed ("2,50", "2.5", "R$ 2,50") or sent (2.5) → cents, > 0. */
export const adPriceSchema = z.object({
  value: z.pipe(
    z.optional(z.union([z.string(), z.number(), z.null()])),
    z.transform((value, ctx) => {
      const cents = value === null || value === undefined ? null : parseDecimalToCents(value);
      if (cents === null || cents <= 0) {
        ctx.issues.push({ code: "custom", message: SETTING_MESSAGES.invalidPrice, input: value });
        return z.NEVER;
      }
      if (cents > MAX_PRICE_PER_DAY_CENTS) {
        ctx.issues.push({ code: "custom", message: SETTING_MESSAGES.tooHigh, input: value });
        return z.NEVER;
      }
      return cents;
    }),
  ),
});
