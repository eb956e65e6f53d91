/**
 * The throttles of the account flows: attempts counted per key ("login-email:…", "login-ip:…",
 * "forgot-email:…", "register-ip:…") in the database, so every worker sees them.
 *
 * An attempt is counted *before* the slow work it guards (a password hash), by `countAttempt`: one
 * IMMEDIATE transaction reads the keys' counts and inserts the attempt while holding SQLite's write
 * lock, so two requests — in one process or in two workers — can never both see "9 of 10" and both go
 * on. N parallel attempts get through at most `max` times; the rest are refused before any hashing.
 * A flow that turns out not to be a guess (a correct password) takes its attempt back (`forgetAttempt`).
 */
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { authAttempts } from "~/db/schema";
import { getEnv } from "~/env.server";
import { normalizeEmail } from "~/models/account/users.server";

export type ThrottleKind = "login" | "forgot" | "register" | "report" | "report-ip" | "ai-description";

export type ThrottlePolicy = { max: number; windowMs: number };

const MINUTE = 60_000;

/** How many attempts per key each flow allows, and in which sliding window. */
export const THROTTLE_POLICIES: Record<ThrottleKind, ThrottlePolicy> = {
  // Ten failed sign-ins (or reset requests) per e-mail or per address in 15 minutes.
  login: { max: 10, windowMs: 15 * MINUTE },
  forgot: { max: 10, windowMs: 15 * MINUTE },
  // Each sign-up costs a 64 MiB argon2id hash and creates an account: ten per address per hour.
  register: { max: getEnv().REGISTER_THROTTLE_MAX, windowMs: 60 * MINUTE },
  // 'Denunciar anúncio' (models/ad/reports.server.ts): five reports per visitor an hour, and thirty per
  // address (many phones share one address behind a carrier's NAT).
  report: { max: 5, windowMs: 60 * MINUTE },
  "report-ip": { max: 30, windowMs: 60 * MINUTE },
  // 'Gerar com IA': a person pressing again and again stays well below this; a script does not.
  "ai-description": { max: 20, windowMs: MINUTE },
};

/** Rows older than every window count for nothing and are swept. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(THROTTLE_POLICIES).map((policy) => policy.windowMs));

/** The keys an attempt counts against: its e-mail (when the flow has one) and its address (when known). */
export function throttleKeys(kind: ThrottleKind, email: string | null, ip: string | null) {
  const keys: string[] = [];
  if (email) keys.push(`${kind}-email:${normalizeEmail(email)}`);
  if (ip) keys.push(`${kind}-ip:${ip}`);
  return keys;
}

/** Let through (this attempt's rows, to take back later), or refused with the minutes to wait. */
export type AttemptResult = { ok: true; ids: number[] } | { ok: false; retryAfterMinutes: number };

/**
 * Counts one attempt against every key, atomically: refused (and not recorded) when any key already
 * has `max` attempts in its window, otherwise recorded at once — before the caller does the slow part.
 */
export function countAttempt(kind: ThrottleKind, keys: string[], now = new Date()): AttemptResult {
  const { max, windowMs } = THROTTLE_POLICIES[kind];
  if (!keys.length) return { ok: true, ids: [] };
  const since = new Date(now.getTime() - windowMs);
  return writeTransaction(
    (tx) => {
      tx.delete(authAttempts)
        .where(lt(authAttempts.createdAt, new Date(now.getTime() - LONGEST_WINDOW_MS)))
        .run();
      let waitMs: number | null = null;
      for (const key of keys) {
        const rows = tx
          .select({ createdAt: authAttempts.createdAt })
          .from(authAttempts)
          .where(and(eq(authAttempts.key, key), gt(authAttempts.createdAt, since)))
          .orderBy(authAttempts.createdAt)
          .all();
        if (rows.length >= max) {
          // The key frees up once enough of its attempts leave the window to fall below the limit.
          const freeing = rows[rows.length - max]!.createdAt.getTime() + windowMs - now.getTime();
          waitMs = Math.max(waitMs ?? 0, freeing);
        }
      }
      if (waitMs !== null) return { ok: false, retryAfterMinutes: Math.max(1, Math.ceil(waitMs / MINUTE)) };
      const ids = tx
        .insert(authAttempts)
        .values(keys.map((key) => ({ key, createdAt: now })))
        .returning({ id: authAttempts.id })
        .all()
        .map((row) => row.id);
      return { ok: true, ids };
    },
  );
}

/** Takes back an attempt `countAttempt` let through (it was not a guess, or the server could not serve it). */
export function forgetAttempt(ids: number[]) {
  if (ids.length) db.delete(authAttempts).where(inArray(authAttempts.id, ids)).run();
}

/** Forgets every attempt counted against these keys (a correct password clears its e-mail's count). */
export function clearAttempts(keys: string[]) {
  if (keys.length) db.delete(authAttempts).where(inArray(authAttempts.key, keys)).run();
}
