/**
 * The migrate step says what it did to the data (issue 33, item 4; ADR 032): each migration applied, by
 * name, or "no migration to run", and a migration marked `-- breaks-rollback:` is called out, since
 * the previous release cannot run after it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { createDb, openSqlite } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";

type Journal = { entries: { idx: number; version: string; when: number; tag: string; breakpoints: boolean }[] };

let dir: string;
let folder: string;
let journal: Journal;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-migrate-log-"));
  folder = path.join(dir, "drizzle");
  fs.cpSync(path.resolve("drizzle"), folder, { recursive: true });
  journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as Journal;
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function writeJournal(entries: Journal["entries"]) {
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
}

function migrateLogged(database: ReturnType<typeof createDb>) {
  const lines: string[] = [];
  const applied = runMigrations(database, folder, (line) => lines.push(line));
  return { applied, lines };
}

it("names each migration it applies, then says there is none to run", () => {
  const sqlite = openSqlite(path.join(dir, "app.db"));
  const database = createDb(sqlite);
  const tags = journal.entries.map((entry) => entry.tag);
  const last = tags.at(-1)!;

  // The database of an older release: all but the last two migrations.
  writeJournal(journal.entries.slice(0, -2));
  expect(migrateLogged(database).applied).toEqual(tags.slice(0, -2));

  // The upgrade: exactly the two new ones, by name, in order, and where the database now is.
  writeJournal(journal.entries);
  const upgrade = migrateLogged(database);
  expect(upgrade.applied).toEqual(tags.slice(-2));
  expect(upgrade.lines.slice(0, 2)).toEqual(tags.slice(-2).map((tag) => `[migrate] applied ${tag}`));
  expect(upgrade.lines[2]).toMatch(new RegExp(`^\\[migrate\\] 2 migrations applied in \\d+ ms; the database is at ${last}$`));

  // A restart with nothing new.
  expect(migrateLogged(database)).toEqual({ applied: [], lines: [`[migrate] no migration to run; the database is at ${last}`] });
  sqlite.close();
});

it("calls out a migration that breaks the rollback, with its reason", () => {
  const sqlite = openSqlite(path.join(dir, "app.db"));
  const database = createDb(sqlite);
  migrateLogged(database);
  const previous = journal.entries.at(-1)!;
  const tag = "9999_drop_a_column";
  fs.writeFileSync(
    path.join(folder, `${tag}.sql`),
    "-- breaks-rollback: ads.legacy_note is dropped; the previous release still selects it\nCREATE TABLE `rollback_probe` (`id` integer PRIMARY KEY);\n",
  );
  writeJournal([...journal.entries, { ...previous, idx: previous.idx + 1, when: previous.when + 1, tag }]);

  const { applied, lines } = migrateLogged(database);
  expect(applied).toEqual([tag]);
  expect(lines[0]).toBe(
    `[migrate] applied ${tag} (breaks rollback: ads.legacy_note is dropped; the previous release still selects it; the previous release cannot run on this database, going back means restoring the backup taken before the upgrade)`,
  );
  sqlite.close();
});
