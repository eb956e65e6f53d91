/**
 * 'Salvar busca': a signed-in user keeps the filters of /categories (at most MAX_SAVED_SEARCHES, each
 * once) and is e-mailed the new ads that match (alerts.server.ts). A search is stored as its address's
 * query in short form, its city resolved (no city means the default one when saved, every city when
 * "todas"), so it keeps meaning what the page showed. Ownership is in every `where`.
 *
 * Each search's e-mails carry an unsubscribe link with a token only the server can make (an HMAC of
 * the search's id with SESSION_SECRET): whoever holds the e-mail may stop it without signing in, and
 * nobody can stop another's.
 */
import { and, asc, count, eq } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { savedSearches, type SavedSearch } from "~/db/schema";
import { getEnv } from "~/env.server";
import { defaultPublicSort } from "~/models/ad/ad";
import { activeChips, filtersHref, type Applied } from "~/models/listing/listing-links";
import { readListAddress } from "~/models/listing/listing-page.server";
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES, type SavedSearchItem } from "~/models/saved-search/saved-search";
import { idOfSignedToken, signedIdToken } from "~/services/signed-id.server";

const UNSUBSCRIBE_PURPOSE = "saved-search-unsubscribe";

/** The /categories query of these filters in short form, without order and page: what a saved search stores. */
export function savedSearchQuery(applied: Applied): string {
  return filtersHref({ ...applied, sort: defaultPublicSort(applied.search), page: 1 }).replace(/^\/categories\??/, "");
}

/** What a saved search selects, read as /categories reads its address. */
export const readSavedSearch = (query: string) => readListAddress(new URL(searchHref(query), "http://localhost"));

/** A saved search in words: the page's filter chips ('"mesa" · Casa e Móveis · Patos de Minas · R$ 100,00 a R$ 500,00'). */
export function describeSavedSearch(read: ReturnType<typeof readListAddress>): string {
  const { applied, categories, subcategories, cities } = read;
  const labels = activeChips(applied, categories, subcategories, cities).map((chip) => chip.label);
  if (applied.allCities) labels.push("Todas as cidades");
  return labels.join(" · ");
}

/** `query`: the search in short form, where the user is sent back to, saved or not. */
export type SaveSearchOutcome = { ok: true; message: string; query: string } | { ok: false; status: 409; message: string; query: string };

/**
 * Saves the filters of a /categories address (its query string, as the page's form or the 'Salvar
 * busca' button sends it) for `userId`. The same search twice is kept once.
 */
export function saveSearch(userId: number, params: URLSearchParams, now: Date = new Date()): SaveSearchOutcome {
  const query = savedSearchQuery(readSavedSearch(params.toString()).applied);
  return writeTransaction((tx) => {
    const same = tx.select({ id: savedSearches.id }).from(savedSearches).where(and(eq(savedSearches.userId, userId), eq(savedSearches.query, query))).get();
    if (same) return { ok: true, message: SAVED_SEARCH_MESSAGES.alreadySaved, query };
    const kept = tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId)).get()?.n ?? 0;
    if (kept >= MAX_SAVED_SEARCHES) return { ok: false, status: 409, message: SAVED_SEARCH_MESSAGES.full, query };
    // Ads published from now on are its news: the first e-mail does not list what the page already showed.
    tx.insert(savedSearches).values({ userId, query, alertedUntil: now, createdAt: now }).run();
    return { ok: true, message: SAVED_SEARCH_MESSAGES.saved, query };
  });
}

/** The user's saved searches, oldest first, in words, each with the address that runs it. */
export function listSavedSearches(userId: number): SavedSearchItem[] {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt), asc(savedSearches.id))
    .all()
    .map((row) => ({ id: row.id, description: describeSavedSearch(readSavedSearch(row.query)), href: searchHref(row.query), createdAt: row.createdAt.toISOString() }));
}

/** The address of a saved search's list. */
export const searchHref = (query: string) => `/categories${query ? `?${query}` : ""}`;

/** Removes one of the user's saved searches; false when the user has none by that id (someone else's included). */
export function removeSavedSearch(userId: number, id: number): boolean {
  return writeTransaction((tx) => tx.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId))).run().changes > 0);
}

/** The token of a saved search's unsubscribe link: its id and its signature. */
export const unsubscribeToken = (id: number): string => signedIdToken(getEnv().SESSION_SECRET, UNSUBSCRIBE_PURPOSE, id);

/** The id of the saved search a token names, or null when the server did not make the token. */
export const searchIdOfToken = (token: string): number | null => idOfSignedToken(getEnv().SESSION_SECRET, UNSUBSCRIBE_PURPOSE, token);

/** The saved search of a genuine token, or null when it is gone (already unsubscribed, or the account deleted). */
export function savedSearchById(id: number): SavedSearch | null {
  return db.select().from(savedSearches).where(eq(savedSearches.id, id)).get() ?? null;
}

/**
 * One-click unsubscribe (RFC 8058) and the confirmation page's button: removes the search a genuine
 * token names. False for a token the server did not make; true again for one already used.
 */
export function unsubscribeByToken(token: string): boolean {
  const id = searchIdOfToken(token);
  if (id === null) return false;
  writeTransaction((tx) => tx.delete(savedSearches).where(eq(savedSearches.id, id)).run());
  return true;
}
