/**
 * What a lost disk loses with DB_REPLICA_URL (issue #33, item 2; ADR 035). A data folder with the demo
 * data and BENCH_ADS (10 000) more ads; the built server (`npm run build` first) started on it with a
 * file:// replica; a steady load for BENCH_SECONDS of sign-ups (POST /api/register, each answered 201
 * is an acknowledged write) from BENCH_CLIENTS clients, and of photos (one client signing up, then
 * POST /api/ad-draft/photos five times per account: each 201 names a stored photo); then SIGKILL to
 * the whole server (its process group: first process, workers, Litestream), the data folder deleted,
 * `npm run db:restore -- --from-replica` into it, timed. Prints how many acknowledged sign-ups the
 * restore lacks and how long before the kill the oldest of them was acknowledged (the target: none
 * older than 2 s), and the same for the photos' files (shipped every 15 s: none older than that).
 *
 *   npx tsx bench/replica-loss.ts
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import sharp from "sharp";
import { freePort } from "../tests/support/free-port";
import { waitForHealth } from "./wait-for-health";

const ADS = Number(process.env.BENCH_ADS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 6);

const root = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-bench-replica-"));
const dataDir = path.join(root, "data");
const replicaUrl = `file://${path.join(root, "replica")}`;
fs.mkdirSync(dataDir);
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-0";

const { db, sqlite } = await import("~/db/client.server");
const { runMigrations } = await import("~/db/migrate.server");
const { seed } = await import("~/db/seed.server");
const { syncSearchIndex } = await import("~/models/listing/search-index.server");
const { fillAds } = await import("./fill-ads");

runMigrations(db, path.resolve(import.meta.dirname, "../drizzle"));
await seed(db, { adminEmail: "admin@bench.local", adminPassword: "Admin@12345", demo: true });
fillAds(sqlite, ADS);
syncSearchIndex();
sqlite.pragma("wal_checkpoint(TRUNCATE)");
sqlite.close();

const port = await freePort();
const env = {
  PATH: process.env.PATH ?? "",
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  PORT: String(port),
  HOST: "127.0.0.1",
  SEED_DEMO: "false",
  WEB_CONCURRENCY: "2",
  BACKUP_INTERVAL_MINUTES: "0",
  REGISTER_THROTTLE_MAX: "1000000",
  ACCESS_LOG: "false",
  DB_REPLICA_URL: replicaUrl,
};
const server = spawn(process.execPath, ["server/entry.mjs"], { env: env as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
let output = "";
server.stdout.on("data", (chunk) => (output += chunk));
server.stderr.on("data", (chunk) => (output += chunk));
const base = `http://127.0.0.1:${port}`;
await waitForHealth(base, { output: () => output });
console.log(`server up on ${base} with ${ADS.toLocaleString("en")} ads + the demo data, replicating to ${replicaUrl}`);

/** email → when its 201 arrived. */
const acknowledged = new Map<string, number>();
let sent = 0;
let failed = 0;
const until = Date.now() + SECONDS * 1000;
let stopped = false;
const client = async (n: number) => {
  for (let i = 0; !stopped && Date.now() < until; i++) {
    const email = `c${n}-${i}-${Date.now()}@bench.local`;
    sent++;
    try {
      const response = await fetch(`${base}/api/register`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: `Cliente ${n} ${i}`, email, username: `c${n}x${i}x${Date.now() % 1e7}`, password: "Senha-de-bench-123" }),
      });
      if (response.status === 201) acknowledged.set(email, Date.now());
      else failed++;
      await response.arrayBuffer();
    } catch {
      failed++;
    }
  }
};
/** publicId → when its 201 arrived. */
const photos = new Map<string, number>();
let photoFailures = 0;
const photoClient = async () => {
  for (let n = 0; !stopped && Date.now() < until; n++) {
    const email = `p${n}-${Date.now()}@bench.local`;
    const password = "Senha-de-bench-123";
    const json = { "Content-Type": "application/json" };
    await fetch(`${base}/api/register`, { method: "POST", headers: json, body: JSON.stringify({ name: `Fotos ${n}`, email, username: `p${n}x${Date.now() % 1e7}`, password }) });
    const login = await fetch(`${base}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ email, password }) });
    const { token } = (await login.json()) as { token?: string };
    if (!token) {
      photoFailures++;
      continue;
    }
    for (let i = 0; i < 5 && Date.now() < until; i++) {
      const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: (n * 37) % 255, g: (i * 51) % 255, b: 120 } } }).jpeg().toBuffer();
      const form = new FormData();
      form.append("image", new Blob([new Uint8Array(image)], { type: "image/jpeg" }), "foto.jpg");
      const response = await fetch(`${base}/api/ad-draft/photos`, { method: "POST", headers: { Authorization: `Bearer ${token}` }, body: form });
      if (response.status !== 201) {
        photoFailures++;
        await response.arrayBuffer();
        continue;
      }
      const body = (await response.json()) as { photos: Array<{ publicId: string }> };
      const at = Date.now();
      for (const photo of body.photos) if (!photos.has(photo.publicId)) photos.set(photo.publicId, at);
    }
  }
};
await Promise.all([...Array.from({ length: CLIENTS }, (_, n) => client(n)), photoClient()]);

// The disk dies with the server: every process of it at once, then the folder.
const killedAt = Date.now();
process.kill(-server.pid!, "SIGKILL");
stopped = true;
await new Promise((resolve) => setTimeout(resolve, 300));
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir);

const started = performance.now();
const restore = spawnSync(process.execPath, ["scripts/db-restore.mjs", "--from-replica"], {
  env: { PATH: env.PATH, DATA_DIR: dataDir, DB_REPLICA_URL: replicaUrl } as unknown as NodeJS.ProcessEnv,
  encoding: "utf8",
});
const restoreSeconds = (performance.now() - started) / 1000;
if (restore.status !== 0) throw new Error(`restore failed:\n${restore.stdout}\n${restore.stderr}`);
console.log(restore.stdout.trim());

const restored = new Database(path.join(dataDir, "app.db"), { readonly: true });
const present = new Set(restored.prepare("SELECT email FROM users WHERE email LIKE 'c%@bench.local'").pluck().all() as string[]);
const ads = restored.prepare("SELECT count(*) FROM ads").pluck().get() as number;
restored.close();
const lost = [...acknowledged].filter(([email]) => !present.has(email)).map(([, at]) => killedAt - at);
const oldest = lost.length ? Math.max(...lost) : 0;
console.log(
  `sign-ups sent ${sent}, acknowledged ${acknowledged.size}, failed ${failed}; ` +
    `acknowledged but lost ${lost.length} (the oldest acknowledged ${oldest} ms before the kill; target: none older than 2000 ms); ` +
    `lost more than 2 s before the kill: ${lost.filter((age) => age > 2000).length}`,
);
const lostPhotos = [...photos].filter(([publicId]) => !fs.existsSync(path.join(dataDir, "uploads", "originals", publicId))).map(([, at]) => killedAt - at);
console.log(
  `photos acknowledged ${photos.size} (failed ${photoFailures}); their files lost ${lostPhotos.length}` +
    (lostPhotos.length ? ` (the oldest acknowledged ${Math.max(...lostPhotos)} ms before the kill; shipped every 15 s)` : ""),
);
console.log(`restore of the demo data + ${ADS.toLocaleString("en")} ads (${ads.toLocaleString("en")} ads restored) in ${restoreSeconds.toFixed(1)} s (target: under 60 s)`);
fs.rmSync(root, { recursive: true, force: true });
