/**
 * The tables of what brings buyers back (issue #23: favourites, saves, saved searches), split from
 * the base tables by job and re-exported by schema.ts: import them from "~/db/schema" like every other
 * table. Their foreign keys point at base-schema.ts's tables, which know nothing of these.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { ads, users } from "./base-schema";

/**
 * A signed-in user's favourites ('Favoritos', models/favourite): one row per user and ad, at most
 * MAX_FAVOURITES. A visitor without an account keeps them in a signed cookie instead, merged in here
 * at sign-in (docs/decisions/025-favourites-and-search-alerts.md).
 */
export const favourites = sqliteTable(
  "favourites",
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("favourites_user_ad_idx").on(t.userId, t.adId)],
);

/**
 * Every save of an ad, once per saver (the person of models/ad/people.server.ts: "u:{userId}", "v:{visitor
 * id}" or "a:{day}:{keyed address}", as reports count them): what the owner's "salvo por N pessoas" and
 * the saves per day count. Kept when the favourite is removed, so adding and removing again adds nothing.
 */
export const adSaves = sqliteTable(
  "ad_saves",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    saver: text({ length: 80 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("ad_saves_ad_saver_idx").on(t.adId, t.saver), index("ad_saves_ad_created_idx").on(t.adId, t.createdAt)],
);

/**
 * 'Salvar busca': a signed-in user's /categories filters (the canonical query string, city resolved),
 * e-mailed at most once a São Paulo day with the ads published after `alertedUntil` (models/saved-search).
 */
export const savedSearches = sqliteTable(
  "saved_searches",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The /categories query (e.g. "search=mesa&category=3&cityId=1"), without order or page. */
    query: text({ length: 500 }).notNull(),
    /** Ads published after this instant go in the next e-mail: the search's creation, then each e-mail's run. */
    alertedUntil: integer({ mode: "timestamp_ms" }).notNull(),
    /** São Paulo day (YYYY-MM-DD) of the last e-mail: at most one a day. */
    lastSentDay: text({ length: 10 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("saved_searches_user_query_idx").on(t.userId, t.query)],
);

export type SavedSearch = typeof savedSearches.$inferSelect;

/**
 * Every change of a live ad's price by its owner: the last 7 days of these give the lowest price the
 * ad had (models/ad/price-drop.server.ts), so a raise then a cut is not a drop from the raised price.
 * Rows older than the window are swept by the daily job.
 */
export const adPriceChanges = sqliteTable(
  "ad_price_changes",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    /** The price before the change (null: "A combinar"). */
    oldPriceCents: integer(),
    changedAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("ad_price_changes_ad_idx").on(t.adId, t.changedAt)],
);

/**
 * The price-drop e-mails sent (models/favourite/price-drop-mail.server.ts): one row per ad, saver and
 * São Paulo day, written before the e-mail goes (so two runs never both send it) and removed when the
 * sending fails (so the next run tries again). `sentAt` says which drop the saver has heard of.
 */
export const priceDropMails = sqliteTable(
  "price_drop_mails",
  {
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** São Paulo day (YYYY-MM-DD): at most one e-mail per ad, saver and day. */
    day: text({ length: 10 }).notNull(),
    sentAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [uniqueIndex("price_drop_mails_ad_user_day_idx").on(t.adId, t.userId, t.day)],
);
