/**
 * The one definition of a publicly visible ad, for queries: stored status "active" AND not past its
 * `expirationDate` (spec 02 §4: expiry wins over the stored status; an ad held by visitors' reports is
 * "pending"). In memory the same rule is `isPubliclyVisible` (ad.ts, browser-safe).
 *
 * The public listing's SQL (listing-sql.server.ts) writes the same two terms through its index-choice
 * wrappers; its tests hold it to this rule.
 */
import { and, eq, gt, type SQL } from "drizzle-orm";
import { ads } from "~/db/schema";

/** `ads` rows the public may see at `now`. */
export function publiclyVisible(now: Date): SQL {
  return and(eq(ads.status, "active"), gt(ads.expirationDate, now))!;
}

/**
 * The same condition for hand-prepared statements on `ads` (their hot paths skip the query builder):
 * bind the time as epoch milliseconds, the way the `expiration_date` column stores it.
 */
export const PUBLICLY_VISIBLE_WHERE = "status = 'active' AND expiration_date > ?";
