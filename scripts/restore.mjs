// @ts-check
/**
 * Restores (`npm run db:restore`, and `npm run db:drill` into a temporary folder): a backup folder of
 * DATA_DIR/backups (scripts/backup.mjs), a database file, or a backup in the bucket, put in place of
 * the database after PRAGMA integrity_check, the replaced database kept in DATA_DIR/before-restore/.
 */
import fs from "node:fs";
import path from "node:path";
import { pidFile, runningServerPid } from "../server/running-server.mjs";
import { backupsDir, beforeRestoreDir, messageOf, pruneBeforeRestore, sealDatabase, stampOf, tryLink } from "./backup.mjs";
import { downloadBackup, parseBucketBackup } from "./backup-s3.mjs";

/** @typedef {import("./backup.mjs").BackupSettings} BackupSettings @typedef {import("./backup.mjs").Log} Log */

// The restore's guard reads the running server's pid file; the tests and scripts take its name from here.
export { pidFile };

export class RestoreError extends Error {}

/**
 * Puts a backup in place of the database: `source` is a backup folder or a database file. Refuses
 * while a server runs on the data folder and when the file fails PRAGMA integrity_check. The current
 * database (with its -wal and -shm) is moved to DATA_DIR/before-restore/<time>/, never lost;
 * a stale -wal would otherwise be replayed into the restored file. With the file-system storage, the
 * images of a backup folder that are missing from DATA_DIR/uploads are put back (none is overwritten).
 * @param {BackupSettings} settings @param {string} source
 * @param {{ now?: Date; log?: Log }} [options]
 */
export function restoreBackup(settings, source, { now = new Date(), log = console.log } = {}) {
  const isFolder = fs.existsSync(source) && fs.statSync(source).isDirectory();
  const file = isFolder ? path.join(source, path.basename(settings.databasePath)) : source;
  refuseWhileRunning(settings);
  if (!fs.existsSync(file)) throw new RestoreError(`${file} does not exist`);

  // Checked as a copy beside the database (with its -wal, if it is a raw copy of a live database),
  // then renamed into place: the database is never half-written.
  const target = settings.databasePath;
  const incoming = `${target}.restoring`;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(incoming + suffix, { force: true });
  copyPrivate(file, incoming);
  if (fs.existsSync(`${file}-wal`)) copyPrivate(`${file}-wal`, `${incoming}-wal`);
  const problem = sealDatabase(incoming);
  if (problem) {
    for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(incoming + suffix, { force: true });
    throw new RestoreError(`${file} is not a usable backup: ${problem}`);
  }
  const kept = path.join(beforeRestoreDir(settings.dataDir), stampOf(now));
  for (const suffix of ["", "-wal", "-shm"]) {
    if (!fs.existsSync(target + suffix)) continue;
    fs.mkdirSync(kept, { recursive: true });
    moveFile(target + suffix, path.join(kept, path.basename(target) + suffix));
  }
  fs.renameSync(incoming, target);
  const done = [`database from ${path.resolve(file)}`];
  if (fs.existsSync(kept)) done.push(`the previous one kept in ${kept}`);

  const images = path.join(isFolder ? source : path.dirname(file), "uploads");
  if (settings.storageDriver === "fs" && fs.existsSync(images)) {
    const restored = restoreMissingFiles(images, path.join(settings.dataDir, "uploads"));
    done.push(`${restored} missing image files put back`);
  }
  const pruned = pruneBeforeRestore(settings.dataDir);
  if (pruned.length) done.push(`removed ${pruned.length} old before-restore (${pruned.join(", ")})`);
  log(`[restore] ${target}: ${done.join("; ")}`);
  return { kept: fs.existsSync(kept) ? kept : null };
}

/** @param {BackupSettings} settings */
function refuseWhileRunning(settings) {
  const pid = runningServerPid(settings.dataDir);
  if (pid) {
    throw new RestoreError(
      `the server is running on ${settings.dataDir} (pid ${pid}): stop it first. If it is not, delete ${pidFile(settings.dataDir)}.`,
    );
  }
}

/**
 * A restore from the bucket: `source` is s3://<bucket>/backups/<time>, read with the S3_* endpoint and
 * keys. The backup is downloaded beside the local ones (images already in DATA_DIR/uploads are not) and
 * restored like a local backup folder (restoreBackup), then the download is removed.
 * @param {BackupSettings} settings @param {string} source
 * @param {{ now?: Date; log?: Log }} [options]
 */
export async function restoreFromBucket(settings, source, { now = new Date(), log = console.log } = {}) {
  const address = parseBucketBackup(source);
  if (!address) throw new RestoreError(`${source} is not a backup in a bucket: use s3://<bucket>/backups/<UTC time>`);
  if (!settings.s3Keys) throw new RestoreError("S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed to read the bucket");
  refuseWhileRunning(settings);
  const folder = path.join(backupsDir(settings.dataDir), `.download-${address.stamp}`);
  fs.rmSync(folder, { recursive: true, force: true });
  const uploads = path.join(settings.dataDir, "uploads");
  const started = Date.now();
  try {
    let files;
    try {
      files = await downloadBackup({ ...settings.s3Keys, bucket: address.bucket }, address.stamp, folder, (file) => fs.existsSync(path.join(uploads, ...file.split("/"))));
    } catch (error) {
      throw new RestoreError(`could not download ${source}: ${messageOf(error)}`);
    }
    log(`[restore] downloaded ${files} files of ${source} in ${((Date.now() - started) / 1000).toFixed(1)}s`);
    return restoreBackup(settings, folder, { now, log });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * A copy readable by its owner alone, whatever the source's mode (copyFile keeps it, ignoring the
 * umask): a restored database or photo is never readable by other users of the machine.
 * @param {string} from @param {string} to
 */
function copyPrivate(from, to) {
  fs.copyFileSync(from, to);
  fs.chmodSync(to, 0o600);
}

/** @param {string} from @param {string} to */
function moveFile(from, to) {
  try {
    fs.renameSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
    fs.rmSync(from);
  }
}

/**
 * Copies (or links) the files of `from` that `to` lacks; returns how many. A file is linked only when
 * it is private already (no group or other permission, as the service's UMask=0077 makes them): a link
 * shares the file's mode, and making it private would change the backup's too; otherwise a private copy.
 * @param {string} from @param {string} to
 */
function restoreMissingFiles(from, to) {
  let count = 0;
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) count += restoreMissingFiles(source, target);
    else if (entry.isFile() && !fs.existsSync(target)) {
      const isPrivate = (fs.statSync(source).mode & 0o077) === 0;
      if (!(isPrivate && tryLink(source, target))) copyPrivate(source, target);
      count++;
    }
  }
  return count;
}
