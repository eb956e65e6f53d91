// @ts-check
/**
 * One /metrics for the whole cluster (ADR 023), the first process's side — plain JavaScript with
 * prom-client alone, so that process never loads the app (ADR 005). Every process counts in its own
 * registry: the web workers their requests, payments, webhooks and e-mails (app/services/metrics-registry.server.ts),
 * the job children their backups, reconciliations and daily runs, which they hand over here as they
 * exit (server/jobs.ts), and this process its own memory and CPU. A worker asked for /metrics asks
 * this process over the cluster's IPC channel (server/worker-metrics.ts); it asks every worker for its
 * registry as JSON and merges them with its own and the jobs' (AggregatorRegistry.aggregate: counters
 * and histograms summed), so the answer is the same whichever worker took the request.
 */
import cluster from "node:cluster";
import { AggregatorRegistry, collectDefaultMetrics, Registry } from "prom-client";

/**
 * @typedef {import("prom-client").MetricObjectWithValues<import("prom-client").MetricValue<string>>[]} Metrics
 * @typedef {{ type: "metrics:scrape"; id: number }
 *   | { type: "metrics:scraped"; id: number; text?: string; error?: string }
 *   | { type: "metrics:collect"; id: number }
 *   | { type: "metrics:collected"; id: number; metrics: Metrics }} Message
 */

/** A worker that does not answer within this long is left out of that scrape rather than holding it. */
const WORKER_TIMEOUT_MS = 2_000;
/** A worker gives up on the first process after this long (the scrape answers 500). */
export const SCRAPE_TIMEOUT_MS = 5_000;
/** The only families a job hands over: its process's own memory and CPU end with it. */
const JOB_METRIC_PREFIX = "classificados_";

let nextId = 0;
/** @type {Map<number, (message: Message) => void>} */
const waiting = new Map();

/** @param {unknown} message @returns {message is Message} */
export function isMetricsMessage(message) {
  return typeof message === "object" && message !== null && String(/** @type {{ type?: unknown }} */ (message).type).startsWith("metrics:");
}

/** The waiter for `message`'s id, if one is waiting: a reply. @param {Message} message */
export function settleReply(message) {
  waiting.get(message.id)?.(message);
}

/**
 * Sends a message of `type` and resolves with `take` of the reply carrying its id, or with `fallback`
 * after `ms` (either may throw: a rejection).
 * @template T
 * @param {(message: Message) => void} send @param {"metrics:scrape" | "metrics:collect"} type @param {number} ms
 * @param {() => T} fallback @param {(reply: Message) => T} take @returns {Promise<T>}
 */
export function ask(send, type, ms, fallback, take) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    /** @param {() => T} result */
    const settle = (result) => {
      waiting.delete(id);
      try {
        resolve(result());
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const timer = setTimeout(() => settle(fallback), ms);
    waiting.set(id, (reply) => {
      clearTimeout(timer);
      settle(() => take(reply));
    });
    send({ type, id });
  });
}

/** This process's own registry: its memory and CPU, so the cluster's sums include it, and what only it runs (the replicator). */
export const own = new Registry();
collectDefaultMetrics({ register: own });

/** What the job children counted, merged as each one exits (counters only grow: the sum is the total). @type {Metrics} */
let jobMetrics = [];

/** Adds what a job child counted (its `classificados_` families) to the jobs' totals. @param {Metrics} metrics */
export async function addJobMetrics(metrics) {
  const counted = metrics.filter((metric) => metric.name.startsWith(JOB_METRIC_PREFIX));
  jobMetrics = await AggregatorRegistry.aggregate([jobMetrics, counted]).getMetricsAsJSON();
}

/** @param {import("node:cluster").Worker} worker @returns {Promise<Metrics>} */
function collectFrom(worker) {
  return ask(
    (message) => worker.send(message),
    "metrics:collect",
    WORKER_TIMEOUT_MS,
    () => {
      console.error(`[metrics] web worker ${worker.process.pid} did not answer within ${WORKER_TIMEOUT_MS} ms: left out of this scrape`);
      return [];
    },
    (reply) => (reply.type === "metrics:collected" ? reply.metrics : []),
  );
}

/** The cluster's metrics in Prometheus' text format: this process's, the jobs' and every connected worker's. */
async function clusterMetrics() {
  const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker?.isConnected());
  const all = await Promise.all([own.getMetricsAsJSON(), jobMetrics, ...workers.map((worker) => collectFrom(/** @type {import("node:cluster").Worker} */ (worker)))]);
  return AggregatorRegistry.aggregate(all).metrics();
}

/** Before the workers are forked: answers their scrapes and takes their registries. */
export function serveClusterMetrics() {
  cluster.on("message", (worker, /** @type {unknown} */ message) => {
    if (!isMetricsMessage(message)) return;
    if (message.type === "metrics:collected") settleReply(message);
    if (message.type === "metrics:scrape") {
      clusterMetrics().then(
        (text) => worker.send(/** @type {Message} */ ({ type: "metrics:scraped", id: message.id, text })),
        (error) => worker.send(/** @type {Message} */ ({ type: "metrics:scraped", id: message.id, error: String(error) })),
      );
    }
  });
}
