import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { centsToDecimalString, parseDecimalToCents } from "~/lib/money";
import { AD_PRICE_PER_DAY, DEFAULT_PRICE_PER_DAY_CENTS, type EditableSetting } from "~/models/setting/setting";

export { AD_PRICE_PER_DAY };

const DESCRIPTIONS: Record<EditableSetting, string> = {
  ad_price_per_day: "Preço por dia de anúncio (R$)",
};

export function getSetting(key: string) {
  return db.select().from(settings).where(eq(settings.key, key)).get() ?? null;
}

/** The per-day fee in cents; falls back to the default if the row is missing or unreadable. */
export function getAdPricePerDayCents(): number {
  const stored = getSetting(AD_PRICE_PER_DAY);
  return parseDecimalToCents(stored?.value) ?? DEFAULT_PRICE_PER_DAY_CENTS;
}

/**
 * Sets the per-day fee (already validated: > 0 cents). Read from the database on every request, so
 * every worker charges the new price from the next request on; ads already created keep their cost.
 */
export function setAdPricePerDayCents(cents: number, now: Date = new Date()) {
  const value = centsToDecimalString(cents);
  return db
    .insert(settings)
    .values({ key: AD_PRICE_PER_DAY, value, description: DESCRIPTIONS.ad_price_per_day, updatedAt: now })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`excluded.updated_at` } })
    .returning()
    .get();
}
