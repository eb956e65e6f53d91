/**
 * Password hashes: argon2id, 64 MiB, 3 passes, one lane (HASH_OPTIONS; 100–300 ms of one core).
 *
 * A hash is the costliest thing the server does, and a burst of sign-ups or sign-ins must not take
 * the machine from the pages: unbounded, eight clients signing up fill libuv's thread pool (which file
 * reads and compression share) and every core, and the home page waits seconds. So every hash and
 * verify takes a slot first: at most MAX_CONCURRENT_HASHES run at once *on the whole machine* (half
 * the cores, at least one), the rest wait in line, and once MAX_WAITING_HASHES wait (or one account
 * already has half of them), a new one is refused at once with PasswordHashBusyError (the flows answer
 * 503 "Servidor ocupado…") instead of holding its connection for seconds. The line is fair per account:
 * a sign-in names its account (`LineTicket.key`, the e-mail) and waiting accounts take turns, known
 * devices first (`urgent`), so one flooded e-mail slows neither other accounts nor its owner's phone.
 *
 * Machine-wide because the web workers (node:cluster, ADR 005) are separate processes: the server's
 * first process keeps the one line (password-hash-line.mjs, plain JavaScript: it never loads the app)
 * and the workers ask it for a slot over the cluster's IPC channel. A process that is not a web worker
 * (the tests, scripts, a job's child) keeps a line of its own.
 */
import cluster from "node:cluster";
import argon2 from "argon2";
import {
  createLimiter,
  isSlotMessage,
  MAX_CONCURRENT_HASHES,
  MAX_WAITING_HASHES,
  PasswordHashBusyError,
  SLOT_MESSAGE,
  type LineTicket,
  type SlotMessage,
} from "./password-hash-line.mjs";

export { createLimiter, MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES, PasswordHashBusyError, type LineTicket };

type Limiter = { run<T>(task: () => Promise<T>, ticket?: LineTicket): Promise<T> };

const localLine = createLimiter(MAX_CONCURRENT_HASHES, MAX_WAITING_HASHES);

/** In a web worker: every hash asks the first process for a slot first, and gives it back after. */
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
      return false; // the first process is gone: this worker is on its way out
    }
  };
  return {
    async run<T>(task: () => Promise<T>, ticket: LineTicket = {}): Promise<T> {
      const id = ++nextId;
      await new Promise<void>((granted, refused) => {
        pending.set(id, { granted, refused });
        if (!send({ type: SLOT_MESSAGE, op: "acquire", id, key: ticket.key, urgent: ticket.urgent })) {
          pending.delete(id);
          refused(new PasswordHashBusyError());
        }
      });
      try {
        return await task();
      } finally {
        send({ type: SLOT_MESSAGE, op: "release", id });
      }
    },
  };
}

const line: Limiter = cluster.isWorker ? borrowSlotsFromPrimary() : localLine;

/** This process's own line: for tests and diagnostics. */
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
/** "test" (the test suite only, PASSWORD_HASH_COST in env-schema.server.ts): one pass over 1 MiB, Argon2's floor. */
const TEST_HASH_OPTIONS = { ...HASH_OPTIONS, memoryCost: 1024, timeCost: 1 } as const;

export type PasswordHashCost = "production" | "test";

export type PasswordHasher = {
  /** May throw PasswordHashBusyError when the line is full. `ticket` names the account it waits for (its turn in the line). */
  hashPassword(password: string, ticket?: LineTicket): Promise<string>;
  /** False for a wrong password or a malformed stored hash; may throw PasswordHashBusyError when the line is full. */
  verifyPassword(hash: string | null, password: string, ticket?: LineTicket): Promise<boolean>;
};

/** Hashes at `cost`, every one through this process's line (the machine's, in a web worker). */
export function createPasswordHasher(cost: PasswordHashCost): PasswordHasher {
  const options = cost === "test" ? TEST_HASH_OPTIONS : HASH_OPTIONS;
  return {
    hashPassword: (password, ticket) => line.run(() => argon2.hash(password, options), ticket),
    async verifyPassword(hash, password, ticket) {
      if (!hash) return false;
      return line.run(async () => {
        try {
          return await argon2.verify(hash, password);
        } catch {
          // A malformed stored hash is a failed login, not a server error.
          return false;
        }
      }, ticket);
    },
  };
}
