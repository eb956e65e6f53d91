/**
 * 'Favoritos': the rules, once, for the cookie of a visitor without an account and for the account.
 * - Only a public ad can be added (an unknown or ended one is a 400, nothing stored); removing always works.
 * - At most MAX_FAVOURITES; adding one more is refused with a message (a 409), never a silent drop.
 * - Every first save of an ad by a saver is a row of `ad_saves` (kept when the favourite is removed):
 *   the owner's "salvo por N pessoas" and the saves per day count those, so toggling adds nothing. The
 *   saver is the person of models/ad/people.server.ts, so cookies made up or collected from one
 *   address add at most a bounded number of savers.
 * - At sign-in the cookie's favourites join the account's (`mergeFavourites`), up to the limit.
 * Why a cookie and not a table of anonymous visitors: docs/decisions/025-favourites-and-search-alerts.md.
 */
import { and, desc, eq, gte, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { db, writeTransaction } from "~/db/client.server";
import { adSaves, ads, categories, favourites } from "~/db/schema";
import { dateKey, startOfDayInstant } from "~/lib/dates";
import { countingKey, type Person } from "~/models/ad/people.server";
import { toCards } from "~/models/ad/card.server";
import { cardPageColumns } from "~/models/listing/listing-sql.server";
import { isPubliclyVisible } from "~/models/ad/visibility.server";
import { parseId } from "~/lib/parse-id";
import { FAVOURITE_INTENTS, FAVOURITE_MESSAGES, MAX_FAVOURITES, type FavouriteCard, type FavouriteIntent } from "~/models/favourite/favourite";

/** POST /favoritos: which ad, and whether to add or remove it (`redirectTo` is the page's, read apart). */
export const favouriteFormSchema = z.object({
  adId: z.preprocess(parseId, z.number({ message: FAVOURITE_MESSAGES.invalid })),
  intent: z.enum(FAVOURITE_INTENTS, { message: FAVOURITE_MESSAGES.invalid }),
});

/** Whose favourites: an account's, or the ids a visitor's signed cookie holds (oldest first). */
export type FavouriteHolder = { userId: number } | { cookieIds: number[] };

export type FavouriteChange =
  | { ok: true; favourite: boolean; /** The cookie's new list (cookie holders only). */ cookieIds?: number[] }
  | { ok: false; status: 400 | 409; message: string };

function favouriteIdsStatement() {
  return db
    .select({ adId: favourites.adId })
    .from(favourites)
    .where(eq(favourites.userId, sql.placeholder("userId")))
    .orderBy(desc(favourites.createdAt), desc(favourites.adId))
    .prepare();
}
/** Prepared once: every list page a signed-in person opens asks, for its hearts (issue #35, item 3). */
let favouriteIds: ReturnType<typeof favouriteIdsStatement> | undefined;

/** The holder's favourite ad ids, newest first. */
export function favouriteIdsOf(holder: FavouriteHolder): number[] {
  if ("cookieIds" in holder) return [...holder.cookieIds].reverse();
  favouriteIds ??= favouriteIdsStatement();
  return favouriteIds.all({ userId: holder.userId }).map((row) => row.adId);
}

/**
 * Adds or removes one favourite. `saver` is the person who saves, for the count; the count's row is
 * written once per saver and ad, ever.
 */
export function changeFavourite(
  { holder, adId, intent, saver }: { holder: FavouriteHolder; adId: number; intent: FavouriteIntent; saver: Person },
  now: Date = new Date(),
): FavouriteChange {
  return writeTransaction((tx) => {
    const current = "cookieIds" in holder ? holder.cookieIds : favouriteIdsOf(holder);
    const has = current.includes(adId);
    if (intent === "remove") {
      if ("userId" in holder) tx.delete(favourites).where(and(eq(favourites.userId, holder.userId), eq(favourites.adId, adId))).run();
      return { ok: true, favourite: false, ...("cookieIds" in holder ? { cookieIds: current.filter((id) => id !== adId) } : {}) };
    }
    const ad = tx.select({ status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, adId)).get();
    if (!ad || !isPubliclyVisible(ad, now)) return { ok: false, status: 400, message: FAVOURITE_MESSAGES.unavailable };
    if (!has && current.length >= MAX_FAVOURITES) return { ok: false, status: 409, message: FAVOURITE_MESSAGES.full };
    if ("userId" in holder) tx.insert(favourites).values({ userId: holder.userId, adId, createdAt: now }).onConflictDoNothing().run();
    const saved = (key: string) => tx.select({ id: adSaves.id }).from(adSaves).where(and(eq(adSaves.adId, adId), eq(adSaves.saver, key))).get() !== undefined;
    tx.insert(adSaves).values({ adId, saver: countingKey(saver, "save", adId, now, saved), createdAt: now }).onConflictDoNothing().run();
    return { ok: true, favourite: true, ...("cookieIds" in holder ? { cookieIds: has ? current : [...current, adId] } : {}) };
  });
}

/**
 * The cookie's favourites join the account's at sign-in (then the cookie is cleared): the ads that
 * still exist, most recently saved first, until the account holds MAX_FAVOURITES. Their saves were
 * counted when the visitor made them, so none is counted again.
 */
export function mergeFavourites(userId: number, cookieIds: number[], now: Date = new Date()) {
  if (cookieIds.length === 0) return;
  writeTransaction((tx) => {
    const existing = new Set(tx.select({ id: ads.id }).from(ads).where(inArray(ads.id, cookieIds)).all().map((row) => row.id));
    const owned = new Set(tx.select({ adId: favourites.adId }).from(favourites).where(eq(favourites.userId, userId)).all().map((row) => row.adId));
    const room = MAX_FAVOURITES - owned.size;
    const added = [...cookieIds]
      .reverse()
      .filter((id) => existing.has(id) && !owned.has(id))
      .slice(0, Math.max(0, room));
    // Oldest first, one millisecond apart, so the account lists them in the order they were saved.
    added.reverse().forEach((adId, index) => {
      tx.insert(favourites).values({ userId, adId, createdAt: new Date(now.getTime() - added.length + index) }).onConflictDoNothing().run();
    });
  });
}

/**
 * The cards of /favoritos in the order given: every ad that still exists, public or not — an ended one
 * (paused, expired, held, rejected, sold) comes back `available: false` (and `sold: true` when sold),
 * and the page greys it and hides its contact. `missing`: how many no longer exist at all.
 */
export function favouriteCards(adIds: number[], now: Date = new Date()): { cards: FavouriteCard[]; missing: number } {
  if (adIds.length === 0) return { cards: [], missing: 0 };
  const rows = db
    .select({ ...cardPageColumns, status: ads.status, expirationDate: ads.expirationDate })
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .where(inArray(ads.id, adIds))
    .all();
  const byId = new Map(rows.map((row) => [row.id, row]));
  // In the order they were saved; an ad deleted since has no row.
  const found = adIds.flatMap((id) => byId.get(id) ?? []);
  const cards: FavouriteCard[] = toCards(found).map((card, n) => {
    const available = isPubliclyVisible(found[n]!, now);
    // An ended ad offers no contact.
    return { ...card, whatsapp: available ? card.whatsapp : null, available, sold: found[n]!.status === "sold" };
  });
  return { cards, missing: adIds.length - cards.length };
}

/** How many people saved each ad (distinct savers, ever), for the owner's dashboard. */
export function savesByAd(adIds: number[]): Map<number, number> {
  if (adIds.length === 0) return new Map();
  const rows = db
    .select({ adId: adSaves.adId, saves: sql<number>`count(*)` })
    .from(adSaves)
    .where(inArray(adSaves.adId, adIds))
    .groupBy(adSaves.adId)
    .all();
  return new Map(rows.map((row) => [row.adId, Number(row.saves)]));
}

/**
 * Saves made since São Paulo day `fromDay`: ad id → São Paulo day (YYYY-MM-DD) → how many (the
 * owner's 30-day numbers, models/ad/daily-stats.server.ts). Each saver counts once (ad_saves).
 */
export function savesPerAdAndDay(adIds: number[], fromDay: string): Map<number, Map<string, number>> {
  const counts = new Map<number, Map<string, number>>();
  if (adIds.length === 0) return counts;
  const rows = db
    .select({ adId: adSaves.adId, createdAt: adSaves.createdAt })
    .from(adSaves)
    .where(and(inArray(adSaves.adId, adIds), gte(adSaves.createdAt, startOfDayInstant(fromDay))))
    .all();
  for (const row of rows) {
    const days = counts.get(row.adId) ?? new Map<string, number>();
    const day = dateKey(row.createdAt);
    days.set(day, (days.get(day) ?? 0) + 1);
    counts.set(row.adId, days);
  }
  return counts;
}
