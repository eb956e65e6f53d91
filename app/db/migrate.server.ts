import path from "node:path";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { Db } from "./client.server";

/** Applies the committed SQL migrations in drizzle/ (idempotent: applied ones are recorded). */
export function runMigrations(db: Db, migrationsFolder = path.resolve("drizzle")) {
  migrate(db, { migrationsFolder });
}
