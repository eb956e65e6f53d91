/**
 * The access log's daily files off the machine, with the backups (issue #33, item 5): the law asks for
 * six months of them (Marco Civil art. 15, ADR 022) and a lost disk would take them all. After each
 * scheduled backup (server/jobs.ts), with BACKUP_S3_BUCKET, every day's file that the bucket lacks or
 * that grew since it was sent goes to `access-log/<UTC date>.jsonl` in that bucket — today's file each
 * time, so a lost disk loses at most one backup interval of lines — and the bucket's days past
 * ACCESS_LOG_RETENTION_DAYS (183 at least) are deleted by the rule that prunes the folder.
 *
 * What was sent is remembered in DATA_DIR/access-log-offsite.json (bucket → day → bytes): a listing
 * says which keys exist, not how long the local file was when sent, and re-sending six months of files
 * every hour would cost more than the backup. Each copy is counted in the backups' tally
 * (scripts/backup-tally.mjs), so `classificados_backup_uploads_total{result="failed"}` and the
 * operator's check (scripts/ops-check.ts) see a failed one. Never throws into the job.
 */
import fs from "node:fs";
import path from "node:path";
import { accessLogDir, fileOf, isPastRetention, loggedDays } from "~/services/access-log-store.server";
import { deleteObject, listBucket, putFile } from "../scripts/backup-s3.mjs";
import { recordBackupEvent } from "../scripts/backup-tally.mjs";
import type { S3Settings } from "../scripts/backup.mjs";

export const OFFSITE_PREFIX = "access-log/";
const DAY_KEY = /^access-log\/(\d{4}-\d{2}-\d{2})\.jsonl$/;

type Sent = Record<string, Record<string, number>>;

const sentFile = (dataDir: string) => path.join(dataDir, "access-log-offsite.json");

function readSent(dataDir: string): Sent {
  try {
    return JSON.parse(fs.readFileSync(sentFile(dataDir), "utf8")) as Sent;
  } catch {
    return {}; // none yet, or unreadable: every day is sent again, which is safe
  }
}

function writeSent(dataDir: string, sent: Sent) {
  const file = sentFile(dataDir);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(sent), { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
}

export type OffsiteReport = {
  sent: string[];
  removed: string[];
  failed: string | null;
};

/**
 * One pass: sends what is new or grew, deletes what is past retention. A failure stops the pass (the
 * next backup's pass sends what is left), is logged with its reason and counted.
 */
export async function copyAccessLogOffsite(
  s3: S3Settings,
  {
    dataDir,
    retentionDays,
    now = new Date(),
    log = console.log,
  }: {
    dataDir: string;
    retentionDays: number;
    now?: Date;
    log?: (line: string) => void;
  }
): Promise<OffsiteReport> {
  const dir = accessLogDir(dataDir);
  const allSent = readSent(dataDir);
  const sent = (allSent[s3.bucket] ??= {});
  const report: OffsiteReport = { sent: [], removed: [], failed: null };
  try {
    const { keys } = await listBucket(s3, OFFSITE_PREFIX);
    const inBucket = new Set(keys.map((key) => DAY_KEY.exec(key)?.[1]).filter((day) => day !== undefined));
    for (const day of loggedDays(dir)) {
      if (isPastRetention(day, retentionDays, now)) continue; // the daily job deletes it here too
      const size = fs.statSync(fileOf(dir, day), {
        throwIfNoEntry: false,
      })?.size;
      if (size === undefined || (inBucket.has(day) && sent[day] === size)) continue;
      await putFile(s3, `${OFFSITE_PREFIX}${day}.jsonl`, fileOf(dir, day));
      sent[day] = size;
      report.sent.push(day);
    }
    for (const day of [...inBucket].sort()) {
      if (!isPastRetention(day, retentionDays, now)) continue;
      await deleteObject(s3, `${OFFSITE_PREFIX}${day}.jsonl`);
      delete sent[day];
      report.removed.push(day);
    }
  } catch (error) {
    report.failed = error instanceof Error ? error.message : String(error);
  }
  // What did go is remembered even when a later day failed.
  try {
    writeSent(dataDir, allSent);
  } catch (error) {
    report.failed ??= `could not record what was sent: ${error instanceof Error ? error.message : String(error)}`;
  }
  recordBackupEvent(dataDir, "upload", report.failed ? "failed" : "ok", now);
  const where = `s3://${s3.bucket}/${OFFSITE_PREFIX}`;
  const done = [`${report.sent.length} day(s) sent`, ...(report.removed.length ? [`${report.removed.length} past retention removed`] : [])];
  if (report.failed) console.error(`[access-log] copy to ${where} NOT complete (${done.join(", ")}): ${report.failed}`);
  else log(`[access-log] copied to ${where}: ${done.join(", ")}`);
  return report;
}
