// @ts-check
// `npm run db:drill -- [<backup>]`: the restore drill, a rehearsal that cannot touch the live site. It
// restores <backup> — a folder of DATA_DIR/backups (default: the newest), a database file,
// s3://<bucket>/backups/<UTC time>, or `--from-replica [--at <ISO time>]` (DB_REPLICA_URL, through
// scripts/replica-restore.mjs) — into a private temporary folder inside DATA_DIR (0700, files 0600:
// same disk, so photos are hard links, and never a tmpfs in memory), starts the app there on a loopback
// port with no seed, no job, no mail and no backup of its own, checks the copy (PRAGMA integrity_check
// at the restore, every photo read back through the app), prints what it holds (users, ads, photos,
// the newest payment), stops the app and removes the folder. Exit 0 only when all of it went well.
//
// The app gets an allow-list of settings, never the operator's whole environment: no SMTP_URL (its
// e-mails would go to the folder's outbox), no gateway keys, no BACKUP_S3_BUCKET or replica, nothing
// that reaches the live site's services — only the images' bucket with STORAGE_DRIVER=s3, to read the
// photos. See docs/operations.md, "The restore drill", and ADR 033.
/* global fetch -- Node's own (20+) */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { readRunningServer } from "../server/running-server.mjs";
import { backupsDir, messageOf, newestBackup, settingsFromEnv } from "./backup.mjs";
import { restoreBackup, restoreFromBucket, RestoreError } from "./restore.mjs";

if (fs.existsSync(".env")) process.loadEnvFile(".env");
// Everything the drill and its app write is the user's alone (the app inherits the umask).
process.umask(0o077);

const APP_ENTRY = path.resolve(import.meta.dirname, "../server/entry.mjs");
const APP_BUILD = path.resolve(import.meta.dirname, "../build/server/index.js");
/** Migrations of a large copy run before the app answers; a few minutes at a million ads. */
const START_TIMEOUT_MS = 5 * 60_000;
/** Photos read back through the app at once. */
const PARALLEL_READS = 8;

const started = Date.now();
const say = (/** @type {string} */ line) => console.log(`[drill] ${line}`);
const live = settingsFromEnv(process.env);
const args = process.argv.slice(2);
const fromReplica = args.includes("--from-replica");
const source = fromReplica ? "the replica (DB_REPLICA_URL)" : (args[0] ?? newestBackupFolder());

fs.mkdirSync(live.dataDir, { recursive: true });
const folder = fs.mkdtempSync(path.join(live.dataDir, "drill-"));
fs.chmodSync(folder, 0o700);
/** @type {import("node:child_process").ChildProcess | null} */
let app = null;
let appOutput = "";
/** @type {string[]} */
const failures = [];

// Ctrl+C or a kill: the app and the folder go all the same.
for (const signal of /** @type {const} */ (["SIGINT", "SIGTERM"])) {
  process.on(signal, () => {
    say(`${signal} received: stopping`);
    void finish().then(() => process.exit(130));
  });
}

try {
  say(`restoring ${source} into ${folder} (mode ${modeOf(folder)})`);
  /** @type {import("./backup.mjs").BackupSettings} */
  const drill = { dataDir: folder, databasePath: path.join(folder, "app.db"), storageDriver: live.storageDriver, s3Keys: live.s3Keys };
  const log = (/** @type {string} */ line) => console.log(line);
  if (fromReplica) await restoreReplica(drill, log);
  else if (source.startsWith("s3://")) await restoreFromBucket(drill, source, { log });
  else restoreBackup(drill, source, { log });
  say("PRAGMA integrity_check: ok");

  if (!fs.existsSync(APP_BUILD)) throw new RestoreError(`no build of the app at ${APP_BUILD}: run npm run build first`);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const appStarted = Date.now();
  app = startApp(folder, port);
  await waitUntilServing(folder, url);
  say(`the app started on ${url} in ${seconds(Date.now() - appStarted)} (no seed, no jobs, no mail, no backups of its own)`);

  const counts = countRows(drill.databasePath);
  const photos = await readPhotos(url, counts.photoIds);
  say(`users ${counts.users}, ads ${counts.ads} (${counts.adsByStatus}), photos ${photos.readable} of ${counts.photoIds.length} readable`);
  say(`newest payment: ${counts.newestPayment}`);
  if (photos.unreadable.length) {
    failures.push(`${photos.unreadable.length} photo(s) the database names could not be read (${photos.unreadable.slice(0, 5).join(", ")}${photos.unreadable.length > 5 ? ", …" : ""})`);
  }

  // While the app runs, with its own files (database log, access log, session secret) written.
  const open = filesNotPrivate(folder);
  say(`${open.checked} files in ${folder}: ${open.list.length ? `${open.list.length} open to group or others` : "all private (folders 0700, files 0600)"}`);
  if (open.list.length) failures.push(`files open to group or others: ${open.list.slice(0, 5).join(", ")}`);
} catch (error) {
  failures.push(error instanceof RestoreError ? error.message : messageOf(error));
  if (appOutput) console.error(`The app's output:\n${appOutput.trimEnd()}`);
} finally {
  await finish();
}
if (failures.length) {
  for (const failure of failures) console.error(`Drill failed: ${failure}`);
  process.exit(1);
}
say(`done in ${seconds(Date.now() - started)}: the backup restores and serves`);

/** The newest folder of DATA_DIR/backups (never a restore's before-restore copy), or the usage. */
function newestBackupFolder() {
  const newest = newestBackup(live.dataDir);
  if (!newest) {
    console.error(
      `Usage: npm run db:drill -- [<backup folder, database file, s3://<bucket>/backups/<UTC time>, or --from-replica [--at <ISO time>]>]\n` +
        `There is no backup in ${backupsDir(live.dataDir)} to default to.`,
    );
    process.exit(2);
  }
  return path.join(backupsDir(live.dataDir), newest);
}

/**
 * The replica's restore (scripts/replica-restore.mjs, loaded only for it) into the drill's folder,
 * which is empty: its database, then the photos and files the replica keeps.
 * @param {import("./backup.mjs").BackupSettings} drill @param {(line: string) => void} log
 */
async function restoreReplica(drill, log) {
  const replica = await import("./replica-restore.mjs");
  const { at } = replica.parseReplicaArgs(args);
  const settings = { ...replica.replicaSettingsFromEnv(process.env), dataDir: drill.dataDir, databasePath: drill.databasePath };
  await replica.restoreFromReplica(settings, { at, photosOnDisk: live.storageDriver === "fs", log });
}

/** Stops the app (its whole process group) and removes the folder; safe to call twice. */
async function finish() {
  if (app && app.exitCode === null && app.signalCode === null) {
    const exited = new Promise((resolve) => app?.once("exit", resolve));
    killGroup(app, "SIGTERM");
    const timer = setTimeout(() => app && killGroup(app, "SIGKILL"), 30_000);
    await exited;
    clearTimeout(timer);
  }
  app = null;
  if (fs.existsSync(folder)) {
    fs.rmSync(folder, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    say(`removed ${folder}`);
  }
}

/** @param {import("node:child_process").ChildProcess} child @param {NodeJS.Signals} signal */
function killGroup(child, signal) {
  try {
    process.kill(-(/** @type {number} */ (child.pid)), signal);
  } catch {
    // The group is gone already.
  }
}

/**
 * The app over the restored copy: the allow-list of settings above, one worker, in its own process
 * group so that stopping it stops its worker too.
 * @param {string} dataDir @param {number} port
 */
function startApp(dataDir, port) {
  /** @type {Record<string, string | undefined>} */
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: String(port),
    // Not https: not a deployment, so the copy's administrator and keys are not asked for.
    APP_URL: `http://127.0.0.1:${port}`,
    WEB_CONCURRENCY: "1",
    RESTORE_DRILL: "true",
    SEED_DEMO: "false",
    BACKUP_INTERVAL_MINUTES: "0",
    SESSION_SECRET: randomBytes(32).toString("hex"),
  };
  if (live.storageDriver === "s3") {
    for (const key of ["STORAGE_DRIVER", "S3_ENDPOINT", "S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"]) env[key] = process.env[key];
  }
  const child = spawn(process.execPath, [APP_ENTRY], {
    env: /** @type {NodeJS.ProcessEnv} */ (Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined))),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (chunk) => (appOutput += chunk));
  child.stderr?.on("data", (chunk) => (appOutput += chunk));
  return child;
}

/** Until the app names itself in the folder (server/running-server.mjs) and /healthz answers 200. @param {string} dataDir @param {string} url */
async function waitUntilServing(dataDir, url) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (!app || app.exitCode !== null || app.signalCode !== null) throw new Error("the app stopped before it served (its output is below)");
    if (readRunningServer(dataDir)) {
      const healthy = await fetch(`${url}/healthz`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
    }
    if (Date.now() > deadline) throw new Error(`the app did not answer ${url}/healthz within ${START_TIMEOUT_MS / 60_000} minutes (its output is below)`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** What the copy holds, read beside the running app (WAL: readers never block it). @param {string} file */
function countRows(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const one = (/** @type {string} */ sql) => /** @type {Record<string, number>} */ (db.prepare(sql).get());
    const byStatus = /** @type {{ status: string; n: number }[]} */ (db.prepare("select status, count(*) as n from ads group by status order by n desc, status").all());
    const payment = /** @type {{ id: number; status: string; amount_cents: number; payment_method: string; created_at: number } | undefined} */ (
      db.prepare("select id, status, amount_cents, payment_method, created_at from payments order by created_at desc, id desc limit 1").get()
    );
    const confirmed = one("select max(confirmed_date) as at from payments").at;
    return {
      users: one("select count(*) as n from users").n,
      ads: one("select count(*) as n from ads").n,
      adsByStatus: byStatus.map((row) => `${row.status} ${row.n}`).join(", ") || "none",
      photoIds: /** @type {{ public_id: string }[]} */ (db.prepare("select public_id from ad_images order by id").all()).map((row) => row.public_id),
      newestPayment: payment
        ? `#${payment.id}, ${payment.status}, ${(payment.amount_cents / 100).toFixed(2)} BRL by ${payment.payment_method}, made ${new Date(payment.created_at).toISOString()}` +
          (confirmed ? `; newest confirmation ${new Date(confirmed).toISOString()}` : "; none confirmed")
        : "none",
    };
  } finally {
    db.close();
  }
}

/** Every photo's original read back through the app's own image route and storage. @param {string} url @param {string[]} ids */
async function readPhotos(url, ids) {
  /** @type {string[]} */
  const unreadable = [];
  let next = 0;
  const reader = async () => {
    while (next < ids.length) {
      const id = /** @type {string} */ (ids[next++]);
      const response = await fetch(`${url}/images/${encodeURIComponent(id)}`).catch(() => null);
      const bytes = response?.ok ? (await response.arrayBuffer()).byteLength : 0;
      if (bytes === 0) unreadable.push(id);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_READS, ids.length) }, reader));
  return { readable: ids.length - unreadable.length, unreadable };
}

/** Files and folders under `root` that anyone but the owner may read (checked while the app runs). @param {string} root */
function filesNotPrivate(root) {
  /** @type {string[]} */
  const list = [];
  let checked = 0;
  const walk = (/** @type {string} */ dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      // A file the app removes while this walks (its database's -shm at a checkpoint) is not a finding.
      const stat = fs.lstatSync(full, { throwIfNoEntry: false });
      if (!stat) continue;
      checked++;
      if ((stat.mode & 0o077) !== 0) list.push(`${path.relative(root, full)} (${modeOf(full)})`);
      if (stat.isDirectory()) walk(full);
    }
  };
  walk(root);
  return { checked, list };
}

/** @param {string} file */
function modeOf(file) {
  return `0${(fs.statSync(file).mode & 0o777).toString(8)}`;
}

/** @param {number} ms */
function seconds(ms) {
  return `${(ms / 1000).toFixed(1)} s`;
}
