import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { Db } from "./client.server";

/** Where Drizzle records what it applied: one row per migration, `created_at` being its journal time. */
const APPLIED_TABLE = "__drizzle_migrations";

/**
 * Applies the committed SQL migrations in drizzle/ (idempotent: applied ones are recorded) and says
 * which ran, by name, or that none had to: the operator reads in the journal what an upgrade did to
 * the data, and so whether switching back to the previous release is safe (ADR 032). Drizzle applies
 * them in one transaction, so a failure applies none (its error goes up). Returns the names applied.
 */
export function runMigrations(db: Db, migrationsFolder = path.resolve("drizzle"), log: (line: string) => void = console.log): string[] {
  const before = new Set(appliedTimes(db));
  const started = performance.now();
  migrate(db, { migrationsFolder });
  const names = journalNames(migrationsFolder);
  const applied = appliedTimes(db).filter((time) => !before.has(time));
  const latest = names.get(Math.max(...appliedTimes(db))) ?? "an unknown migration";
  if (applied.length === 0) {
    log(`[migrate] no migration to run; the database is at ${latest}`);
    return [];
  }
  const appliedNames = applied.sort((a, b) => a - b).map((time) => names.get(time) ?? `the migration of ${time}`);
  for (const name of appliedNames) {
    const breaks = rollbackBreaker(migrationsFolder, name);
    log(`[migrate] applied ${name}${breaks ? ` (breaks rollback: ${breaks}; the previous release cannot run on this database, going back means restoring the backup taken before the upgrade)` : ""}`);
  }
  const ms = (performance.now() - started).toFixed(0);
  log(`[migrate] ${appliedNames.length} migration${appliedNames.length === 1 ? "" : "s"} applied in ${ms} ms; the database is at ${latest}`);
  return appliedNames;
}

/**
 * Migrations are additive, so the previous release runs on the migrated database (ADR 032). One that
 * cannot be (a dropped or renamed column, a rewritten value) says so on a line of its own:
 * `-- breaks-rollback: <why>`; scripts/release.sh reads the same line before switching.
 */
function rollbackBreaker(migrationsFolder: string, name: string): string | null {
  const file = path.join(migrationsFolder, `${name}.sql`);
  if (!fs.existsSync(file)) return null;
  return /^-- breaks-rollback:\s*(.+)$/m.exec(fs.readFileSync(file, "utf8"))?.[1]?.trim() ?? null;
}

/** The journal times of the migrations this database has recorded (none before the first run). */
function appliedTimes(db: Db): number[] {
  const exists = db.get<{ n: number }>(sql`select count(*) as n from sqlite_master where type = 'table' and name = ${APPLIED_TABLE}`);
  if (!exists?.n) return [];
  return db.all<{ created_at: number }>(sql`select created_at from ${sql.identifier(APPLIED_TABLE)}`).map((row) => Number(row.created_at));
}

/** Journal time → file name (`0014_people_per_address`), as drizzle-kit wrote them in meta/_journal.json. */
function journalNames(migrationsFolder: string): Map<number, string> {
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { when: number; tag: string }[] };
  return new Map(journal.entries.map((entry) => [entry.when, entry.tag]));
}
