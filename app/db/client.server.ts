import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { getEnv } from "~/env.server";
import * as schema from "./schema";

export function openSqlite(file: string, { replicated = false } = {}) {
  const sqlite = new Database(file);
  // WAL lets readers go on while one writer writes; the busy timeout queues writers instead of failing.
  sqlite.pragma("journal_mode = WAL");
  // With a replica, Litestream checkpoints (ADR 035): one of ours could move the WAL on before it has
  // shipped it, and a new generation (a whole snapshot) would follow. Without one, SQLite's own.
  if (replicated) sqlite.pragma("wal_autocheckpoint = 0");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  return sqlite;
}

export function createDb(sqlite: Database.Database) {
  return drizzle({ client: sqlite, schema, casing: "snake_case" });
}

export type Db = ReturnType<typeof createDb>;

/** The process's one connection; better-sqlite3 is synchronous, so one is all a Node process needs. */
export const sqlite = openSqlite(getEnv().DATABASE_PATH, { replicated: Boolean(getEnv().DB_REPLICA_URL) });
export const db = createDb(sqlite);

/** An open transaction, as writeTransaction hands it to its work: the app's one name for it. */
export type WriteTransaction = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The database or an open transaction: a step that may run alone or inside a caller's transaction. */
export type Writer = Db | WriteTransaction;

/**
 * Every write transaction of the app. BEGIN IMMEDIATE takes the write lock before the first read: a
 * deferred transaction that reads and then writes fails at once with SQLITE_BUSY_SNAPSHOT when another
 * worker (or the jobs script) committed in between, whatever the busy timeout. Immediate ones wait
 * for that lock instead, up to the busy timeout.
 */
export function writeTransaction<T>(work: (tx: WriteTransaction) => T): T {
  return db.transaction(work, { behavior: "immediate" });
}
