import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { centsToDecimalString, parseDecimalToCents } from "~/lib/money";
import {
  AD_BOOST_PRICE_PER_DAY,
  AD_PRICE_PER_DAY,
  DEFAULT_BOOST_PRICE_PER_DAY_CENTS,
  DEFAULT_PRICE_PER_DAY_CENTS,
  type EditableSetting,
} from "~/models/setting/setting";

export { AD_PRICE_PER_DAY };

const DESCRIPTIONS: Record<EditableSetting, string> = {
  ad_price_per_day: "Preço por dia de anúncio (R$)",
  ad_boost_price_per_day: "Preço por dia de impulso (R$)",
};

const DEFAULT_CENTS: Record<EditableSetting, number> = {
  ad_price_per_day: DEFAULT_PRICE_PER_DAY_CENTS,
  ad_boost_price_per_day: DEFAULT_BOOST_PRICE_PER_DAY_CENTS,
};

export function getSetting(key: string) {
  return db.select().from(settings).where(eq(settings.key, key)).get() ?? null;
}

/** A price per day in cents; falls back to the default if the row is missing or unreadable. */
export function getPricePerDayCents(key: EditableSetting): number {
  return parseDecimalToCents(getSetting(key)?.value) ?? DEFAULT_CENTS[key];
}

/** A price setting as GET /api/settings/{key} shows it: the stored row, or the default a missing row stands for. */
export function readPriceSetting(key: EditableSetting): { key: string; value: string; description: string | null } {
  const stored = getSetting(key);
  if (stored) return { key: stored.key, value: stored.value, description: stored.description };
  return { key, value: centsToDecimalString(DEFAULT_CENTS[key]), description: DESCRIPTIONS[key] };
}

/** The per-day fee in cents; falls back to the default if the row is missing or unreadable. */
export function getAdPricePerDayCents(): number {
  return getPricePerDayCents(AD_PRICE_PER_DAY);
}

/** The price of a day of boost in cents (default R$ 3,00). */
export function getBoostPricePerDayCents(): number {
  return getPricePerDayCents(AD_BOOST_PRICE_PER_DAY);
}

/**
 * Sets the per-day fee (already validated: > 0 cents). Read from the database on every request, so
 * every worker charges the new price from the next request on; ads already created keep their cost.
 */
export function setAdPricePerDayCents(cents: number, now: Date = new Date()) {
  return setPricePerDayCents(AD_PRICE_PER_DAY, cents, now);
}

/** Sets a price per day (already validated: > 0 cents); open charges keep their quote (ADR 017). */
export function setPricePerDayCents(key: EditableSetting, cents: number, now: Date = new Date()) {
  const value = centsToDecimalString(cents);
  return db
    .insert(settings)
    .values({ key, value, description: DESCRIPTIONS[key], updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`excluded.updated_at` } })
    .returning()
    .get();
}
