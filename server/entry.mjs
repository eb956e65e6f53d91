// @ts-check
/**
 * The server's first process (`npm start`, ADR 005): a small entry that never loads the app, so it
 * stays ~50 MB for as long as the server runs. It
 *   1. forks build/server/index.js as `setup` — settings checked, migrations, the seed, the search index — and
 *      waits for it to exit: a bad setting or a failed migration stops start-up here, before any web
 *      worker could serve an unmigrated database;
 *   2. forks WEB_CONCURRENCY web workers (node:cluster, build/server/index.js), each with its heap bounded by
 *      WORKER_MAX_HEAP_MB, replaces one that dies, and stops them all on SIGTERM/SIGINT;
 *   3. runs the jobs of server/jobs.ts (backups, the daily job, the reconciliation…) each in a
 *      short-lived child of build/server/index.js, one at a time, at the times the children say (or
 *      sooner, when a worker wakes a job), and stops one that runs past JOB_TIMEOUT_MINUTES (server/job-runner.mjs);
 *   4. merges /metrics across the workers and the jobs (server/cluster-metrics.mjs), and keeps the
 *      machine's one line of password hashes (app/services/password-hash-line.mjs);
 *   5. with DB_REPLICA_URL, replicates the database and the files a restore needs there
 *      (server/replicator.mjs: Litestream, supervised), from before the first worker until after the last.
 * It reads no variable itself: the settings come validated from the setup child (app/env.server.ts
 * is the one reader of the environment).
 *
 * Plain JavaScript, with Node and prom-client only: production runs it with `node`, without tsx.
 */
import { fork } from "node:child_process";
import cluster from "node:cluster";
import path from "node:path";
import { isJobWakeUp } from "../app/services/job-wake-up.mjs";
import { lendSlotsToWorkers } from "../app/services/password-hash-line.mjs";
import { addJobMetrics, own, serveClusterMetrics } from "./cluster-metrics.mjs";
import { createJobRunner } from "./job-runner.mjs";
import { readRelease } from "./release.mjs";
import { startReplicator } from "./replicator.mjs";
import { writePidFile, writeServerFile } from "./running-server.mjs";

/**
 * @typedef {import("./jobs").EntrySettings} EntrySettings
 * @typedef {import("./jobs").ChildMessage} ChildMessage
 */

/** The app, as `npm run build` compiles it with server.ts (vite.config.ts). */
const APP = path.resolve(import.meta.dirname, "../build/server/index.js");
/** A job whose child ended without finishing (a crash, a kill) is tried again this much later. */
const JOB_RETRY_MS = 5 * 60_000;

const startedAt = performance.now();
const elapsed = () => ((performance.now() - startedAt) / 1000).toFixed(1);

/**
 * Forks the app for one task and resolves with the one message it sent, or null when it exited
 * without sending it (its own output says why), with its exit code.
 * @param {Record<string, string>} env @param {string[]} execArgv
 * @returns {{ child: import("node:child_process").ChildProcess; done: Promise<{ message: ChildMessage | null; code: number | null }> }}
 */
function forkApp(env, execArgv) {
  // "advanced" (structured clone), not JSON: a gauge's +Inf (no backup yet) must reach /metrics as +Inf, not as 0.
  const child = fork(APP, [], { env: { ...process.env, ...env }, execArgv: [...process.execArgv, ...execArgv], serialization: "advanced" });
  /** @type {ChildMessage | null} */
  let message = null;
  child.on("message", (received) => (message = /** @type {ChildMessage} */ (received)));
  const done = new Promise((resolve) => child.on("exit", (code, signal) => resolve({ message, code: code ?? (signal ? 128 : null) })));
  return { child, done: /** @type {Promise<{ message: ChildMessage | null; code: number | null }>} */ (done) };
}

const setup = await forkApp({}, []).done;
if (setup.message?.type !== "setup:done" || setup.code !== 0) {
  console.error(`Start-up stopped: the setup step (settings, migrations, seed) failed (exit code ${setup.code}); see the message above. No web worker was started.`);
  process.exit(1);
}
const { settings, jobs } = setup.message;
/**
 * The workers' and jobs' memory (ADR 005, measured at 100 000 ads with 2 workers): the old generation
 * bounded by WORKER_MAX_HEAP_MB; the young one at 8 MB a semi-space instead of 16, which keeps ~25 MB
 * less per worker after a load; and two malloc arenas instead of one per thread (the thread pool's,
 * sharp's), ~8 MB less.
 */
const heap = [`--max-old-space-size=${settings.workerMaxHeapMb}`, "--max-semi-space-size=8"];
// The workers and jobs run in the parsed mode (React picks its build from NODE_ENV when it is loaded).
const childEnv = { NODE_ENV: settings.nodeEnv, MALLOC_ARENA_MAX: "2" };

writePidFile(settings.dataDir);
// Before any worker writes, so no write escapes the replica; a replica it cannot write to stops start-up.
const replicator = settings.replica
  ? await startReplicator(settings.replica, own).catch((error) => {
      console.error(`Start-up stopped: ${error instanceof Error ? error.message : String(error)}. No web worker was started.`);
      process.exit(1);
    })
  : null;
// Before the workers exist, so their first scrape, and their first password hash, find this process listening.
serveClusterMetrics();
lendSlotsToWorkers();
const jobRunner = createJobRunner({
  forkJob: (name) => forkApp({ ...childEnv, SERVER_JOB: name }, heap),
  timeoutMs: settings.jobTimeoutMinutes * 60_000,
  retryMs: JOB_RETRY_MS,
  onMetrics: (metrics) => void addJobMetrics(metrics).catch((error) => console.error("[metrics] job metrics not merged:", error)),
});
const stopJobs = jobRunner.stop;
// A worker that stored a message asks for the message e-mails' pass by its 5 minutes (ADR 005); ignored until the jobs start.
cluster.on("message", (_worker, /** @type {unknown} */ message) => isJobWakeUp(message) && jobRunner.wake(message.job, message.at));
/** After the workers have closed the database: Litestream ships the last writes, then the process exits. @param {number} code */
const exitAfterReplica = (code) => void (replicator ? replicator.stop() : Promise.resolve()).finally(() => process.exit(code));
superviseWorkers(settings, () => {
  // Once the site is up: a job's child would otherwise compete with the workers' start for the CPU.
  jobRunner.start(jobs);
  writeServerFile(settings.dataDir, { pid: process.pid, host: settings.host, port: settings.port });
  const address = `http://${settings.host === "0.0.0.0" ? "localhost" : settings.host}:${settings.port}`;
  const workers = `${settings.webConcurrency} worker${settings.webConcurrency === 1 ? "" : "s"}`;
  const { commit } = readRelease(path.dirname(path.dirname(APP)));
  console.log(`Classificados Patos on ${address} (${settings.nodeEnv}, ready in ${elapsed()}s, ${workers}, release ${commit ?? "unknown"})`);
});

/**
 * The web workers: forks them, replaces one that dies, and on SIGTERM/SIGINT asks each to finish its
 * requests (and a running job to stop) and leaves when all have. A worker dying before any is
 * listening (a bad port, say) ends start-up instead of looping.
 * @param {EntrySettings} settings @param {() => void} onReady
 */
function superviseWorkers(settings, onReady) {
  const count = settings.webConcurrency;
  // The workers' metrics cross IPC as structured clones, like the jobs' (forkApp): JSON would turn +Inf into null.
  cluster.setupPrimary({ exec: APP, execArgv: [...process.execArgv, ...heap], serialization: "advanced" });
  let alive = 0;
  let listening = 0;
  /** @type {Promise<unknown> | null} */
  let stopping = null;
  const fork = () => {
    alive++;
    cluster.fork(childEnv);
  };
  cluster.on("listening", () => {
    listening++;
    if (listening === count) onReady();
  });
  cluster.on("exit", (worker, code, signal) => {
    alive--;
    // A clean exit is a worker that was asked to stop (Ctrl+C reaches the workers first, too).
    if (stopping || (code === 0 && !signal)) {
      if (alive === 0) void (stopping ?? stopJobs()).then(() => exitAfterReplica(0));
      return;
    }
    if (listening === 0) {
      console.error(`A web worker failed to start (exit ${signal ?? code}); stopping.`);
      void stopJobs().then(() => exitAfterReplica(1));
      return;
    }
    console.error(`Web worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    fork();
  });
  /** @param {NodeJS.Signals} signal */
  const stop = (signal) => {
    if (stopping) return;
    console.log(`${signal} received: closing`);
    stopping = stopJobs();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  for (let i = 0; i < count; i++) fork();
}
