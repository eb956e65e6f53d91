// @ts-check
/**
 * Every backup run and every bucket copy, whoever took it — the server's schedule (a job child) or
 * `npm run db:backup` typed by the operator — as one line of DATA_DIR/backup-tally.log (beside the
 * backups' folder, not in it: `ls backups` lists backups only). /metrics reads it at scrape time
 * (server/worker-metrics.ts), so `classificados_backups_total` and `classificados_backup_uploads_total` count
 * both and survive restarts. An in-memory counter could not: the operator's command is a process of
 * its own that the server never hears from (ADR 023, amended).
 *
 * One appended line per event, `<ISO time> run|upload ok|failed`: a write with O_APPEND is one system
 * call, so two backups ending at once (the schedule's and the operator's) never lose one another's
 * line, as a read-modify-write of a counts file would. ~40 bytes a line, two per hourly backup: ~700 KB
 * a year, and a process reads only what was appended since its last scrape.
 */
import { Buffer } from "node:buffer";
import fs from "node:fs";
import path from "node:path";

/** @typedef {{ ok: number; failed: number }} Counts */
/** @typedef {{ runs: Counts; uploads: Counts }} BackupTally */

/** @param {string} dataDir */
export const tallyFile = (dataDir) => path.join(dataDir, "backup-tally.log");

/**
 * Appends one event. Never throws: a backup that could not be recorded is still a backup (the log
 * line says what happened), and the reason goes to stderr.
 * @param {string} dataDir @param {"run" | "upload"} what @param {"ok" | "failed"} result @param {Date} [now]
 */
export function recordBackupEvent(dataDir, what, result, now = new Date()) {
  const file = tallyFile(dataDir);
  try {
    fs.appendFileSync(file, `${now.toISOString()} ${what} ${result}\n`, { mode: 0o600 });
  } catch (error) {
    console.error(`[backup] could not record "${what} ${result}" in ${file}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * What a process has read of the tally so far: only the lines appended since are read at the next
 * scrape. @type {Map<string, { ino: number; offset: number; tally: BackupTally }>}
 */
const readSoFar = new Map();

/**
 * The counts in the tally (zeros without one).
 * @param {string} dataDir @returns {BackupTally}
 */
export function readBackupTally(dataDir) {
  const file = tallyFile(dataDir);
  let stat;
  try {
    stat = fs.statSync(file);
  } catch {
    return { runs: { ok: 0, failed: 0 }, uploads: { ok: 0, failed: 0 } };
  }
  let seen = readSoFar.get(file);
  // A new file (the data folder restored, or the tally removed by hand): counted from its start.
  if (!seen || seen.ino !== stat.ino || stat.size < seen.offset) seen = { ino: stat.ino, offset: 0, tally: { runs: { ok: 0, failed: 0 }, uploads: { ok: 0, failed: 0 } } };
  if (stat.size > seen.offset) {
    const fd = fs.openSync(file, "r");
    try {
      const bytes = Buffer.alloc(stat.size - seen.offset);
      fs.readSync(fd, bytes, 0, bytes.length, seen.offset);
      const text = bytes.toString("utf8");
      // A line still being written (no newline yet) is read next time.
      const complete = text.slice(0, text.lastIndexOf("\n") + 1);
      for (const line of complete.split("\n")) {
        const [, what, result] = line.split(" ");
        const counts = what === "run" ? seen.tally.runs : what === "upload" ? seen.tally.uploads : null;
        if (counts && (result === "ok" || result === "failed")) counts[result]++;
      }
      seen.offset += Buffer.byteLength(complete);
    } finally {
      fs.closeSync(fd);
    }
  }
  readSoFar.set(file, seen);
  return { runs: { ...seen.tally.runs }, uploads: { ...seen.tally.uploads } };
}
