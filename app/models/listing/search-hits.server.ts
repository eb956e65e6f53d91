/**
 * The ads a common search matches, kept per connection between requests (docs/decisions/014).
 *
 * Walking the order's index against `id IN (SELECT rowid FROM ads_search WHERE … MATCH …)` makes SQLite
 * build the list of matches again on every request: for a word thousands of ads contain ("vendo",
 * 17 000 of 100 000) that is ~10 ms per page, while the walk itself needs a few dozen lookups. So a
 * search whose page walks an index first copies its matches once into a per-connection TEMP table
 * (`search_hits`, keyed by query and ad) and the page probes it with EXISTS: ~0.02 ms a page after the
 * first. The copies belong to one listing version (a new version drops them all: the index may have
 * changed) and are bounded in rows, least recently used first out. TEMP tables are private to the
 * connection: nothing is shared between workers and nothing touches the database file.
 *
 * The relevance order ("Mais relevantes") ranks a copy once, in `rank`, the first time a search asks
 * for it (`rankedSearchHits`): each public match gets the rank `searchRanker` gives it, and the pages
 * read one rank at a time by views (listing.server.ts), through the (q, rank) index when a rank holds
 * few ads. The ranks live and die with the copy, so they too belong to one listing version: an edit
 * that could change a rank (title, category, characteristics, status) bumps it.
 */
import type Database from "better-sqlite3";
import type { RankedFields } from "~/models/listing/search-index.server";
import { publicStatusOf } from "~/models/ad/visibility.server";

const MAX_ROWS = 400_000;

type Cache = {
  version: number;
  /** match → its id in search_hits, its row count and whether `rank` is filled, in least-recently-used order. */
  entries: Map<string, { id: number; rows: number; ranked: boolean }>;
  rows: number;
  next: number;
  fill: Database.Statement<[number, string]>;
  drop: Database.Statement<[number]>;
  dropAll: Database.Statement<[]>;
  toRank: Database.Statement<[number], RankedFields & { ad: number }>;
  setRank: Database.Statement<[number, number, number]>;
};

const caches = new WeakMap<Database.Database, Cache>();

function cacheFor(connection: Database.Database): Cache {
  let cache = caches.get(connection);
  if (!cache) {
    connection.pragma("temp_store = MEMORY");
    connection.exec(
      `CREATE TEMP TABLE IF NOT EXISTS search_hits (q INTEGER NOT NULL, ad INTEGER NOT NULL, rank INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (q, ad)) WITHOUT ROWID;
       CREATE INDEX IF NOT EXISTS temp.search_hits_rank ON search_hits (q, rank);`,
    );
    cache = {
      version: -1,
      entries: new Map(),
      rows: 0,
      next: 0,
      fill: connection.prepare("INSERT OR IGNORE INTO temp.search_hits (q, ad) SELECT ?, rowid FROM ads_search WHERE ads_search MATCH ?"),
      drop: connection.prepare("DELETE FROM temp.search_hits WHERE q = ?"),
      dropAll: connection.prepare("DELETE FROM temp.search_hits"),
      // Only ads in the public status can be listed (ad/visibility.server.ts).
      toRank: connection.prepare(
        `WITH family AS (SELECT category_id, group_concat(name, ' ') AS names FROM subcategories GROUP BY category_id)
         SELECT h.ad, a.title, c.name AS category, s.name AS subcategory, f.names AS family, a.characteristics
         FROM temp.search_hits h
         JOIN ads a ON a.id = h.ad AND ${publicStatusOf("a")}
         LEFT JOIN categories c ON c.id = a.category_id
         LEFT JOIN subcategories s ON s.id = a.subcategory_id
         LEFT JOIN family f ON f.category_id = a.category_id
         WHERE h.q = ?`,
      ),
      setRank: connection.prepare("UPDATE temp.search_hits SET rank = ? WHERE q = ? AND ad = ?"),
    };
    caches.set(connection, cache);
  }
  return cache;
}

/** The id under which `match`'s matches are in temp.search_hits on this connection (copied now if needed). */
export function searchHits(connection: Database.Database, match: string, version: number): number {
  return hitsEntry(connection, match, version).id;
}

/**
 * The same copy with each public match's rank filled in by `rankOf` (worked out once per copy): the id
 * under which temp.search_hits holds `match`'s matches and their `rank`.
 */
export function rankedSearchHits(connection: Database.Database, match: string, version: number, rankOf: (ad: RankedFields) => number): number {
  const entry = hitsEntry(connection, match, version);
  if (!entry.ranked) {
    const cache = cacheFor(connection);
    // Copies start at rank 0 (the description's): only better ranks are written, in one transaction
    // that writes the TEMP table alone, never the database file.
    connection.transaction(() => {
      for (const row of cache.toRank.all(entry.id)) {
        const rank = rankOf(row);
        if (rank > 0) cache.setRank.run(rank, entry.id, row.ad);
      }
    })();
    entry.ranked = true;
  }
  return entry.id;
}

function hitsEntry(connection: Database.Database, match: string, version: number) {
  const cache = cacheFor(connection);
  if (cache.version !== version) {
    if (cache.entries.size) cache.dropAll.run();
    cache.entries.clear();
    cache.rows = 0;
    cache.version = version;
  }
  const found = cache.entries.get(match);
  if (found) {
    cache.entries.delete(match);
    cache.entries.set(match, found);
    return found;
  }
  const id = ++cache.next;
  const rows = cache.fill.run(id, match).changes;
  const entry = { id, rows, ranked: false };
  cache.entries.set(match, entry);
  cache.rows += rows;
  for (const [oldest, old] of cache.entries) {
    if (cache.rows <= MAX_ROWS || old.id === id) break;
    cache.drop.run(old.id);
    cache.entries.delete(oldest);
    cache.rows -= old.rows;
  }
  return entry;
}
