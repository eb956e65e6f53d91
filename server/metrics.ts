/**
 * One /metrics for the whole cluster (ADR 023). Every process counts in its own registry
 * (app/services/metrics.server.ts): the web workers their requests, payments, webhooks and e-mails;
 * the primary its backups, reconciliation and daily job, plus the gauges read at scrape time. A
 * worker asked for /metrics asks the primary over the cluster's IPC channel; the primary asks every
 * worker for its registry as JSON and merges them with its own (prom-client's
 * AggregatorRegistry.aggregate: counters and histograms summed), so the answer is the same whichever
 * worker took the request. prom-client's clusterMetrics() would leave out the primary's own registry.
 */
import cluster, { type Worker } from "node:cluster";
import fs from "node:fs";
import path from "node:path";
import { AggregatorRegistry, type MetricObjectWithValues, type MetricValue } from "prom-client";
import type { Env } from "~/env.server";
import { countPendingModeration } from "~/models/ad/moderation-queue.server";
import { registerScrapeGauges, registry } from "~/services/metrics.server";
import { backupsDir, latestBackupTime } from "../scripts/backup.mjs";

type Metrics = MetricObjectWithValues<MetricValue<string>>[];
type Message =
  | { type: "metrics:scrape"; id: number }
  | { type: "metrics:scraped"; id: number; text?: string; error?: string }
  | { type: "metrics:collect"; id: number }
  | { type: "metrics:collected"; id: number; metrics: Metrics };

/** A worker that does not answer within this long is left out of that scrape rather than holding it. */
const WORKER_TIMEOUT_MS = 2_000;
/** A worker gives up on the primary after this long (the scrape answers 503). */
const SCRAPE_TIMEOUT_MS = 5_000;

let nextId = 0;
const waiting = new Map<number, (message: Message) => void>();

function isMetricsMessage(message: unknown): message is Message {
  return typeof message === "object" && message !== null && String((message as { type?: unknown }).type).startsWith("metrics:");
}

/** Sends `message` and resolves with `take` of the reply carrying its id, or with `fallback` after `ms` (either may throw: a rejection). */
function ask<T>(send: (message: Message) => void, message: Message, ms: number, fallback: () => T, take: (reply: Message) => T): Promise<T> {
  return new Promise((resolve, reject) => {
    const settle = (result: () => T) => {
      waiting.delete(message.id);
      try {
        resolve(result());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const timer = setTimeout(() => settle(fallback), ms);
    waiting.set(message.id, (reply) => {
      clearTimeout(timer);
      settle(() => take(reply));
    });
    send(message);
  });
}

function collectFrom(worker: Worker): Promise<Metrics> {
  return ask(
    (message) => worker.send(message),
    { type: "metrics:collect", id: nextId++ },
    WORKER_TIMEOUT_MS,
    () => {
      console.error(`[metrics] web worker ${worker.process.pid} did not answer within ${WORKER_TIMEOUT_MS} ms: left out of this scrape`);
      return [];
    },
    (reply) => (reply.type === "metrics:collected" ? reply.metrics : []),
  );
}

/** The cluster's metrics in Prometheus' text format: this process's registry merged with every connected worker's. */
async function clusterMetrics(): Promise<string> {
  const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => Boolean(worker?.isConnected()));
  const all = await Promise.all([registry.getMetricsAsJSON(), ...workers.map(collectFrom)]);
  return AggregatorRegistry.aggregate(all).metrics();
}

export const metricsContentType = registry.contentType;

/**
 * The text /metrics answers, in whichever process took the request: computed here in the primary
 * (serving alone), asked of the primary from a worker.
 */
export function scrapeMetrics(): Promise<string> {
  if (cluster.isPrimary) return clusterMetrics();
  return ask(
    (message) => process.send!(message),
    { type: "metrics:scrape", id: nextId++ },
    SCRAPE_TIMEOUT_MS,
    () => {
      throw new Error(`the primary did not answer within ${SCRAPE_TIMEOUT_MS} ms`);
    },
    (reply) => {
      if (reply.type !== "metrics:scraped" || reply.text === undefined) throw new Error(reply.type === "metrics:scraped" ? reply.error : "unexpected reply");
      return reply.text;
    },
  );
}

/** In the primary, before the workers are forked: answers their scrapes and takes their registries. */
export function serveClusterMetrics(env: Env) {
  registerScrapeGauges(() => scrapeReadings(env));
  cluster.on("message", (worker, message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.type === "metrics:collected") waiting.get(message.id)?.(message);
    if (message.type === "metrics:scrape") {
      clusterMetrics().then(
        (text) => worker.send({ type: "metrics:scraped", id: message.id, text } satisfies Message),
        (error: unknown) => worker.send({ type: "metrics:scraped", id: message.id, error: String(error) } satisfies Message),
      );
    }
  });
}

/** In a web worker: hands its registry to the primary, and takes the primary's answers to its scrapes. */
export function answerClusterMetrics() {
  process.on("message", (message: unknown) => {
    if (!isMetricsMessage(message)) return;
    if (message.type === "metrics:scraped") waiting.get(message.id)?.(message);
    if (message.type === "metrics:collect") {
      void registry.getMetricsAsJSON().then((metrics) => process.send!({ type: "metrics:collected", id: message.id, metrics } satisfies Message));
    }
  });
}

function scrapeReadings(env: Env) {
  const fileSize = (file: string) => (fs.existsSync(file) ? fs.statSync(file).size : 0);
  const last = latestBackupTime(env.DATA_DIR);
  return {
    moderationQueueLength: countPendingModeration(),
    databaseBytes: fileSize(env.DATABASE_PATH) + fileSize(`${env.DATABASE_PATH}-wal`),
    backup: last ? { ...backupSizes(backupsDir(env.DATA_DIR)), ageSeconds: Math.max(0, (Date.now() - last.getTime()) / 1000) } : null,
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
