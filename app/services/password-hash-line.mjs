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

/** A key may hold at most this share of the line, so one flooded e-mail never fills it for everyone. */
const KEY_SHARE = 2;

/**
 * @typedef {object} LineTicket Who a hash is for: sign-ins name their account (`key`: the e-mail), and
 *   `urgent` marks the account's known device (ADR 010, issue #32). Without a key a job is a key of its own.
 * @property {string} [key]
 * @property {boolean} [urgent]
 */

/**
 * A counting semaphore with a bounded, fair line. `run(task, ticket)` starts the task when a slot is
 * free; while none is, the jobs wait per key and a freed slot goes to the key served least recently
 * (the one that never was first, then by arrival), so a flood of one e-mail takes turns with everyone
 * else instead of queueing ahead of them. Urgent jobs (known devices) go before all others, in their own
 * line of `maxWaiting`. Refused at once (PasswordHashBusyError) when `maxWaiting` jobs wait, or when one
 * key already has half of them.
 * @param {number} maxConcurrent @param {number} maxWaiting
 */
export function createLimiter(maxConcurrent, maxWaiting) {
  const perKey = Math.max(1, Math.floor(maxWaiting / KEY_SHARE));
  let running = 0;
  let clock = 0;
  /** @typedef {{ arrived: number; start: () => void }} Job */
  /** @type {Map<string, { urgent: Job[]; normal: Job[] }>} the keys with jobs waiting */
  const queues = new Map();
  /** @type {Map<string, number>} when each key with jobs running or waiting last got a slot */
  const lastServed = new Map();
  /** @type {Map<string, number>} jobs running per key (a key is forgotten when it has none and none wait) */
  const runningPerKey = new Map();
  const waiting = { urgent: 0, normal: 0 };

  /** @param {"urgent" | "normal"} lane */
  const nextKey = (lane) => {
    /** @type {string | undefined} */
    let best;
    let bestServed = Infinity;
    let bestArrived = Infinity;
    for (const [key, queue] of queues) {
      const head = queue[lane][0];
      if (!head) continue;
      const served = lastServed.get(key) ?? -1;
      if (served < bestServed || (served === bestServed && head.arrived < bestArrived)) {
        best = key;
        bestServed = served;
        bestArrived = head.arrived;
      }
    }
    return best;
  };

  /** @param {string} key */
  const started = (key) => {
    lastServed.set(key, ++clock);
    runningPerKey.set(key, (runningPerKey.get(key) ?? 0) + 1);
  };

  /** @param {string} key */
  const finished = (key) => {
    const left = (runningPerKey.get(key) ?? 1) - 1;
    if (left > 0) runningPerKey.set(key, left);
    else runningPerKey.delete(key);
    if (!left && !queues.has(key)) lastServed.delete(key);
  };

  /** @param {string} key */
  const release = (key) => {
    finished(key);
    const lane = waiting.urgent ? "urgent" : "normal";
    const next = waiting[lane] ? nextKey(lane) : undefined;
    if (next === undefined) {
      running--;
      return;
    }
    const queue = /** @type {{ urgent: Job[]; normal: Job[] }} */ (queues.get(next));
    const job = /** @type {Job} */ (queue[lane].shift());
    waiting[lane]--;
    if (!queue.urgent.length && !queue.normal.length) queues.delete(next);
    started(next);
    job.start();
  };

  let unnamed = 0;
  return {
    /** @template T @param {() => Promise<T>} task @param {LineTicket} [ticket] @returns {Promise<T>} */
    async run(task, ticket = {}) {
      const key = ticket.key ?? `\0job:${++unnamed}`;
      const lane = ticket.urgent ? "urgent" : "normal";
      if (running < maxConcurrent) {
        running++;
        started(key);
      } else {
        const queue = queues.get(key);
        if (waiting[lane] >= maxWaiting || (lane === "normal" && (queue?.normal.length ?? 0) >= perKey)) throw new PasswordHashBusyError();
        // The slot is handed over by release() without `running` ever dropping, so no one jumps the line.
        await new Promise((resolve) => {
          const job = { arrived: ++clock, start: () => resolve(undefined) };
          if (queue) queue[lane].push(job);
          else queues.set(key, lane === "urgent" ? { urgent: [job], normal: [] } : { urgent: [], normal: [job] });
          waiting[lane]++;
        });
      }
      try {
        return await task();
      } finally {
        release(key);
      }
    },
    /** For tests and diagnostics: how many run and how many wait right now. */
    stats: () => ({ running, waiting: waiting.urgent + waiting.normal }),
  };
}

export const SLOT_MESSAGE = "password-hash-slot";

/** @typedef {{ type: typeof SLOT_MESSAGE; op: "acquire" | "release" | "granted" | "busy"; id: number; key?: string; urgent?: boolean }} SlotMessage */

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
    // The account's key is the same in every worker, so its turns are kept machine-wide here.
    const ticket = { key: typeof message.key === "string" ? message.key : undefined, urgent: message.urgent === true };
    line
      .run(
        () =>
          new Promise((done) => {
            if (worker.isDead()) return done(undefined);
            held.set(key, () => done(undefined));
            worker.send(/** @type {SlotMessage} */ ({ type: SLOT_MESSAGE, op: "granted", id: message.id }));
          }),
        ticket,
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
