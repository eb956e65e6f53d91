/**
 * A boost ("Impulsionar", ADR 037) and an extension ("Prolongar") as the ad sees them: the ad model
 * owns what a payment does to its ad (lifecycle.server.ts), so the payment model calls these inside
 * its own confirmation transaction, and the listing, the ad page and the owner's statistics read
 * "boost running" from here and nowhere else.
 *
 * A boost is never written on the ad: it is its paid payment (`purpose` "boost", not flagged for
 * refund), running from its confirmation until `paysUntil`, and it shows only while the ad is public
 * (ad/visibility.server.ts). So it ends by itself at its last day, whenever the ad stops being public
 * (paused, expired, sold, rejected, hidden by reports — whatever code path did it), and when refunded
 * (the payment is no longer paid). Starting or refunding one bumps the listing's version, so the kept
 * list pages (ADR 016/027) show it at once, like any change of a public ad.
 */
import { and, desc, eq, gt, inArray, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { db, type Writer } from "~/db/client.server";
import { ads, payments, type Payment } from "~/db/schema";
import { addDaysToKey, dateKey, expirationKeyFromInstant } from "~/lib/dates";
import { isPubliclyVisible, publiclyVisible } from "~/models/ad/visibility.server";

const PAID = ["confirmed", "received"] as const;

/** `payments` rows that are a boost running at `now` (paid, not flagged, started, not over); the ad's visibility is checked apart. */
export function runningBoostTerms(now: Date): SQL {
  return and(
    eq(payments.purpose, "boost"),
    gt(payments.paysUntil, now),
    inArray(payments.status, PAID),
    isNull(payments.refundDueReason),
    lte(payments.confirmedDate, now),
  )!;
}

/** The boost's last instant per ad, for those of `adIds` boosted and public at `now`. */
export function boostedUntilByAd(adIds: number[], now: Date = new Date()): Map<number, Date> {
  const result = new Map<number, Date>();
  if (adIds.length === 0) return result;
  const rows = db
    .select({ adId: payments.adId, until: payments.paysUntil })
    .from(payments)
    .innerJoin(ads, eq(ads.id, payments.adId))
    .where(and(runningBoostTerms(now), inArray(payments.adId, adIds), publiclyVisible(now)))
    .all();
  for (const row of rows) if (row.until) result.set(row.adId, row.until);
  return result;
}

/** The ad's running boost's end (public or not: for its owner, whose days keep running), else null. */
export function runningBoostOf(adId: number, now: Date = new Date()): Date | null {
  const row = db
    .select({ until: payments.paysUntil })
    .from(payments)
    .where(and(runningBoostTerms(now), eq(payments.adId, adId)))
    .orderBy(desc(payments.paysUntil))
    .get();
  return row?.until ?? null;
}

/**
 * The São Paulo days (YYYY-MM-DD) from `fromKey` through `toKey` each ad was boosted on, from every paid
 * boost (a refunded one is left out: its days were given back), for the owner's statistics. One query
 * for a page of ads.
 */
export function boostedDaysByAd(adIds: number[], fromKey: string, toKey: string): Map<number, Set<string>> {
  const result = new Map<number, Set<string>>();
  if (adIds.length === 0) return result;
  const rows = db
    .select({ adId: payments.adId, from: payments.confirmedDate, until: payments.paysUntil })
    .from(payments)
    .where(and(inArray(payments.adId, adIds), eq(payments.purpose, "boost"), inArray(payments.status, PAID), isNull(payments.refundDueReason)))
    .all();
  for (const row of rows) {
    if (!row.from || !row.until) continue;
    const days = result.get(row.adId) ?? new Set<string>();
    // paysUntil is the first instant after the boost's last São Paulo day.
    const last = expirationKeyFromInstant(row.until);
    for (let key = dateKey(row.from); key <= last && key <= toKey; key = addDaysToKey(key, 1)) {
      if (key >= fromKey) days.add(key);
    }
    result.set(row.adId, days);
  }
  return result;
}

function bumpListingVersion(tx: Writer) {
  tx.run(sql`UPDATE ads_listing_version SET version = version + 1 WHERE id = 1`);
}

/**
 * A boost's money arrived: it starts now when the ad is public, the boost ends no later than the ad,
 * and no other boost of the ad runs (one boost at a time). False: it buys nothing (flagged for refund
 * by the caller), never applied.
 */
export function startPaidBoost(tx: Writer, payment: Payment, now: Date): boolean {
  const ad = tx.select({ status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, payment.adId)).get();
  if (!ad || !payment.paysUntil || !isPubliclyVisible(ad, now)) return false;
  if (payment.paysUntil.getTime() > ad.expirationDate.getTime()) return false;
  const other = tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(runningBoostTerms(now), eq(payments.adId, payment.adId), ne(payments.id, payment.id)))
    .get();
  if (other) return false;
  bumpListingVersion(tx);
  return true;
}

/**
 * An extension's money arrived: the ad's end moves to the one it quoted when the ad is public and still
 * ends where it did when quoted (`extendsFrom`). False: it buys nothing (flagged for refund), never applied.
 */
export function applyPaidExtension(tx: Writer, payment: Payment, now: Date): boolean {
  const ad = tx.select({ status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, payment.adId)).get();
  if (!ad || !payment.paysUntil || !payment.extendsFrom || !isPubliclyVisible(ad, now)) return false;
  if (ad.expirationDate.getTime() !== payment.extendsFrom.getTime()) return false;
  const result = tx
    .update(ads)
    .set({ expirationDate: payment.paysUntil, updatedAt: now })
    .where(and(eq(ads.id, payment.adId), eq(ads.expirationDate, payment.extendsFrom)))
    .run();
  return result.changes > 0;
}

/**
 * The money of a boost or an extension that had been applied went back (refunded, charged back, or
 * the cash receipt undone): a boost stops (its payment is no longer paid; the lists learn it through
 * the version), an extension gives its days back when the ad still ends where it moved it. The ad is
 * never paused for it.
 */
export function undoAddOn(tx: Writer, payment: Payment, now: Date) {
  if (payment.purpose === "boost") {
    bumpListingVersion(tx);
    return;
  }
  if (payment.purpose === "extend" && payment.paysUntil && payment.extendsFrom) {
    tx.update(ads)
      .set({ expirationDate: payment.extendsFrom, updatedAt: now })
      .where(and(eq(ads.id, payment.adId), eq(ads.expirationDate, payment.paysUntil)))
      .run();
  }
}
