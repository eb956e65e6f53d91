/**
 * Once per `vitest run`: build a template data folder (migrated and seeded, demo ads included) in a
 * temporary directory. Every test file then works on its own copy (setup-data-dir.ts).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { clearAppEnv } from "./app-env";

declare module "vitest" {
  export interface ProvidedContext {
    templateDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  // The template is built from the test settings alone, never from the developer's DATABASE_URL, SEED_DEMO…
  clearAppEnv();
  const templateDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-template-"));
  process.env.DATA_DIR = templateDataDir;
  process.env.NODE_ENV = "test";
  process.env.SESSION_SECRET = "test-secret-test-secret-test-secret-0123";
  const { db, sqlite } = await import("~/db/client.server");
  const { runMigrations } = await import("~/db/migrate.server");
  const { seed } = await import("~/db/seed.server");
  // Quiet: the template's migrations are every migration, every run (migrate-log.test.ts checks the lines).
  runMigrations(db, undefined, () => {});
  await seed(db, { adminEmail: "admin@teste.local", adminPassword: "Admin@12345", demo: true });
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  project.provide("templateDataDir", templateDataDir);
  return () => fs.rmSync(templateDataDir, { recursive: true, force: true });
}
