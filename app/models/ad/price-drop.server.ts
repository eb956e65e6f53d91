/**
 * Price drops (issue #36, item 4), the rule once:
 * - every change of an ad's price by an edit is kept (`ad_price_changes`, the price before it and when);
 * - the owner's cut of an active ad is a drop when the new price is at least PRICE_DROP_MIN_PERCENT %
 *   below the LOWEST price the ad had in the last PRICE_DROP_DAYS days (the price before the cut and
 *   the prices its changes of those days replaced), so raising a price and cutting it back is no drop;
 * - a drop stores the struck price (that lowest one) and its time on the ad; a raise (or a change to or
 *   from "A combinar") ends it; a smaller cut keeps the one showing;
 * - it shows until the end of the PRICE_DROP_DAYS-th São Paulo day after the cut: ending at a
 *   midnight keeps the list pages exact, since they are kept per listing version and day (ADR 027).
 * The e-mails to the people who saved the ad are the favourite model's (price-drop-mail.server.ts).
 */
import { and, eq, gt, lt } from "drizzle-orm";
import { writeTransaction, type Writer } from "~/db/client.server";
import { adPriceChanges, ads, priceDropMails } from "~/db/schema";
import { addDaysToKey, dateKey, startOfDayInstant } from "~/lib/dates";
import { centsToDecimalString } from "~/lib/money";
import { PRICE_DROP_DAYS, PRICE_DROP_MIN_PERCENT } from "~/models/ad/price-drop";

const DAY_MS = 86_400_000;

/** Whether `newCents` is at least PRICE_DROP_MIN_PERCENT % below `lowestCents` (integer arithmetic, no rounding). */
export function isPriceDrop(newCents: number, lowestCents: number): boolean {
  return newCents > 0 && newCents * 100 <= lowestCents * (100 - PRICE_DROP_MIN_PERCENT);
}

/** The first instant a drop cut at `droppedAt` no longer shows: the São Paulo midnight ending its PRICE_DROP_DAYS-th day after. */
export function priceDropEnds(droppedAt: Date): Date {
  return startOfDayInstant(addDaysToKey(dateKey(droppedAt), PRICE_DROP_DAYS + 1));
}

/** The earliest cut time whose drop still shows at `now` (a bound for queries). */
export const oldestShownDrop = (now: Date) => new Date(now.getTime() - (PRICE_DROP_DAYS + 2) * DAY_MS);

type PriceDropColumns = { priceCents: number | null; previousPriceCents: number | null; priceDroppedAt: Date | null };

/** The struck price in cents while the drop shows at `now`, else null. */
export function shownPreviousPriceCents(ad: PriceDropColumns, now: Date = new Date()): number | null {
  const { priceCents, previousPriceCents, priceDroppedAt } = ad;
  if (priceCents === null || previousPriceCents === null || priceDroppedAt === null) return null;
  if (priceCents >= previousPriceCents || now.getTime() >= priceDropEnds(priceDroppedAt).getTime()) return null;
  return previousPriceCents;
}

/** The public JSON's `previousPrice` ("1800.00") while the drop shows; absent otherwise. */
export function previousPriceField(ad: PriceDropColumns, now: Date = new Date()): { previousPrice?: string } {
  const cents = shownPreviousPriceCents(ad, now);
  return cents === null ? {} : { previousPrice: centsToDecimalString(cents) };
}

/** The columns `previousPriceField` reads, for a query's select. */
export const priceDropColumns = { previousPriceCents: ads.previousPriceCents, priceDroppedAt: ads.priceDroppedAt };

/**
 * Inside an edit's write transaction, before the ad's row is updated: keeps the change and says what
 * it does to the drop — the columns to set on the ad (none when it keeps what shows) and whether it is
 * a new drop. `counts`: the owner changing an active ad's price (only that can make a drop).
 */
export function priceChange(
  tx: Writer,
  ad: { id: number; priceCents: number | null },
  newCents: number | null,
  counts: boolean,
  now: Date,
): { set: Partial<{ previousPriceCents: number | null; priceDroppedAt: Date | null }>; dropped: boolean } {
  const oldCents = ad.priceCents;
  if (newCents === oldCents) return { set: {}, dropped: false };
  const since = new Date(now.getTime() - PRICE_DROP_DAYS * DAY_MS);
  const replaced = tx
    .select({ oldPriceCents: adPriceChanges.oldPriceCents })
    .from(adPriceChanges)
    .where(and(eq(adPriceChanges.adId, ad.id), gt(adPriceChanges.changedAt, since)))
    .all();
  tx.insert(adPriceChanges).values({ adId: ad.id, oldPriceCents: oldCents, changedAt: now }).run();
  const ended = { set: { previousPriceCents: null, priceDroppedAt: null }, dropped: false };
  if (oldCents === null || newCents === null || newCents > oldCents) return ended;
  const prices = [oldCents, ...replaced.map((row) => row.oldPriceCents)].filter((cents): cents is number => cents !== null);
  const lowest = Math.min(...prices);
  if (counts && isPriceDrop(newCents, lowest)) return { set: { previousPriceCents: lowest, priceDroppedAt: now }, dropped: true };
  return { set: {}, dropped: false };
}

/**
 * The daily job: price changes older than the window tell nothing any more, nor the e-mails' markers of
 * drops no longer shown (a marker says which drop a saver heard of, and on which day).
 */
export function sweepPriceDropHistory(now: Date = new Date()): void {
  writeTransaction((tx) => {
    tx.delete(adPriceChanges).where(lt(adPriceChanges.changedAt, new Date(now.getTime() - PRICE_DROP_DAYS * DAY_MS))).run();
    tx.delete(priceDropMails).where(lt(priceDropMails.sentAt, oldestShownDrop(now))).run();
  });
}
