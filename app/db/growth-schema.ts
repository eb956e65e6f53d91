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
