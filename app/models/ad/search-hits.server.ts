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
 */
import type Database from "better-sqlite3";

const MAX_ROWS = 400_000;

type Cache = {
  version: number;
  /** match → its id in search_hits and its row count, in least-recently-used order. */
  entries: Map<string, { id: number; rows: number }>;
  rows: number;
  next: number;
  fill: Database.Statement<[number, string]>;
  drop: Database.Statement<[number]>;
  dropAll: Database.Statement<[]>;
};

const caches = new WeakMap<Database.Database, Cache>();

function cacheFor(connection: Database.Database): Cache {
  let cache = caches.get(connection);
  if (!cache) {
    connection.pragma("temp_store = MEMORY");
    connection.exec("CREATE TEMP TABLE IF NOT EXISTS search_hits (q INTEGER NOT NULL, ad INTEGER NOT NULL, PRIMARY KEY (q, ad)) WITHOUT ROWID");
    cache = {
      version: -1,
      entries: new Map(),
      rows: 0,
      next: 0,
      fill: connection.prepare("INSERT OR IGNORE INTO temp.search_hits (q, ad) SELECT ?, rowid FROM ads_search WHERE ads_search MATCH ?"),
      drop: connection.prepare("DELETE FROM temp.search_hits WHERE q = ?"),
      dropAll: connection.prepare("DELETE FROM temp.search_hits"),
    };
    caches.set(connection, cache);
  }
  return cache;
}

/** The id under which `match`'s matches are in temp.search_hits on this connection (copied now if needed). */
export function searchHits(connection: Database.Database, match: string, version: number): number {
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
    return found.id;
  }
  const id = ++cache.next;
  const rows = cache.fill.run(id, match).changes;
  cache.entries.set(match, { id, rows });
  cache.rows += rows;
  for (const [oldest, entry] of cache.entries) {
    if (cache.rows <= MAX_ROWS || entry.id === id) break;
    cache.drop.run(entry.id);
    cache.entries.delete(oldest);
    cache.rows -= entry.rows;
  }
  return id;
}
