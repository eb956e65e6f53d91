/**
 * /metrics in a web worker (ADR 023): the answer is the cluster's, merged by the first process
 * (server/cluster-metrics.mjs), which this worker asks over the cluster's IPC channel; and this
 * worker's registry, handed to the first process when it collects.
 *
 * The gauges that read the database or the disk (moderation queue, database size, backups and their
 * tally, the access log's disk) are read here, at scrape time, because the first process never loads
 * the app: every worker reads the same shared state, so they are merged with `max`
 * (app/services/metrics-registry.server.ts registerScrapeGauges), never summed.
 */
import fs from "node:fs";
import path from "node:path";
import type { Env } from "~/env.server";
import { countPendingModeration, oldestPendingModerationSince } from "~/models/moderation/moderation-queue.server";
import { accessLogDisk } from "~/services/access-log-store.server";
import { registerScrapeGauges, registry } from "~/services/metrics-registry.server";
import { backupsDir, latestBackupTime } from "../scripts/backup.mjs";
import { readBackupTally } from "../scripts/backup-tally.mjs";
import { ask, isMetricsMessage, SCRAPE_TIMEOUT_MS, settleReply } from "./cluster-metrics.mjs";

export const metricsContentType = registry.contentType;

/** The text /metrics answers: the cluster's, asked of the first process. */
export function scrapeMetrics(): Promise<string> {
  return ask(
    (message) => process.send!(message),
    "metrics:scrape",
    SCRAPE_TIMEOUT_MS,
    () => {
      throw new Error(`the first process did not answer within ${SCRAPE_TIMEOUT_MS} ms`);
    },
    (reply) => {
      if (reply.type !== "metrics:scraped" || reply.text === undefined) throw new Error(reply.type === "metrics:scraped" ? reply.error : "unexpected reply");
      return reply.text;
    },
  );
}

/** In a web worker: the gauges read at scrape time, its registry handed to the first process, the answers to its scrapes taken. */
export function answerClusterMetrics(env: Env) {
  registerScrapeGauges(() => scrapeReadings(env));
  process.on("message", (message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.type === "metrics:scraped") settleReply(message);
    if (message.type === "metrics:collect") {
      void registry.getMetricsAsJSON().then((metrics) => process.send!({ type: "metrics:collected", id: message.id, metrics }));
    }
  });
}

export function scrapeReadings(env: Env) {
  const fileSize = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
  const last = latestBackupTime(env.DATA_DIR);
  const waiting = oldestPendingModerationSince();
  return {
    moderationQueueLength: countPendingModeration(),
    moderationOldestSeconds: waiting ? Math.max(0, (Date.now() - waiting.getTime()) / 1000) : 0,
    databaseBytes: fileSize(env.DATABASE_PATH) + fileSize(`${env.DATABASE_PATH}-wal`),
    backup: last ? { ...backupSizes(backupsDir(env.DATA_DIR)), ageSeconds: Math.max(0, (Date.now() - last.getTime()) / 1000) } : null,
    backupTally: readBackupTally(env.DATA_DIR),
    accessLogDisk: accessLogDisk(env.DATA_DIR, env.ACCESS_LOG_RETENTION_DAYS),
  };
}

/**
 * The newest backup's size and what all of them take on disk. A finished backup never changes, so
 * the walk (every image of every snapshot) is redone only when the list of backups does.
 */
let sizesCache: { key: string; sizes: { latestBytes: number; allBytes: number } } | null = null;

function backupSizes(root: string) {
  const names = fs.readdirSync(root).filter((name) => /^\d{4}-\d{2}-\d{2}T/.test(name)).sort();
  const key = names.join("|");
  if (sizesCache?.key === key) return sizesCache.sizes;
  const seen = new Set<number>();
  let allBytes = 0;
  let latestBytes = 0;
  const walk = (folder: string, isLatest: boolean) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full, isLatest);
      else if (entry.isFile()) {
        const stat = fs.statSync(full);
        if (isLatest) latestBytes += stat.size;
        if (seen.has(stat.ino)) continue;
        seen.add(stat.ino);
        allBytes += stat.size;
      }
    }
  };
  names.forEach((name, index) => walk(path.join(root, name), index === names.length - 1));
  sizesCache = { key, sizes: { latestBytes, allBytes } };
  return sizesCache.sizes;
}
