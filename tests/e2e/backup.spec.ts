/**
 * Backups through the real server and the npm scripts (scripts/backup.mjs behind both): the server
 * takes one by itself (database and images, without the variant cache), and a backup restored with
 * `npm run db:restore` brings its data back after a restart — and nothing written after it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { removeDataDir, startAppServer, type AppServer } from "../support/app-server";
import { rawRequest } from "../support/http";

const PASSWORD = "Senha@123";
const BACKUP_NAME = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z$/;

function tempDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "classificados-backup-"));
}

const backupsIn = (dataDir: string) =>
  fs.existsSync(path.join(dataDir, "backups")) ? fs.readdirSync(path.join(dataDir, "backups")).filter((name) => BACKUP_NAME.test(name)) : [];

/** `npm run <script> -- args` as the operator runs it (node alone, settings from the environment). */
function npmScript(file: string, dataDir: string, args: string[] = []) {
  return spawnSync(process.execPath, [file, ...args], { env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: dataDir }, encoding: "utf8", timeout: 30_000 });
}

async function register(server: AppServer, email: string) {
  const response = await rawRequest(`${server.url}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Pessoa de Teste", email, password: PASSWORD }),
  });
  expect(response.status, response.text).toBe(201);
}

async function loginStatus(server: AppServer, email: string) {
  const response = await rawRequest(`${server.url}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  return response.status;
}

test("the server backs itself up at start-up when no backup is due yet: database and images, not the variant cache", async () => {
  const dataDir = tempDataDir();
  // Images as the file-system storage keeps them: originals, and variants made from them.
  fs.mkdirSync(path.join(dataDir, "uploads", "originals"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", "originals", "foto1"), "original bytes");
  fs.mkdirSync(path.join(dataDir, "uploads", "variants", "foto1"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", "variants", "foto1", "320x0.webp"), "variant bytes");
  const server = await startAppServer({ WEB_CONCURRENCY: "2" }, { dataDir });
  try {
    await expect.poll(() => server.output(), { timeout: 20_000 }).toMatch(/\[backup\] .*backups\/\S+: database [\d.]+ MB; images 1 files/);
    const [name] = backupsIn(dataDir);
    expect(name).toBeDefined();
    const folder = path.join(dataDir, "backups", name!);
    // A self-contained SQLite file with the app's tables (the admin of the first start in it).
    expect(fs.readdirSync(folder).sort()).toEqual(["app.db", "uploads"]);
    const db = new Database(path.join(folder, "app.db"), { readonly: true });
    expect(db.prepare("select count(*) as n from users").get()).toEqual({ n: 1 });
    db.close();
    // The original is hard-linked (no extra space); the variant cache is left out.
    const original = path.join(dataDir, "uploads", "originals", "foto1");
    expect(fs.statSync(path.join(folder, "uploads", "originals", "foto1")).ino).toBe(fs.statSync(original).ino);
    expect(fs.existsSync(path.join(folder, "uploads", "variants"))).toBe(false);
    // Once, from the primary, however many workers there are.
    expect(server.output().match(/\[backup\]/g)).toHaveLength(1);
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
});

test("npm run db:backup, more sign-ups, npm run db:restore, restart: the backed-up data is back", async () => {
  const dataDir = tempDataDir();
  let server = await startAppServer({ WEB_CONCURRENCY: "1", BACKUP_INTERVAL_MINUTES: "0" }, { dataDir });
  try {
    expect(server.output()).toContain("[backup] automatic backups are off");
    const before = `antes.${Date.now()}@exemplo.com.br`;
    const after = `depois.${Date.now()}@exemplo.com.br`;
    await register(server, before);

    const backup = npmScript("scripts/db-backup.mjs", dataDir);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/\[backup\] .*: database [\d.]+ MB/);
    const [name] = backupsIn(dataDir);
    const folder = path.join(dataDir, "backups", name!);

    await register(server, after);
    expect(await loginStatus(server, after)).toBe(200);

    // Not under a running server.
    const refused = npmScript("scripts/db-restore.mjs", dataDir, [folder]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("the server is running");

    server.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    // A file that is not a sound database of this app is refused, and nothing changes.
    const junk = path.join(dataDir, "junk.db");
    fs.writeFileSync(junk, "not a database at all");
    const bad = npmScript("scripts/db-restore.mjs", dataDir, [junk]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("is not a usable backup");

    const restored = npmScript("scripts/db-restore.mjs", dataDir, [folder]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain("[restore]");
    expect(fs.existsSync(path.join(dataDir, "app.db-wal"))).toBe(false);

    server = await startAppServer({ WEB_CONCURRENCY: "1", BACKUP_INTERVAL_MINUTES: "0" }, { dataDir });
    expect(await loginStatus(server, before)).toBe(200);
    expect(await loginStatus(server, after)).toBe(401);
  } finally {
    await server.stop();
    removeDataDir(dataDir);
  }
});
