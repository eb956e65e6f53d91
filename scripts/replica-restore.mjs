// @ts-check
/**
 * `npm run db:restore -- --from-replica [--at <ISO time>] [--force]` (ADR 035): the database from
 * DB_REPLICA_URL as of its last shipped transaction, or as of that moment, and the files the site needs
 * (photos on disk, the generated secrets, the access log), into DATA_DIR — empty, unless --force (the
 * database found there is kept aside). Reads the same variables as the server: DB_REPLICA_URL,
 * S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, DATA_DIR, DATABASE_URL.
 *
 * Says what it restored: the time of the last transaction the replica holds (up to --at), users, ads,
 * photos, and any photo an ad names that the replica did not have.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { parseReplicaUrl } from "../app/services/replica-url.mjs";
import { litestreamBinary, litestreamEnv, writeLitestreamConfig } from "../server/replicator.mjs";
import { restoreFiles } from "../server/replica-files.mjs";
import { runningServerPid } from "../server/running-server.mjs";
import { sealDatabase, settingsFromEnv, stampOf } from "./backup.mjs";

/** @typedef {import("../server/replica-files.mjs").ReplicaSettings} ReplicaSettings */

export class ReplicaRestoreError extends Error {}

const execFileAsync = promisify(execFile);

/** Names in a data folder that do not make it "not empty": what a stopped server or the OS leave. */
const IGNORED = new Set(["lost+found", "server.pid", "server.json"]);

/** The replica's settings from the environment (the server's own come from app/env.server.ts). @param {Record<string, string | undefined>} env @returns {ReplicaSettings} */
export function replicaSettingsFromEnv(env) {
  const url = env.DB_REPLICA_URL?.trim();
  if (!url) throw new ReplicaRestoreError("DB_REPLICA_URL is not set: it names the replica to restore from");
  const address = parseReplicaUrl(url);
  if (typeof address === "string") throw new ReplicaRestoreError(`DB_REPLICA_URL ${address}`);
  const { dataDir, databasePath, s3Keys } = settingsFromEnv(env);
  if (address.kind === "s3" && !s3Keys) throw new ReplicaRestoreError("S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed to read an s3:// replica");
  return { url, dataDir, databasePath, s3: address.kind === "s3" ? s3Keys : undefined };
}

/**
 * Runs litestream with `args` and the replica's configuration; returns its output, or throws with it.
 * @param {ReplicaSettings} settings @param {string} config @param {string[]} args
 */
async function litestream(settings, config, args) {
  try {
    const run = await execFileAsync(litestreamBinary(), [...args.slice(0, 1), "-config", config, ...args.slice(1)], { env: litestreamEnv(settings), encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
    return `${run.stdout}\n${run.stderr}`;
  } catch (error) {
    const { stderr = "", stdout = "", message = "" } = /** @type {{ stderr?: string; stdout?: string; message?: string }} */ (error);
    throw new ReplicaRestoreError(`litestream ${args[0]} failed: ${(stderr || stdout || message).trim().split("\n").slice(-3).join(" / ")}`);
  }
}

/**
 * The time of the newest transaction the replica holds, up to `at`: its newest WAL segment's
 * (`litestream wal`, to the second; it reads only the replica), or null when it holds none.
 * @param {ReplicaSettings} settings @param {string} config @param {Date | null} at
 */
async function lastTransactionTime(settings, config, at) {
  const times = (await litestream(settings, config, ["wal", settings.databasePath]))
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .filter((cells) => cells.length >= 6 && /^[0-9a-f]{16}$/.test(cells[1] ?? ""))
    .map((cells) => new Date(/** @type {string} */ (cells[5])).getTime())
    .filter((time) => !Number.isNaN(time) && (!at || time <= at.getTime()));
  return times.length ? new Date(Math.max(...times)) : null;
}

/** @param {string} dataDir */
function isEmpty(dataDir) {
  return !fs.existsSync(dataDir) || fs.readdirSync(dataDir).every((name) => IGNORED.has(name));
}

/**
 * The restore. `at`: a moment (null: the last transaction); `force`: into a folder that is not empty.
 * @param {ReplicaSettings} settings
 * `photosOnDisk`: STORAGE_DRIVER=fs, where every photo an ad names must come back with it.
 * @param {{ at?: Date | null; force?: boolean; photosOnDisk?: boolean; now?: Date; log?: (line: string) => void }} [options]
 */
export async function restoreFromReplica(settings, { at = null, force = false, photosOnDisk = true, now = new Date(), log = console.log } = {}) {
  const started = Date.now();
  const pid = runningServerPid(settings.dataDir);
  if (pid) throw new ReplicaRestoreError(`the server is running on ${settings.dataDir} (pid ${pid}): stop it first`);
  if (!force && !isEmpty(settings.dataDir)) {
    throw new ReplicaRestoreError(`${settings.dataDir} is not empty: restore into an empty folder, or add --force to replace its database and files (the database is kept aside)`);
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-replica-restore-"));
  try {
    const config = writeLitestreamConfig(settings, work);
    const last = await lastTransactionTime(settings, config, at);
    if (!last) {
      throw new ReplicaRestoreError(
        at ? `${settings.url} holds nothing as old as ${at.toISOString()} (it keeps 24 hours of history)` : `${settings.url} holds no copy of the database`,
      );
    }
    const incoming = path.join(work, "restored.db");
    const args = ["restore", "-o", incoming];
    if (at) args.push("-timestamp", at.toISOString());
    await litestream(settings, config, [...args, settings.databasePath]);
    const problem = sealDatabase(incoming);
    if (problem) throw new ReplicaRestoreError(`the replica's database is not usable: ${problem}`);

    fs.mkdirSync(path.dirname(settings.databasePath), { recursive: true, mode: 0o700 });
    const kept = keepAside(settings, now);
    // Litestream's shadow WAL of the replaced database would not match the restored one.
    fs.rmSync(path.join(path.dirname(settings.databasePath), `.${path.basename(settings.databasePath)}-litestream`), { recursive: true, force: true });
    fs.copyFileSync(incoming, settings.databasePath);
    fs.chmodSync(settings.databasePath, 0o600);
    const files = await restoreFiles(settings);
    const counts = countRestored(settings, photosOnDisk);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    log(
      `[restore] ${settings.databasePath} from ${settings.url}: last transaction at ${last.toISOString()}${at ? ` (asked: ${at.toISOString()})` : ""}; ` +
        `${counts.users} users, ${counts.ads} ads, ${counts.photos} photos (${counts.missingPhotos} missing from the replica); ` +
        `${files.count} files (${files.photos} photo files) from ${files.where}${kept ? `; the previous database kept in ${kept}` : ""}; in ${seconds}s`,
    );
    return { last, ...counts, files: files.count, kept };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** With --force: the database found in the folder goes to DATA_DIR/before-restore/<time>/. @param {ReplicaSettings} settings @param {Date} now */
function keepAside(settings, now) {
  const present = ["", "-wal", "-shm"].filter((suffix) => fs.existsSync(settings.databasePath + suffix));
  if (present.length === 0) return null;
  const kept = path.join(settings.dataDir, "before-restore", stampOf(now));
  fs.mkdirSync(kept, { recursive: true, mode: 0o700 });
  for (const suffix of present) fs.renameSync(settings.databasePath + suffix, path.join(kept, path.basename(settings.databasePath) + suffix));
  return kept;
}

/** Users, ads and photos in the restored database, and how many of its photos are not on disk. @param {ReplicaSettings} settings @param {boolean} photosOnDisk */
function countRestored(settings, photosOnDisk) {
  const db = new Database(settings.databasePath, { readonly: true, fileMustExist: true });
  try {
    const count = (/** @type {string} */ table) => /** @type {{ n: number }} */ (db.prepare(`select count(*) as n from ${table}`).get()).n;
    const publicIds = /** @type {{ public_id: string }[]} */ (db.prepare("select public_id from ad_images").all());
    // A bucket's photos (STORAGE_DRIVER=s3) were never on this disk, nor in the replica.
    const originals = path.join(settings.dataDir, "uploads", "originals");
    const missingPhotos = photosOnDisk ? publicIds.filter(({ public_id }) => !fs.existsSync(path.join(originals, public_id))).length : 0;
    return { users: count("users"), ads: count("ads"), photos: publicIds.length, missingPhotos };
  } finally {
    db.close();
  }
}

/** `--from-replica [--at <ISO time>] [--force]` from db-restore.mjs's arguments. @param {string[]} args */
export function parseReplicaArgs(args) {
  const atIndex = args.indexOf("--at");
  const atText = atIndex === -1 ? null : args[atIndex + 1];
  if (atIndex !== -1 && !atText) throw new ReplicaRestoreError("--at needs a time, e.g. --at 2026-12-05T14:03:00Z");
  const at = atText ? new Date(atText) : null;
  if (at && Number.isNaN(at.getTime())) throw new ReplicaRestoreError(`--at ${atText} is not a time: use ISO 8601, e.g. 2026-12-05T14:03:00Z`);
  const unknown = args.filter((arg, index) => !["--from-replica", "--force", "--at"].includes(arg) && index !== atIndex + 1);
  if (unknown.length) throw new ReplicaRestoreError(`unknown argument ${unknown[0]}: use --from-replica [--at <ISO time>] [--force]`);
  return { at, force: args.includes("--force") };
}

/**
 * The command: restores, prints what it did, and returns the exit code (1 with the reason on a refusal).
 * @param {string[]} args @param {Record<string, string | undefined>} env
 */
export async function replicaRestoreCommand(args, env) {
  try {
    const { at, force } = parseReplicaArgs(args);
    await restoreFromReplica(replicaSettingsFromEnv(env), { at, force, photosOnDisk: settingsFromEnv(env).storageDriver === "fs" });
    return 0;
  } catch (error) {
    if (!(error instanceof ReplicaRestoreError)) throw error;
    console.error(`Restore refused: ${error.message}`);
    return 1;
  }
}
