/**
 * The search alerts (`runAlertsJob`, run hourly by the server's first process and by `npm run
 * jobs:alerts`): each saved search not yet e-mailed this São Paulo day gets one e-mail listing the
 * ads that became public (ads.published_at) since its last e-mail and match it — matched by the public
 * listing's own filter (`publicWhere`), so an alert shows what /categories would. An ad that is not
 * public when the job runs never appears. Cheap at scale: the ads published since the oldest cursor
 * are read once by their index, each distinct search expression is asked of the index once per run,
 * and each search only checks its few candidates (by rowid) against the rest of its filter.
 * Why this shape: docs/decisions/025-favourites-and-search-alerts.md.
 */
import { and, asc, desc, eq, gt, isNull, lte, ne, or, sql } from "drizzle-orm";
import { db, sqlite, writeTransaction } from "~/db/client.server";
import { ads, savedSearches, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { formatBRL } from "~/lib/brl";
import { adPath } from "~/models/ad/ad";
import { todayKey } from "~/lib/dates";
import { placeholderValues, publicWhere, shapeOf, type Shape } from "~/models/listing/listing-sql.server";
import { ensureSearchIndex, searchMatch } from "~/models/listing/search-index.server";
import { describeSavedSearch, readSavedSearch, searchHref, unsubscribeToken } from "~/models/saved-search/saved-searches.server";
import { sendMail } from "~/models/mail/mailer.server";

/** How many ads one e-mail lists (the newest published); the rest are behind its link to the list. */
export const ALERT_MAX_ADS = 10;

const p = sql.placeholder;

type AlertAd = { id: number; title: string; priceCents: number | null; city: string; state: string };

/**
 * The first `limit` public ads of a filter's shape among a list of ids (json), in the list's order:
 * one prepared statement per shape. CROSS JOIN makes SQLite read the ids first and look each ad up by
 * rowid, stopping once `limit` match; left to itself it walks the filter's index (every ad of a city)
 * and checks the list (measured 2–20 ms a search at 100 000 ads, against well under 1 ms).
 */
const statements = new Map<string, { all(values: Record<string, unknown>): AlertAd[] }>();
function matchingStatement(shape: Shape) {
  const key = JSON.stringify(shape);
  let statement = statements.get(key);
  if (!statement) {
    const candidate = db
      .select({ adId: sql<number>`value`.as("ad_id") })
      .from(sql`json_each(${p("ids")})`)
      .as("candidate");
    statement = db
      .select({ id: ads.id, title: ads.title, priceCents: ads.priceCents, city: ads.city, state: ads.state })
      .from(candidate)
      .crossJoin(ads)
      .where(and(eq(ads.id, candidate.adId), publicWhere(shape)))
      .limit(p("limit"))
      .prepare() as unknown as { all(values: Record<string, unknown>): AlertAd[] };
    statements.set(key, statement);
  }
  return statement;
}

let wordsStatement: { all(match: string): number[] } | undefined;

/**
 * The ids among `candidates` that a search's words match (the listing's own FTS5 expression), once per
 * run and expression: many searches share their words, and one FTS5 read of a word's ads costs far
 * less than one per search.
 */
function wordMatches(match: string, candidates: Set<number>, cache: Map<string, Set<number>>): Set<number> {
  let found = cache.get(match);
  if (!found) {
    wordsStatement ??= sqlite.prepare<[string], number>("SELECT rowid FROM ads_search WHERE ads_search MATCH ?").pluck();
    found = new Set(wordsStatement.all(match).filter((id) => candidates.has(id)));
    cache.set(match, found);
  }
  return found;
}

/** The unsubscribe address of a saved search (its e-mails' link and List-Unsubscribe). */
export function unsubscribeUrl(searchId: number) {
  return `${getEnv().publicOrigin}/buscas/cancelar/${unsubscribeToken(searchId)}`;
}

function alertMail(to: { email: string; name: string }, search: { id: number; query: string; description: string }, found: AlertAd[]) {
  const origin = getEnv().publicOrigin;
  const listed = found.slice(0, ALERT_MAX_ADS);
  const lines = listed.map((ad) => `- ${ad.title} — ${formatBRL(ad.priceCents)} — ${ad.city}-${ad.state}\n  ${origin}${adPath(ad)}`);
  const newest = `${origin}${searchHref(search.query)}${search.query ? "&" : "?"}sort=newest`;
  const unsubscribe = unsubscribeUrl(search.id);
  const count = found.length > ALERT_MAX_ADS ? `Mais de ${ALERT_MAX_ADS} anúncios novos` : found.length === 1 ? "1 anúncio novo" : `${found.length} anúncios novos`;
  return {
    to: to.email,
    subject: `${count} para a sua busca: ${search.description}`.slice(0, 150),
    text:
      `Olá, ${to.name}!\n\n${count} para a sua busca "${search.description}":\n\n${lines.join("\n\n")}\n\n` +
      `${found.length > ALERT_MAX_ADS ? "Veja todos na lista" : "Ver a lista"}, os mais novos primeiro:\n${newest}\n\n` +
      `Você recebe este e-mail (no máximo um por dia) porque salvou esta busca em Classificados Patos.\n` +
      `Para não receber mais, cancele o alerta:\n${unsubscribe}\n`,
    // RFC 8058: a mail client may POST `List-Unsubscribe=One-Click` to that address, without a session.
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export type AlertsReport = { due: number; mailed: number; failed: number };

/** One run of the alerts: at most one e-mail per saved search and São Paulo day. Never throws for one search's mail. */
export async function runAlertsJob(now: Date = new Date()): Promise<AlertsReport> {
  const today = todayKey(now);
  const due = db
    .select({ search: savedSearches, email: users.email, fullName: users.fullName, username: users.username })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(or(isNull(savedSearches.lastSentDay), ne(savedSearches.lastSentDay, today)))
    .orderBy(asc(savedSearches.id))
    .all();
  const report: AlertsReport = { due: due.length, mailed: 0, failed: 0 };
  if (due.length === 0) return report;
  const since = Math.min(...due.map((row) => row.search.alertedUntil.getTime()));
  const published = db
    .select({ adId: ads.id, at: ads.publishedAt })
    .from(ads)
    .where(and(gt(ads.publishedAt, new Date(since)), lte(ads.publishedAt, now)))
    // Newest first: each search's e-mail lists its newest matches.
    .orderBy(desc(ads.publishedAt), desc(ads.id))
    .all()
    // Never null here: the where clause compares it.
    .map((row) => ({ adId: row.adId, at: row.at! }));
  if (published.length === 0) return report;
  // The searches' words are matched against the index as of now (written ads are indexed first).
  ensureSearchIndex();

  const candidates = new Set(published.map((row) => row.adId));
  const matchesOfWords = new Map<string, Set<number>>();
  for (const { search, email, fullName, username } of due) {
    const read = readSavedSearch(search.query);
    const match = searchMatch(read.listFilter.search);
    const words = match === null ? null : wordMatches(match, candidates, matchesOfWords);
    const ids = published.filter((row) => row.at > search.alertedUntil && (!words || words.has(row.adId))).map((row) => row.adId);
    let found: AlertAd[] = [];
    if (ids.length > 0) {
      // The words are settled above; the rest of the listing's filter (public, city, category, type, price) here.
      const filter = { ...read.listFilter, search: undefined };
      // One more than an e-mail lists, to know whether there are more.
      found = matchingStatement(shapeOf(filter, null, null)).all({ ...placeholderValues(filter, now, null), ids: JSON.stringify(ids), limit: ALERT_MAX_ADS + 1 });
      if (found.length > 0) {
        try {
          await sendMail(alertMail({ email, name: fullName || username }, { id: search.id, query: search.query, description: describeSavedSearch(read) }, found));
        } catch (error) {
          // Tried again at the next run: the cursor stays where it was.
          report.failed++;
          console.error(`[alerts] e-mail of saved search ${search.id} failed:`, error);
          continue;
        }
        report.mailed++;
      }
    }
    // Nothing published since up to `now` matched, or it was just mailed: the next run looks after `now` only.
    writeTransaction((tx) =>
      tx
        .update(savedSearches)
        .set({ alertedUntil: now, ...(found.length > 0 ? { lastSentDay: today } : {}) })
        .where(eq(savedSearches.id, search.id))
        .run(),
    );
  }
  return report;
}
