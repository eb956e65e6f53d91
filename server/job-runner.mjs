// @ts-check
/**
 * The first process's job runner (server/entry.mjs, ADR 005): the jobs of server/jobs.ts, one child at a
 * time (so at most one job's memory is added to the workers'), each at the time the setup child, then
 * its own last run, gave. A run never overlaps the next of the same job.
 *
 * A child that runs past `timeoutMs` (a hung S3 upload, a lock never released) is stopped — SIGTERM,
 * then SIGKILL if it is still there after `killGraceMs` — and its job tried again after `retryMs`, like
 * a crashed one: one hung job must not hold every other job back for good.
 *
 * A web worker may wake a job (app/services/job-wake-up.mjs): its next run is brought forward to the time
 * asked when that is earlier (`broughtForward`). A wake-up that comes while the job runs or waits its turn
 * is kept and applied to the time its child then reports: the child may have looked before the worker wrote.
 *
 * Plain JavaScript, like entry.mjs: production runs it with `node`.
 */

/**
 * @typedef {import("./jobs").ChildMessage} ChildMessage
 * @typedef {{ pid?: number; kill(signal?: NodeJS.Signals): boolean; exitCode: number | null; signalCode: NodeJS.Signals | null }} JobChild
 * @typedef {(name: string) => { child: JobChild; done: Promise<{ message: ChildMessage | null; code: number | null }> }} ForkJob
 */

/**
 * A job's next run once woken for `wakeAt`: the earlier of the two; `wakeAt` when none was planned.
 * @param {number | null} plannedAt @param {number} wakeAt
 */
export const broughtForward = (plannedAt, wakeAt) => (plannedAt === null ? wakeAt : Math.min(plannedAt, wakeAt));

/**
 * @param {{
 *   forkJob: ForkJob;
 *   timeoutMs: number;
 *   retryMs: number;
 *   killGraceMs?: number;
 *   onMetrics?: (metrics: Extract<ChildMessage, { type: "job:done" }>["metrics"]) => void;
 *   log?: Pick<Console, "log" | "error">;
 * }} options
 */
export function createJobRunner({ forkJob, timeoutMs, retryMs, killGraceMs = 10_000, onMetrics = () => {}, log = console }) {
  /** @type {string[]} */
  const due = [];
  /** @type {JobChild | null} */
  let running = null;
  /** @type {string | null} */
  let runningName = null;
  /** @type {Promise<unknown> | null} */
  let finished = null;
  /** @type {Set<string>} The jobs the runner was started with: a wake-up for any other is ignored (a restore drill runs none). */
  const known = new Set();
  /** @type {Map<string, { at: number; timer: NodeJS.Timeout }>} */
  const planned = new Map();
  /** @type {Map<string, number>} The earliest wake-up of each job that is running or waiting its turn. */
  const woken = new Map();
  let stopping = false;
  /** @param {string} name @param {number | null} at */
  const plan = (name, at) => {
    clearTimeout(planned.get(name)?.timer);
    planned.delete(name);
    if (at === null) return;
    const timer = setTimeout(() => (planned.delete(name), due.push(name), next()), Math.max(0, at - Date.now()));
    // unref: a pending run never keeps a stopping server alive.
    timer.unref();
    planned.set(name, { at, timer });
  };
  /** The time a finished run's child gave (or the retry's), brought forward by a wake-up that came meanwhile. @param {string} name @param {number | null} at */
  const planAfterRun = (name, at) => {
    const wakeAt = woken.get(name);
    woken.delete(name);
    plan(name, wakeAt === undefined ? at : broughtForward(at, wakeAt));
  };
  /** @param {JobChild} child */
  const alive = (child) => child.exitCode === null && child.signalCode === null;
  const next = () => {
    if (running || stopping) return;
    const name = due.shift();
    if (!name) return;
    const started = performance.now();
    const { child, done } = forkJob(name);
    running = child;
    runningName = name;
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      log.error(`[jobs] ${name}: still running after ${Math.round(timeoutMs / 60_000)} minutes; stopping its child ${child.pid}`);
      child.kill("SIGTERM");
      setTimeout(() => alive(child) && child.kill("SIGKILL"), killGraceMs).unref();
    }, timeoutMs);
    deadline.unref();
    finished = done.then(({ message, code }) => {
      clearTimeout(deadline);
      running = null;
      runningName = null;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      // A job that finished as its time ran out has finished.
      if (message?.type === "job:done") {
        log.log(`[jobs] ${name}: done in ${seconds}s (child ${child.pid} exited ${code})`);
        onMetrics(message.metrics);
        planAfterRun(name, message.next);
      } else if (!stopping) {
        const why = timedOut ? "was stopped for running too long" : "ended without finishing";
        log.error(`[jobs] ${name}: the child ${child.pid} ${why} (exit ${code}) after ${seconds}s; trying again in ${Math.round(retryMs / 60_000)} minutes`);
        planAfterRun(name, Date.now() + retryMs);
      }
      next();
    });
  };
  return {
    /** @param {{ name: string; at: number | null }[]} scheduled */
    start: (scheduled) => scheduled.forEach(({ name, at }) => (known.add(name), plan(name, at))),
    /** A web worker's wake-up: `name` runs by `at` (never later than it was planned). @param {string} name @param {number} at */
    wake(name, at) {
      if (!known.has(name) || stopping) return;
      if (runningName === name || due.includes(name)) {
        woken.set(name, broughtForward(woken.get(name) ?? null, at));
        return;
      }
      const plannedAt = planned.get(name)?.at ?? null;
      if (broughtForward(plannedAt, at) !== plannedAt) plan(name, at);
    },
    async stop() {
      stopping = true;
      running?.kill("SIGTERM");
      await finished;
    },
  };
}
