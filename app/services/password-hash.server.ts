/**
 * Password hashes: argon2id, 64 MiB, 3 passes, one lane (HASH_OPTIONS; 100–300 ms of one core).
 *
 * A hash is the costliest thing the server does, and a burst of sign-ups or sign-ins must not take
 * the machine from the pages: unbounded, eight clients signing up fill libuv's thread pool (which file
 * reads and compression share) and every core, and the home page waits seconds. So every hash and
 * verify takes a slot first: at most MAX_CONCURRENT_HASHES run at once *on the whole machine* (half
 * the cores, at least one), the rest wait in line in arrival order, and once MAX_WAITING_HASHES wait, a
 * new one is refused at once with PasswordHashBusyError (the flows answer 503 "Servidor ocupado…")
 * instead of holding its connection for seconds.
 *
 * Machine-wide because the web workers (node:cluster, ADR 005) are separate processes: the primary
 * process keeps the one line and the workers ask it for a slot over the cluster's IPC channel. A
 * process without workers (WEB_CONCURRENCY=1, the tests, scripts) keeps the line itself.
 */
import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import argon2 from "argon2";

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

type Limiter = { run<T>(task: () => Promise<T>): Promise<T> };

/** A counting semaphore with a bounded line: `run(task)` starts it when a slot is free, in arrival order. */
export function createLimiter(maxConcurrent: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < maxConcurrent) running++;
      else if (waiting.length >= maxWaiting) throw new PasswordHashBusyError();
      // The slot is handed over by release() without `running` ever dropping, so no one jumps the line.
      else await new Promise<void>((resolve) => waiting.push(resolve));
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

// ------------------------------------------------------------------------------------------------
// One line for the machine: the primary process lends slots to its web workers.
// ------------------------------------------------------------------------------------------------

const MESSAGE = "password-hash-slot";
type SlotMessage = { type: typeof MESSAGE; op: "acquire" | "release" | "granted" | "busy"; id: number };

function isSlotMessage(message: unknown): message is SlotMessage {
  return typeof message === "object" && message !== null && (message as { type?: unknown }).type === MESSAGE;
}

const localLine = createLimiter(MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES);

/** In the primary: holds each worker's slot until the worker says it is done (or dies). */
function lendSlotsToWorkers() {
  const held = new Map<string, () => void>();
  const keyOf = (worker: Worker, id: number) => `${worker.id}:${id}`;
  cluster.on("message", (worker, message: unknown) => {
    if (!isSlotMessage(message)) return;
    const key = keyOf(worker, message.id);
    if (message.op === "release") {
      held.get(key)?.();
      held.delete(key);
      return;
    }
    if (message.op !== "acquire") return;
    localLine
      .run(
        () =>
          new Promise<void>((done) => {
            if (worker.isDead()) return done();
            held.set(key, done);
            worker.send({ type: MESSAGE, op: "granted", id: message.id } satisfies SlotMessage);
          }),
      )
      .catch(() => {
        if (!worker.isDead()) worker.send({ type: MESSAGE, op: "busy", id: message.id } satisfies SlotMessage);
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

/** In a web worker: every hash asks the primary for a slot first, and gives it back after. */
function borrowSlotsFromPrimary(): Limiter {
  let nextId = 0;
  const pending = new Map<number, { granted: () => void; refused: (error: Error) => void }>();
  process.on("message", (message: unknown) => {
    if (!isSlotMessage(message)) return;
    const waiter = pending.get(message.id);
    if (!waiter) return;
    pending.delete(message.id);
    if (message.op === "granted") waiter.granted();
    else waiter.refused(new PasswordHashBusyError());
  });
  const send = (message: SlotMessage) => {
    try {
      process.send?.(message);
      return true;
    } catch {
      return false; // the primary is gone: this worker is on its way out
    }
  };
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      const id = ++nextId;
      await new Promise<void>((granted, refused) => {
        pending.set(id, { granted, refused });
        if (!send({ type: MESSAGE, op: "acquire", id })) {
          pending.delete(id);
          refused(new PasswordHashBusyError());
        }
      });
      try {
        return await task();
      } finally {
        send({ type: MESSAGE, op: "release", id });
      }
    },
  };
}

// The primary evaluates this module too (server.ts imports the whole build before forking).
if (cluster.isPrimary) lendSlotsToWorkers();
const line: Limiter = cluster.isWorker ? borrowSlotsFromPrimary() : localLine;

/** This process's own line (the machine's, in the primary): for tests and diagnostics. */
export function passwordHashStats() {
  return localLine.stats();
}

/**
 * argon2id, 64 MiB, 3 passes, on one thread. The library's default of 4 lanes runs a hash on 4 threads,
 * so one slot of the line took every core of a 2-core machine and a sign-up flood still tripled the
 * pages' p95. One lane keeps a slot to one core; the memory and passes, which are what make the hash
 * costly to guess, stay the same. Hashes made before keep their 4 lanes (argon2 reads them from the hash).
 */
const HASH_OPTIONS = { type: argon2.argon2id, parallelism: 1 } as const;

/** May throw PasswordHashBusyError when the line is full. */
export function hashPassword(password: string) {
  return line.run(() => argon2.hash(password, HASH_OPTIONS));
}

/** False for a wrong password or a malformed stored hash; may throw PasswordHashBusyError when the line is full. */
export async function verifyPassword(hash: string | null, password: string) {
  if (!hash) return false;
  return line.run(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      // A malformed stored hash is a failed login, not a server error.
      return false;
    }
  });
}
