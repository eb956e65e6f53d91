/**
 * What the first process does besides serving (server.ts): the pid and address files, the hourly
 * backups, the daily housekeeping job, and, with web workers, supervising them. Each runs once however
 * many workers there are.
 */
import cluster from "node:cluster";
import fs from "node:fs";
import type { Env } from "~/env.server";
import { dailyRunMissed, nextDailyRun, runDailyJobOnce } from "~/models/ad/housekeeping.server";
import { runAlertsJob } from "~/models/saved-search/alerts.server";
import { countBackup } from "~/services/metrics.server";
import { backupBucket, latestBackupTime, pidFile, runBackup, type BackupSettings } from "../scripts/backup.mjs";
import { writeServerFile } from "./running-server";

export function writePidFile(env: Env) {
  const file = pidFile(env.DATA_DIR);
  fs.writeFileSync(file, String(process.pid));
  process.on("exit", () => fs.rmSync(file, { force: true }));
}

/**
 * DATA_DIR/server.json (server/running-server.ts), once the site listens: how `npm run payments:confirm`
 * finds this server whatever environment it was started with. Removed on exit, like the pid file.
 */
export function announceAddress(env: Env) {
  writeServerFile(env.DATA_DIR, { pid: process.pid, host: env.HOST, port: env.PORT });
}

/**
 * Backups by themselves (scripts/backup.mjs, also behind `npm run db:backup`): in this first process
 * only, so once however many workers there are. The next one is due an interval after the newest in
 * DATA_DIR/backups (at once when there is none), so restarts neither skip nor repeat them; runs never
 * overlap, because the next is scheduled when one ends. A failed run or upload is logged and counted
 * in the metrics, and the schedule goes on.
 */
export function scheduleBackups(env: Env) {
  if (env.BACKUP_INTERVAL_MINUTES === 0) {
    console.log("[backup] automatic backups are off (BACKUP_INTERVAL_MINUTES=0)");
    return;
  }
  const every = env.BACKUP_INTERVAL_MINUTES * 60_000;
  // Checked at start-up (env.server.ts): with STORAGE_DRIVER=s3 or BACKUP_S3_BUCKET every S3_* value it needs is present.
  const keys =
    env.S3_ENDPOINT && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { endpoint: env.S3_ENDPOINT, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : undefined;
  const settings: BackupSettings = {
    dataDir: env.DATA_DIR,
    databasePath: env.DATABASE_PATH,
    storageDriver: env.STORAGE_DRIVER,
    ...backupBucket(env.STORAGE_DRIVER, keys, env.BACKUP_S3_BUCKET, env.S3_BUCKET),
  };
  const run = async () => {
    await takeBackup(settings);
    // unref: a pending backup never keeps a stopping server alive.
    setTimeout(() => void run(), every).unref();
  };
  const last = latestBackupTime(env.DATA_DIR);
  const due = last ? Math.min(every, Math.max(0, last.getTime() + every - Date.now())) : 0;
  setTimeout(() => void run(), due).unref();
}

/** One scheduled backup: never throws; a failed run or bucket copy is logged (by runBackup or here) and counted. */
export async function takeBackup(settings: BackupSettings, options?: Parameters<typeof runBackup>[1]) {
  try {
    const { upload } = await runBackup(settings, options);
    countBackup("ok", upload);
  } catch (error) {
    countBackup("failed", null);
    console.error("[backup] failed:", error);
  }
}

/**
 * The daily housekeeping (app/models/ad/housekeeping.server.ts, also `npm run jobs:daily`): in this
 * first process only, so once however many workers there are, at 03:00 São Paulo every day. A run
 * missed while the server was down happens a minute after start-up; the job itself skips a day it
 * already ran (DATA_DIR/daily-job.json). A failed run is logged and the schedule goes on.
 */
export function scheduleDailyJob() {
  const run = async () => {
    try {
      await runDailyJobOnce();
    } catch (error) {
      console.error("[daily] failed:", error);
    }
    next();
  };
  // unref: a pending run never keeps a stopping server alive.
  const next = () => setTimeout(() => void run(), Math.max(1_000, nextDailyRun().getTime() - Date.now())).unref();
  if (dailyRunMissed()) setTimeout(() => void run(), 60_000).unref();
  else next();
}

/** Every hour, from two minutes after start-up. */
const ALERTS_EVERY_MS = 60 * 60_000;

/**
 * The saved searches' e-mail alerts (app/models/saved-search/alerts.server.ts, also `npm run
 * jobs:alerts`): in this first process only, every hour; the job itself sends at most one e-mail per
 * search and São Paulo day, so restarts and extra runs send nothing twice. Runs never overlap (the
 * next is scheduled when one ends); a failed run is logged and the schedule goes on.
 */
export function scheduleAlertsJob() {
  const run = async () => {
    try {
      const report = await runAlertsJob();
      if (report.mailed || report.failed) console.log(`[alerts] ${report.mailed} e-mail(s) sent, ${report.failed} failed`);
    } catch (error) {
      console.error("[alerts] failed:", error);
    }
    // unref: a pending run never keeps a stopping server alive.
    setTimeout(() => void run(), ALERTS_EVERY_MS).unref();
  };
  setTimeout(() => void run(), 2 * 60_000).unref();
}

/**
 * The primary with workers: forks them, replaces one that dies, and on SIGTERM/SIGINT asks each to
 * finish its requests and leaves when all have. A worker dying before any is listening (a bad port,
 * say) ends start-up instead of looping.
 */
export function superviseWorkers(count: number, onReady: () => void) {
  let alive = 0;
  let listening = 0;
  let stopping = false;
  const fork = () => {
    alive++;
    cluster.fork();
  };
  cluster.on("listening", () => {
    listening++;
    if (listening === count) onReady();
  });
  cluster.on("exit", (worker, code, signal) => {
    alive--;
    // A clean exit is a worker that was asked to stop (Ctrl+C reaches the workers first, too).
    if (stopping || (code === 0 && !signal)) {
      if (alive === 0) process.exit(0);
      return;
    }
    if (listening === 0) {
      console.error(`A web worker failed to start (exit ${signal ?? code}); stopping.`);
      process.exit(1);
    }
    console.error(`Web worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    fork();
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let i = 0; i < count; i++) fork();
}
