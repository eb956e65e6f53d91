// @ts-check
/**
 * A web worker's "run this job sooner" to the first process (server/entry.mjs, ADR 005), in plain
 * JavaScript with Node alone: the first process never loads the app, and both sides use this one
 * message. The first process's job runner (server/job-runner.mjs) brings the job's next run forward to
 * `at` when that is earlier than the run it planned; a wake-up never delays a run.
 */
import cluster from "node:cluster";

export const JOB_WAKE_UP = "job:wake-up";

/** @typedef {{ type: typeof JOB_WAKE_UP; job: string; at: number }} JobWakeUp */

/** @param {unknown} message @returns {message is JobWakeUp} */
export function isJobWakeUp(message) {
  if (typeof message !== "object" || message === null) return false;
  const { type, job, at } = /** @type {{ type?: unknown; job?: unknown; at?: unknown }} */ (message);
  return type === JOB_WAKE_UP && typeof job === "string" && typeof at === "number" && Number.isFinite(at);
}

/**
 * Asks the first process to run `job` by `at`. Only a web worker asks: tests, scripts and the job and
 * setup children (whose one message to the first process is their result) have nobody to wake.
 * @param {string} job @param {Date} at
 */
export function wakeJob(job, at) {
  if (!cluster.isWorker || !process.send) return;
  process.send(/** @type {JobWakeUp} */ ({ type: JOB_WAKE_UP, job, at: at.getTime() }));
}
