// @ts-check
/**
 * Backups, in one place for everything that takes one or reads them: the server's hourly backup job
 * (server/jobs.ts, run in a child of the first process), `npm run db:backup`, and the restores
 * (scripts/restore.mjs: `npm run db:restore`, `npm run db:drill`; docs/decisions/008-server-hardening.md).
 * Plain JavaScript so the npm scripts run with `node` alone; the server's jobs import it and the build
 * bundles it.
 *
 * A backup is a folder DATA_DIR/backups/<UTC time>/ holding
 *   - the database, copied with SQLite's online backup API (consistent, safe while the server writes),
 *   - with the file-system storage, a snapshot of DATA_DIR/uploads without the variant cache (sharp
 *     remakes variants on demand): hard links, which cost no space because originals are written once
 *     under random names and never changed; a copy only where a link is impossible (another disk),
 *     and then linked from the previous snapshot when that one has the file already,
 *   - with BACKUP_S3_BUCKET, the same backup (database, and images with the file-system storage)
 *     also in that bucket under backups/<UTC time>/, with the same retention (scripts/backup-s3.mjs);
 *   - without it but with STORAGE_DRIVER=s3, a copy of the database in the images' bucket under
 *     backups/<UTC time>/ (expire old copies with a lifecycle rule on that prefix).
 * The 24 newest backups are kept, plus the newest of each of the last 7 days. A failed upload is
 * logged and reported; the local backup stands. Every run and upload, the schedule's or the
 * operator's, is recorded for /metrics (scripts/backup-tally.mjs).
 *
 * A restore keeps the database it replaces in DATA_DIR/before-restore/<UTC time>/, outside the
 * backups' folder, so `ls backups | tail -1` is always the newest backup; those copies are pruned
 * with the same retention as the backups, counted apart.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { pruneBucket, putFile, uploadBackup } from "./backup-s3.mjs";
import { recordBackupEvent } from "./backup-tally.mjs";

export const RETENTION = { hourly: 24, daily: 7 };

/** Folder names are UTC times, so their order is their age: 2025-01-31T14-00-00Z. */
const STAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})Z$/;
/** The variant cache under uploads/ (app/services/images.server.ts): derived, so never backed up. */
const SKIPPED_UPLOADS = new Set(["variants"]);
/** Database pages copied per step of the online backup: big steps finish before a write restarts them. */
const PAGES_PER_STEP = 2000;

/**
 * @typedef {{ endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string }} S3Settings
 * @typedef {{ endpoint: string; region: string; accessKeyId: string; secretAccessKey: string }} S3Keys
 * @typedef {{ dataDir: string; databasePath: string; storageDriver: "fs" | "s3"; s3?: S3Settings; ownBucket?: boolean; s3Keys?: S3Keys }} BackupSettings
 *   s3: where backups are copied; ownBucket: it is BACKUP_S3_BUCKET (the whole backup goes, with
 *   retention), not the images' bucket (the database only); s3Keys: the S3_* endpoint and keys, for a
 *   restore from an s3:// address.
 * @typedef {(line: string) => void} Log
 */

/**
 * The settings from environment variables, with app/env.server.ts's defaults — for the npm scripts,
 * which run without the app's build (the server passes its parsed settings instead).
 * @param {Record<string, string | undefined>} env
 * @returns {BackupSettings}
 */
export function settingsFromEnv(env) {
  const dataDir = path.resolve(env.DATA_DIR || "./data");
  const databasePath = env.DATABASE_URL?.startsWith("file:") ? path.resolve(env.DATABASE_URL.slice("file:".length)) : path.join(dataDir, "app.db");
  const storageDriver = env.STORAGE_DRIVER === "s3" ? "s3" : "fs";
  const s3Keys =
    env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { endpoint: env.S3_ENDPOINT, region: env.S3_REGION || "auto", accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : undefined;
  return { dataDir, databasePath, storageDriver, s3Keys, ...backupBucket(storageDriver, s3Keys, env.BACKUP_S3_BUCKET, env.S3_BUCKET) };
}

/**
 * Where backups are copied: BACKUP_S3_BUCKET (a bucket of their own), else with STORAGE_DRIVER=s3 the
 * images' bucket, else nowhere. Shared by the npm scripts and the server (server/jobs.ts).
 * @param {"fs" | "s3"} storageDriver @param {S3Keys | undefined} keys
 * @param {string | undefined} backupBucket @param {string | undefined} imagesBucket
 * @returns {{ s3?: S3Settings; ownBucket?: boolean }}
 */
export function backupBucket(storageDriver, keys, backupBucket, imagesBucket) {
  if (!keys) return {};
  if (backupBucket) return { s3: { ...keys, bucket: backupBucket }, ownBucket: true };
  if (storageDriver === "s3" && imagesBucket) return { s3: { ...keys, bucket: imagesBucket }, ownBucket: false };
  return {};
}

/** @param {string} dataDir */
export const backupsDir = (dataDir) => path.join(dataDir, "backups");

/** Where a restore keeps the database it replaced, one <UTC time> folder per restore. @param {string} dataDir */
export const beforeRestoreDir = (dataDir) => path.join(dataDir, "before-restore");

/** @param {Date} date */
export function stampOf(date) {
  return date.toISOString().replace(/\.\d{3}Z$/, "Z").replace(/:/g, "-");
}

/** @param {string} name @returns {Date | null} */
function dateOfStamp(name) {
  const match = STAMP.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}Z`) : null;
}

/**
 * Which backups retention removes: all but the `hourly` newest and the newest of each of the
 * `daily` most recent days (UTC days, as in the names). Names that are not backups are left alone.
 * @param {string[]} names
 * @param {{ hourly: number; daily: number }} [retention]
 */
export function backupsToPrune(names, retention = RETENTION) {
  const stamps = names.filter((name) => STAMP.test(name)).sort().reverse();
  const keep = new Set(stamps.slice(0, retention.hourly));
  const days = new Set();
  for (const stamp of stamps) {
    const day = stamp.slice(0, 10);
    if (days.has(day)) continue;
    if (days.size === retention.daily) break;
    days.add(day);
    keep.add(stamp);
  }
  return stamps.filter((stamp) => !keep.has(stamp));
}

/** The name of the newest backup in DATA_DIR/backups (a <UTC time>, never anything else there), or null. @param {string} dataDir */
export function newestBackup(dataDir) {
  const names = fs.existsSync(backupsDir(dataDir)) ? fs.readdirSync(backupsDir(dataDir)) : [];
  return names.filter((name) => STAMP.test(name)).sort().pop() ?? null;
}

/** The time of the newest backup in DATA_DIR/backups, or null. @param {string} dataDir */
export function latestBackupTime(dataDir) {
  const newest = newestBackup(dataDir);
  return newest ? dateOfStamp(newest) : null;
}

/**
 * Applies the backups' retention to the databases restores replaced (DATA_DIR/before-restore/<time>),
 * counted apart from the backups. Versions before it kept them as backups/before-restore-<time>: those
 * are moved in first. Returns the names removed.
 * @param {string} dataDir @param {{ hourly: number; daily: number }} [retention]
 */
export function pruneBeforeRestore(dataDir, retention = RETENTION) {
  const root = beforeRestoreDir(dataDir);
  const legacy = fs.existsSync(backupsDir(dataDir)) ? fs.readdirSync(backupsDir(dataDir)).filter((name) => name.startsWith("before-restore-")) : [];
  for (const name of legacy) {
    fs.mkdirSync(root, { recursive: true });
    fs.renameSync(path.join(backupsDir(dataDir), name), path.join(root, name.slice("before-restore-".length)));
  }
  if (!fs.existsSync(root)) return [];
  const removed = backupsToPrune(fs.readdirSync(root), retention);
  for (const name of removed) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  return removed;
}

/**
 * A consistent copy of a live SQLite database, written beside `target` and renamed into place, so a
 * file named `target` is always complete. Returns its size in bytes.
 * @param {string} databasePath @param {string} target
 */
export async function backupDatabase(databasePath, target) {
  if (!fs.existsSync(databasePath)) throw new Error(`no database at ${databasePath}`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });
  const source = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    await source.backup(partial, { progress: () => PAGES_PER_STEP });
  } finally {
    source.close();
  }
  const problem = sealDatabase(partial, "quick_check");
  if (problem) throw new Error(`the copy of ${databasePath} failed its check: ${problem}`);
  fs.renameSync(partial, target);
  return fs.statSync(target).size;
}

/**
 * Makes a copy self-contained and checks it: switches it from WAL to a rollback journal (folding in a
 * -wal beside it, and leaving no -wal/-shm behind) and runs PRAGMA integrity_check (or the faster
 * quick_check). Null when it is a sound database of this app (it has the migrations table), otherwise
 * what is wrong. Only for copies: it writes to the file.
 * @param {string} file @param {"integrity_check" | "quick_check"} [pragma]
 */
export function sealDatabase(file, pragma = "integrity_check") {
  if (!fs.existsSync(file)) return `${file} does not exist`;
  let db;
  try {
    db = new Database(file, { fileMustExist: true });
    const rows = /** @type {Array<Record<string, string>>} */ (db.pragma(pragma));
    const verdict = rows.map((row) => Object.values(row)[0]).join("; ");
    if (verdict !== "ok") return `${pragma}: ${verdict}`;
    const migrations = db.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
    if (!migrations) return "it is an SQLite database, but not this app's (no __drizzle_migrations table)";
    db.pragma("journal_mode = DELETE");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}

/**
 * Mirrors `from` into `to` file by file (skipping SKIPPED_UPLOADS at the top): a hard link where
 * possible, else a link to the same file in `previous` (the last snapshot), else a copy.
 * @param {string} from @param {string} to @param {string | null} previous
 */
function snapshotFolder(from, to, previous, top = true) {
  const counts = { files: 0, copied: 0 };
  if (!fs.existsSync(from)) return counts;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (top && SKIPPED_UPLOADS.has(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    const before = previous ? path.join(previous, entry.name) : null;
    if (entry.isDirectory()) {
      const inner = snapshotFolder(source, target, before, false);
      counts.files += inner.files;
      counts.copied += inner.copied;
    } else if (entry.isFile()) {
      counts.files++;
      if (tryLink(source, target) || (before && fs.existsSync(before) && tryLink(before, target))) continue;
      fs.copyFileSync(source, target);
      counts.copied++;
    }
  }
  return counts;
}

/** @param {string} existing @param {string} link */
export function tryLink(existing, link) {
  try {
    fs.linkSync(existing, link);
    return true;
  } catch {
    return false;
  }
}

/** @param {number} bytes */
const megabytes = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * One backup run: database, image snapshot, bucket copy, retention. Logs one line saying what it did;
 * `upload` says how the bucket copy went (null: no bucket), for the server's metrics.
 * @param {BackupSettings} settings
 * @param {{ now?: Date; log?: Log; retention?: { hourly: number; daily: number } }} [options]
 */
export async function runBackup(settings, { now = new Date(), log = console.log, retention = RETENTION } = {}) {
  const started = Date.now();
  const root = backupsDir(settings.dataDir);
  const stamp = stampOf(now);
  const folder = path.join(root, stamp);
  // Built under a dot-name and renamed at the end: a folder with a time for a name is complete.
  const partial = path.join(root, `.partial-${stamp}`);
  const done = [];
  let previous = null;
  try {
    if (fs.existsSync(folder)) throw new Error(`a backup named ${stamp} exists already`);
    fs.rmSync(partial, { recursive: true, force: true });
    fs.mkdirSync(partial, { recursive: true });
    const databaseFile = path.join(partial, path.basename(settings.databasePath));
    done.push(`database ${megabytes(await backupDatabase(settings.databasePath, databaseFile))}`);
    if (settings.storageDriver === "fs") {
      const last = fs.readdirSync(root).filter((name) => STAMP.test(name)).sort().pop();
      previous = last ? path.join(root, last, "uploads") : null;
      const { files, copied } = snapshotFolder(path.join(settings.dataDir, "uploads"), path.join(partial, "uploads"), previous);
      done.push(`images ${files} files (${files - copied} hard-linked, ${copied} copied)`);
    }
    fs.renameSync(partial, folder);
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    recordBackupEvent(settings.dataDir, "run", "failed", now);
    throw error;
  }
  /** @type {"ok" | "failed" | null} */
  let upload = null;
  if (settings.s3) {
    const databaseName = path.basename(settings.databasePath);
    try {
      // Our own bucket takes the whole backup; the images' bucket only the database (the images are there).
      const copied = settings.ownBucket
        ? await uploadBackup(settings.s3, folder, stamp)
        : await putFile(settings.s3, `backups/${stamp}/${databaseName}`, path.join(folder, databaseName));
      done.push(`copied to ${copied}`);
      upload = "ok";
    } catch (error) {
      // The local backup stands; the log says the bucket copy is missing.
      done.push(`NOT copied to the bucket (${messageOf(error)})`);
      upload = "failed";
    }
  }
  const removed = backupsToPrune(fs.readdirSync(root), retention);
  for (const name of removed) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  if (removed.length) done.push(`removed ${removed.length} old (${removed.join(", ")})`);
  const replaced = pruneBeforeRestore(settings.dataDir, retention);
  if (replaced.length) done.push(`removed ${replaced.length} old before-restore (${replaced.join(", ")})`);
  if (settings.s3 && settings.ownBucket && upload === "ok") {
    try {
      const gone = await pruneBucket(settings.s3, (names) => backupsToPrune(names, retention));
      if (gone.length) done.push(`removed ${gone.length} old from the bucket (${gone.join(", ")})`);
    } catch (error) {
      done.push(`bucket retention NOT applied (${messageOf(error)})`);
      upload = "failed";
    }
  }
  recordBackupEvent(settings.dataDir, "run", "ok", now);
  if (upload) recordBackupEvent(settings.dataDir, "upload", upload, now);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  log(`[backup] ${folder}: ${done.join("; ")} in ${seconds}s`);
  return { folder, removed, upload };
}

/** @param {unknown} error */
export const messageOf = (error) => (error instanceof Error ? error.message : String(error));
