import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { settings } from "~/db/schema";
import { DEFAULT_PRICE_PER_DAY_CENTS } from "~/models/ad/cost";
import { parseDecimalToCents } from "~/lib/money";

export const AD_PRICE_PER_DAY = "ad_price_per_day";

export function getSetting(key: string) {
  return db.select().from(settings).where(eq(settings.key, key)).get() ?? null;
}

/** The per-day fee in cents; falls back to the default if the row is missing or unreadable. */
export function getAdPricePerDayCents(): number {
  const stored = getSetting(AD_PRICE_PER_DAY);
  return parseDecimalToCents(stored?.value) ?? DEFAULT_PRICE_PER_DAY_CENTS;
}
