/**
 * The server's jobs, and the two short-lived roles the app bundle plays for the first process
 * (server/entry.mjs, ADR 005): `setup` (migrations and the seed, before any web worker exists) and a
 * job child (one job, then exit). The first process never loads the app; it forks build/server/index.js for
 * these, waits for the child's one message and its exit, and schedules the next run at the time the
 * child said. ES modules cannot be unloaded, so a job that ran in a long-lived process would keep
 * everything it loaded (sharp, the S3 client, the payment gateway) for good; in a child it goes away.
 *
 * Adding a job is one line in JOBS: its name (in logs and `ps`), its schedule, what it runs.
 */
import type { Env } from "~/env.server";
import { db } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import { seed, SeedRefusal } from "~/db/seed.server";
import { backfillPhotoHashes } from "~/models/ad/fraud-signals.server";
import { dailyRunMissed, nextDailyRun, runDailyJobOnce } from "~/models/ad/housekeeping.server";
import { syncSearchIndex } from "~/models/listing/search-index.server";
import { reconcileSettings, runReconciliation } from "~/models/payment/reconciliation.server";
import { runAlertsJob } from "~/models/saved-search/alerts.server";
import { sendPriceDropMails } from "~/models/favourite/price-drop-mail.server";
import { runMessageHousekeeping } from "~/models/message/retention.server";
import { MESSAGE_MAILS_JOB } from "~/models/message/mail-timing.server";
import { nextMessageMailAt, sendWaitingMessageMails } from "~/models/message/waiting-mail.server";
import { warnWhenAccessLogDiskShort } from "~/services/access-log-store.server";
import { registry } from "~/services/metrics-registry.server";
import { backupBucket, latestBackupTime, runBackup, type BackupSettings } from "../scripts/backup.mjs";
import { copyAccessLogOffsite } from "./access-log-offsite";
import type { ReplicaSettings } from "./replica-files.mjs";

/** When a job runs: `first` after start-up, `next` after a run ends; null means not (again). */
type Schedule = { first(env: Env, now: Date): Date | null; next(env: Env, now: Date): Date | null };
type Job = { name: string; schedule: Schedule; run(env: Env): Promise<unknown> };

/** Every `ms(env)` milliseconds from start-up; never when it is 0. */
const every = (ms: (env: Env) => number): Schedule => {
  const after = (env: Env, now: Date) => (ms(env) > 0 ? new Date(now.getTime() + ms(env)) : null);
  return { first: after, next: after };
};

/**
 * When `due` says (null: nothing due), but never sooner than `soonestMs` from now, which spaces the runs,
 * nor later than `latestMs`, so a missed wake-up (ADR 005) costs at most that long.
 */
const whenDue = (due: () => Date | null, soonestMs: number, latestMs: number): Schedule => {
  const after = (_env: Env, now: Date) => new Date(Math.min(now.getTime() + latestMs, Math.max(now.getTime() + soonestMs, due()?.getTime() ?? Infinity)));
  return { first: after, next: after };
};

/** Once, right after start-up. */
const atStartUp: Schedule = { first: (_env, now) => now, next: () => null };

/**
 * Backups: the next one is due an interval after the newest in DATA_DIR/backups (at once when there is
 * none), so restarts neither skip nor repeat them. BACKUP_INTERVAL_MINUTES=0 turns them off.
 */
const backupSchedule: Schedule = {
  first(env, now) {
    if (env.BACKUP_INTERVAL_MINUTES === 0) {
      console.log("[backup] automatic backups are off (BACKUP_INTERVAL_MINUTES=0)");
      return null;
    }
    const every = env.BACKUP_INTERVAL_MINUTES * 60_000;
    const last = latestBackupTime(env.DATA_DIR);
    return new Date(last ? Math.min(now.getTime() + every, Math.max(now.getTime(), last.getTime() + every)) : now.getTime());
  },
  next: (env, now) => new Date(now.getTime() + env.BACKUP_INTERVAL_MINUTES * 60_000),
};

/** The daily housekeeping at 03:00 São Paulo; a run missed while the server was down a minute after start-up. */
const dailySchedule: Schedule = {
  first: (_env, now) => (dailyRunMissed(now) ? new Date(now.getTime() + 60_000) : nextDailyRun(now)),
  next: (_env, now) => nextDailyRun(now),
};

export const JOBS: Job[] = [
  { name: "backup", schedule: backupSchedule, run: (env) => takeBackup(backupSettings(env)).then(() => copyAccessLogWithBackups(env)) },
  { name: "daily", schedule: dailySchedule, run: () => runDailyJobOnce() },
  // Messages (issue #37): conversations 90 days after their ad went, visitors' drafts after a day.
  { name: "messages-daily", schedule: dailySchedule, run: async () => logMessageHousekeeping(runMessageHousekeeping()) },
  // A message unread for 5 minutes e-mails its receiver (issue #37, item 3): the job sleeps until the next
  // e-mail may be due (a minute apart at least, an hour at most), and a new message wakes it for its 5
  // minutes (mail-timing.server.ts), so the e-mail goes 5 to 6 minutes after the message.
  { name: MESSAGE_MAILS_JOB, schedule: whenDue(nextMessageMailAt, 60_000, 60 * 60_000), run: () => sendWaitingMessageMails().then(logMessageMails) },
  { name: "reconciliation", schedule: every((env) => reconcileSettings(env).intervalMs), run: (env) => runReconciliation(reconcileSettings(env)) },
  // Photos stored before perceptual hashes existed (none once done): after start-up, never holding it up.
  { name: "photo-hashes", schedule: atStartUp, run: () => backfillPhotoHashes() },
  // Saved searches' e-mails (at most one a search a day; the job itself skips what it sent), then the
  // price-drop e-mails still owed (held for review, or failed when first sent).
  { name: "alerts", schedule: every(() => 60 * 60_000), run: () => runAlertsJob().then(logAlerts).then(() => sendPriceDropMails()).then(logPriceDrops) },
];

function logMessageHousekeeping(report: ReturnType<typeof runMessageHousekeeping>) {
  if (report.conversations || report.drafts) console.log(`[messages] ${report.conversations} conversation(s) of removed ads and ${report.drafts} draft(s) deleted`);
}

function logMessageMails(report: Awaited<ReturnType<typeof sendWaitingMessageMails>>) {
  if (report.mailed || report.failed) console.log(`[messages] ${report.mailed} e-mail(s) of unread messages sent, ${report.failed} failed`);
}

function logAlerts(report: Awaited<ReturnType<typeof runAlertsJob>>) {
  if (report.mailed || report.failed) console.log(`[alerts] ${report.mailed} e-mail(s) sent, ${report.failed} failed`);
}

function logPriceDrops(report: Awaited<ReturnType<typeof sendPriceDropMails>>) {
  if (report.mailed || report.failed) console.log(`[alerts] ${report.mailed} price-drop e-mail(s) sent, ${report.failed} failed`);
}

/** What the first process needs from the validated settings: it reads no variable itself (env.server.ts is the one reader). */
export type EntrySettings = {
  webConcurrency: number;
  workerMaxHeapMb: number;
  jobTimeoutMinutes: number;
  dataDir: string;
  host: string;
  port: number;
  nodeEnv: string;
  /** DB_REPLICA_URL's settings for the replicator (server/replicator.mjs); null without a replica. */
  replica: ReplicaSettings | null;
};

/** The messages a child sends the first process before it exits. */
export type ChildMessage =
  | { type: "setup:done"; settings: EntrySettings; jobs: { name: string; at: number | null }[] }
  | { type: "job:done"; next: number | null; metrics: Awaited<ReturnType<typeof registry.getMetricsAsJSON>> };

function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve, reject) => process.send!(message, undefined, undefined, (error) => (error ? reject(error) : resolve())));
}

/**
 * The `setup` child: migrations, the seed and the search index, then the settings and the jobs' first
 * times. A restore drill's server (RESTORE_DRILL) skips the seed and runs no job: its copy stays as restored.
 */
export async function runSetup(env: Env) {
  runMigrations(db);
  try {
    if (!env.RESTORE_DRILL) await seed(db, { adminEmail: env.ADMIN_EMAIL, adminPassword: env.ADMIN_PASSWORD, deployment: env.isDeployment, demo: env.SEED_DEMO });
  } catch (error) {
    if (!(error instanceof SeedRefusal)) throw error;
    // A setting to give, like env.server.ts's refusals: its message alone, no stack; no worker starts.
    console.error(`Invalid environment configuration:\n  ${error.message}`);
    process.exit(1);
  }
  // The Portuguese search index is filled by the app (ADR 014): index what migrations and the seed queued.
  syncSearchIndex();
  // Once per start, in the journal: will the disk hold the access log's six months at today's rate?
  warnWhenAccessLogDiskShort(env.DATA_DIR, env.ACCESS_LOG_RETENTION_DAYS);
  const now = new Date();
  await send({
    type: "setup:done",
    settings: { webConcurrency: env.WEB_CONCURRENCY, workerMaxHeapMb: env.WORKER_MAX_HEAP_MB, jobTimeoutMinutes: env.JOB_TIMEOUT_MINUTES, dataDir: env.DATA_DIR, host: env.HOST, port: env.PORT, nodeEnv: env.NODE_ENV, replica: replicaSettings(env) },
    jobs: env.RESTORE_DRILL ? [] : JOBS.map((job) => ({ name: job.name, at: job.schedule.first(env, now)?.getTime() ?? null })),
  });
}

/**
 * A job child: runs `name` once (a failure is logged; the schedule goes on), then hands the first
 * process the next run's time and what it counted (its metrics would end with it).
 */
export async function runJob(env: Env, name: string) {
  const job = JOBS.find((candidate) => candidate.name === name);
  if (!job) throw new Error(`no job named ${name}`);
  try {
    await job.run(env);
  } catch (error) {
    console.error(`[${name}] failed:`, error);
  }
  await send({ type: "job:done", next: job.schedule.next(env, new Date())?.getTime() ?? null, metrics: await registry.getMetricsAsJSON() });
}

/** A drill's server (RESTORE_DRILL) never replicates: its copy would become a generation of the live site's replica. */
function replicaSettings(env: Env): ReplicaSettings | null {
  if (!env.DB_REPLICA_URL || env.RESTORE_DRILL) return null;
  const s3 =
    env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { endpoint: env.S3_ENDPOINT, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : undefined;
  return { url: env.DB_REPLICA_URL, dataDir: env.DATA_DIR, databasePath: env.DATABASE_PATH, s3 };
}

function backupSettings(env: Env): BackupSettings {
  // Checked at start-up (env.server.ts): with STORAGE_DRIVER=s3 or BACKUP_S3_BUCKET every S3_* value it needs is present.
  const keys =
    env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { endpoint: env.S3_ENDPOINT, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : undefined;
  return {
    dataDir: env.DATA_DIR,
    databasePath: env.DATABASE_PATH,
    storageDriver: env.STORAGE_DRIVER,
    ...backupBucket(env.STORAGE_DRIVER, keys, env.BACKUP_S3_BUCKET, env.S3_BUCKET),
  };
}

/** With BACKUP_S3_BUCKET, the access log's days go to the backups' bucket too (server/access-log-offsite.ts). */
async function copyAccessLogWithBackups(env: Env) {
  const { s3, ownBucket } = backupSettings(env);
  if (s3 && ownBucket) await copyAccessLogOffsite(s3, { dataDir: env.DATA_DIR, retentionDays: env.ACCESS_LOG_RETENTION_DAYS });
}

/** One scheduled backup: never throws; a failed run or bucket copy is logged (by runBackup or here) and counted (by runBackup, scripts/backup-tally.mjs). */
export async function takeBackup(settings: BackupSettings, options?: Parameters<typeof runBackup>[1]) {
  try {
    await runBackup(settings, options);
  } catch (error) {
    console.error("[backup] failed:", error);
  }
}
