/**
 * Public visibility, the one definition (spec 02 §4): the public may see an ad whose stored status is
 * "active" AND whose `expirationDate` has not passed (expiry wins over the stored status; an ad held by
 * visitors' reports is "pending"; one its owner marked 'Vendido' is "sold", so it leaves every list,
 * the search, the sitemap and the alerts by this rule alone). Every form of the rule is built here, from these two terms, and
 * nowhere else:
 * - in memory: `isPubliclyVisible` (the ad page, reports, favourites);
 * - in Drizzle queries: `publiclyVisible(now)` (dashboards, statistics, fraud signals' peers);
 * - in hand-prepared statements: `PUBLICLY_VISIBLE_WHERE` (the sitemap, view counts);
 * - in the public listing's SQL, whose columns it wraps to steer the planner: `publiclyVisibleTerms`
 *   (listing/listing-sql.server.ts);
 * - in the search hits' ranking, the status alone: `publicStatusOf` (listing/search-hits.server.ts).
 */
import { and, eq, gt, sql, type SQL } from "drizzle-orm";
import { ads } from "~/db/schema";
import type { AdStatus } from "~/models/ad/ad";

/** The stored status of an ad the public may see (while it has not expired). */
const PUBLIC_STATUS = "active" satisfies AdStatus;

/** Whether the public may see the ad at `now`. */
export function isPubliclyVisible(ad: { status: AdStatus; expirationDate: Date }, now: Date = new Date()): boolean {
  return ad.status === PUBLIC_STATUS && ad.expirationDate.getTime() > now.getTime();
}

/** `ads` rows the public may see at `now`. */
export function publiclyVisible(now: Date): SQL {
  return and(eq(ads.status, PUBLIC_STATUS), gt(ads.expirationDate, now))!;
}

/**
 * The same condition for hand-prepared statements on `ads` (their hot paths skip the query builder):
 * bind the time as epoch milliseconds, the way the `expiration_date` column stores it.
 */
export const PUBLICLY_VISIBLE_WHERE = `status = '${PUBLIC_STATUS}' AND expiration_date > ?`;

/**
 * The same two terms for the public listing's prepared queries: `status` is the column as the query
 * writes it (`+status` keeps the planner off its indexes), `now` the time's placeholder.
 */
export function publiclyVisibleTerms(status: SQL, now: SQL | ReturnType<typeof sql.placeholder>): [SQL, SQL] {
  return [sql`${status} = ${sql.raw(`'${PUBLIC_STATUS}'`)}`, sql`${ads.expirationDate} > ${now}`];
}

/**
 * The status term alone on `alias`'s ads: the search hits rank every match in that status, and the
 * listing's own query leaves out those expired (an ad entering that status bumps the listing's version,
 * and its copy of the hits with it).
 */
export const publicStatusOf = (alias: string) => `${alias}.status = '${PUBLIC_STATUS}'`;
