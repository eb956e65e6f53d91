// @ts-check
/**
 * The machine's one line for password hashes (password-hash.server.ts says why), in plain JavaScript
 * with Node alone: the server's first process (server/entry.mjs) keeps it for every web worker without
 * loading the app, and the app uses the same limiter and messages.
 */
import cluster from "node:cluster";
import os from "node:os";

export const MAX_CONCURRENT_HASHES = Math.max(1, Math.floor(os.availableParallelism() / 2));
/** With one slot at 50–200 ms a hash, the last of a full line waits 1.5–6 s: past that, "try again". */
export const MAX_WAITING_HASHES = 32;

/** The hash line is full: the caller answers 503 and the client tries again in a moment. */
export class PasswordHashBusyError extends Error {
  constructor() {
    super("too many password hashes waiting");
    this.name = "PasswordHashBusyError";
  }
}

/**
 * A counting semaphore with a bounded line: `run(task)` starts it when a slot is free, in arrival order.
 * @param {number} maxConcurrent @param {number} maxWaiting
 */
export function createLimiter(maxConcurrent, maxWaiting) {
  let running = 0;
  /** @type {(() => void)[]} */
  const waiting = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    /** @template T @param {() => Promise<T>} task @returns {Promise<T>} */
    async run(task) {
      if (running < maxConcurrent) running++;
      else if (waiting.length >= maxWaiting) throw new PasswordHashBusyError();
      // The slot is handed over by release() without `running` ever dropping, so no one jumps the line.
      else await new Promise((resolve) => waiting.push(() => resolve(undefined)));
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** For tests and diagnostics: how many run and how many wait right now. */
    stats: () => ({ running, waiting: waiting.length }),
  };
}

export const SLOT_MESSAGE = "password-hash-slot";

/** @typedef {{ type: typeof SLOT_MESSAGE; op: "acquire" | "release" | "granted" | "busy"; id: number }} SlotMessage */

/** @param {unknown} message @returns {message is SlotMessage} */
export function isSlotMessage(message) {
  return typeof message === "object" && message !== null && /** @type {{ type?: unknown }} */ (message).type === SLOT_MESSAGE;
}

/** In the first process, before the workers are forked: holds each worker's slot until the worker says it is done (or dies). */
export function lendSlotsToWorkers() {
  const line = createLimiter(MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES);
  /** @type {Map<string, () => void>} */
  const held = new Map();
  /** @param {import("node:cluster").Worker} worker @param {number} id */
  const keyOf = (worker, id) => `${worker.id}:${id}`;
  cluster.on("message", (worker, /** @type {unknown} */ message) => {
    if (!isSlotMessage(message)) return;
    const key = keyOf(worker, message.id);
    if (message.op === "release") {
      held.get(key)?.();
      held.delete(key);
      return;
    }
    if (message.op !== "acquire") return;
    line
      .run(
        () =>
          new Promise((done) => {
            if (worker.isDead()) return done(undefined);
            held.set(key, () => done(undefined));
            worker.send(/** @type {SlotMessage} */ ({ type: SLOT_MESSAGE, op: "granted", id: message.id }));
          }),
      )
      .catch(() => {
        if (!worker.isDead()) worker.send(/** @type {SlotMessage} */ ({ type: SLOT_MESSAGE, op: "busy", id: message.id }));
      });
  });
  // A worker that dies holding slots gives them back.
  cluster.on("exit", (worker) => {
    for (const [key, done] of held) {
      if (!key.startsWith(`${worker.id}:`)) continue;
      done();
      held.delete(key);
    }
  });
}
