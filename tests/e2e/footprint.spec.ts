/**
 * The server's first process stays small (issue #24, ADR 005): it never loads the app — the app's
 * native modules (better-sqlite3, sharp, argon2) are in the web workers' memory maps, never in its
 * own — its jobs run in children that exit, and a migration that fails stops start-up before any
 * web worker exists. Linux only (/proc), like the server's supported hosts.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { removeDataDir, startAppServer } from "../support/app-server";
import { freePort } from "../support/free-port";

const APP_NATIVE_MODULES = /better_sqlite3\.node|sharp-[\w-]+\.node|argon2\.node/;

const mapsOf = (pid: number) => fs.readFileSync(`/proc/${pid}/maps`, "utf8");
const rssMbOf = (pid: number) => Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const childrenOf = (pid: number) =>
  fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
const isAlive = (pid: number) => fs.existsSync(`/proc/${pid}`);

test("the first process never loads the app, and a job runs in a child that exits", async () => {
  // No backup yet: the first one is due at once.
  const server = await startAppServer({ WEB_CONCURRENCY: "1", BACKUP_INTERVAL_MINUTES: "60" });
  try {
    await expect.poll(() => server.output(), { timeout: 30_000 }).toMatch(/\[jobs\] backup: done in [\d.]+s \(child \d+ exited 0\)/);
    const jobChild = Number(/\[jobs\] backup: done in [\d.]+s \(child (\d+) exited 0\)/.exec(server.output())![1]);
    expect(isAlive(jobChild)).toBe(false);
    expect(fs.readdirSync(path.join(server.dataDir, "backups")).filter((name) => /^\d{4}-/.test(name))).toHaveLength(1);

    const first = Number(fs.readFileSync(path.join(server.dataDir, "server.pid"), "utf8"));
    // The start-up jobs done (the photo hashes' child too), only the web worker is left.
    await expect.poll(() => childrenOf(first).length, { timeout: 30_000 }).toBe(1);
    const [worker] = childrenOf(first);
    expect(mapsOf(worker!)).toMatch(APP_NATIVE_MODULES);
    expect(mapsOf(first)).not.toMatch(APP_NATIVE_MODULES);
    expect(rssMbOf(first)).toBeLessThan(100);
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  } finally {
    await server.stop();
  }
});

test("a migration that fails stops start-up with a clear message, before any web worker", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-badmigration-"));
  // A careless operator's leftover: a table the first migration creates, without the migrations' record.
  const database = new Database(path.join(dataDir, "app.db"));
  database.exec("CREATE TABLE users (id integer primary key)");
  database.close();
  try {
    const result = spawnSync(process.execPath, ["server/entry.mjs"], {
      env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: String(await freePort()), SEED_DEMO: "false", SESSION_SECRET: "own-server-secret-own-server-secret-0123" },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("table `users` already exists");
    expect(result.stderr).toContain("Start-up stopped: the setup step (settings, migrations, seed) failed");
    expect(result.stdout).not.toContain("Classificados Patos on");
    expect(fs.existsSync(path.join(dataDir, "server.pid"))).toBe(false);
  } finally {
    removeDataDir(dataDir);
  }
});
