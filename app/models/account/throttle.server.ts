/**
 * The throttles of the account flows: attempts counted per key ("login-pair:…", "login-ip:…",
 * "login-email:…", "register-ip:…") in the database, so every worker sees them.
 *
 * An attempt is counted *before* the slow work it guards (a password hash), by `countAttempt`: one
 * IMMEDIATE transaction reads the keys' counts and inserts the attempt while holding SQLite's write
 * lock, so two requests — in one process or in two workers — can never both see "9 of 10" and both go
 * on. N parallel attempts get through at most `max` times; the rest are refused before any hashing.
 * A flow that turns out not to be a guess (a correct password) takes its attempt back (`forgetAttempt`).
 * Sign-in and reset requests go through `admitGuess`, whose per-e-mail limit delays instead of refusing
 * (docs/decisions/010-account-abuse-limits.md, amendment) — except sign-ins from unknown devices, which
 * share an account-wide cap (second amendment).
 */
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { authAttempts } from "~/db/schema";
import { getEnv } from "~/env.server";
import { networkOf } from "~/lib/ip";
import { normalizeEmail } from "~/models/account/users.server";

export type ThrottleKind = "login" | "login-ip" | "login-unknown-devices" | "forgot" | "forgot-ip" | "register" | "report" | "report-ip" | "ai-description" | "message-start" | "message-start-new-account" | "message" | "message-draft";

export type ThrottlePolicy = { max: number; windowMs: number };

const MINUTE = 60_000;

/** How many attempts per key each flow allows, and in which sliding window. */
export const THROTTLE_POLICIES: Record<ThrottleKind, ThrottlePolicy> = {
  // Ten failed sign-ins (or reset requests) per address and e-mail, thirty per address, in 15 minutes.
  // Per e-mail from every address nothing is refused (that would let anyone lock the owner out): past
  // GUESS_FREE_PER_EMAIL each attempt waits instead (`admitGuess`).
  login: { max: 10, windowMs: 15 * MINUTE },
  "login-ip": { max: 30, windowMs: 15 * MINUTE },
  // Sign-ins at one account from devices that never signed in to it (no device proof), whatever the
  // addresses: past 20 failures in 15 minutes they are refused, the right password too. The owner's
  // known devices are not counted here and never refused by it (models/account/device-proof.server.ts).
  "login-unknown-devices": { max: 20, windowMs: 15 * MINUTE },
  forgot: { max: 10, windowMs: 15 * MINUTE },
  "forgot-ip": { max: 30, windowMs: 15 * MINUTE },
  // Each sign-up costs a 64 MiB argon2id hash and creates an account: ten per address per hour.
  register: { max: getEnv().REGISTER_THROTTLE_MAX, windowMs: 60 * MINUTE },
  // 'Denunciar anúncio' (models/report/reports.server.ts): five reports per visitor an hour, and thirty per
  // address (many phones share one address behind a carrier's NAT).
  report: { max: 5, windowMs: 60 * MINUTE },
  "report-ip": { max: 30, windowMs: 60 * MINUTE },
  // The paid AI ('Gerar com IA', the moderation test): a person pressing again and again stays well
  // below this; a script does not.
  "ai-description": { max: 20, windowMs: MINUTE },
  // Messages (models/message/conversations.server.ts, issue #37): new conversations per account a day,
  // fewer while the account is younger than a day (both kinds count one key, so the day's total carries
  // over when the account comes of age), and messages per person and conversation an hour.
  "message-start": { max: 20, windowMs: 24 * 60 * MINUTE },
  "message-start-new-account": { max: 5, windowMs: 24 * 60 * MINUTE },
  message: { max: 30, windowMs: 60 * MINUTE },
  // Texts a visitor without an account leaves for a seller while they sign in (models/message/drafts.server.ts):
  // per address, as nobody is known yet; a person writes to a few sellers an hour, a script fills the table.
  "message-draft": { max: 30, windowMs: 60 * MINUTE },
};

/** Guesses per e-mail (from every address) in GUESS_WINDOW_MS that go through without waiting. */
export const GUESS_FREE_PER_EMAIL = 10;
const GUESS_WINDOW_MS = 15 * MINUTE;

/** Rows older than every window count for nothing and are swept. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(THROTTLE_POLICIES).map((policy) => policy.windowMs));

/**
 * The key of an address's attempts of `kind`: an IPv4 address as itself, an IPv6 address by its /64,
 * which one home or phone holds whole and picks addresses in at will (lib/ip.ts): counted per address,
 * a script would get a fresh limit with every one of its 2^64.
 */
export function addressKey(kind: string, ip: string): string {
  return `${kind}-ip:${networkOf(ip)}`;
}

/** The keys an attempt counts against: its e-mail (when the flow has one) and its address (when known). */
export function throttleKeys(kind: ThrottleKind, email: string | null, ip: string | null) {
  const keys: string[] = [];
  if (email) keys.push(`${kind}-email:${normalizeEmail(email)}`);
  if (ip) keys.push(addressKey(kind, ip));
  return keys;
}

/** Let through (this attempt's rows, to take back later), or refused with the minutes to wait. */
export type AttemptResult = { ok: true; ids: number[] } | { ok: false; retryAfterMinutes: number };

type Refused = { ok: false; retryAfterMinutes: number; atLimit: string[] };

/** A key to count an attempt against, and the policy that refuses it (none: counted, never refused). */
type CountedKey = { key: string; policy: ThrottlePolicy | null };

/**
 * Counts one attempt against every key, atomically: refused (and not recorded) when any key already
 * has `max` attempts in its window, otherwise recorded at once — before the caller does the slow part.
 * Also says how many attempts each key had before this one (in the key's window; 15 minutes for a key
 * without a policy), or, when refused, which keys were at their limit.
 */
function countAttemptUnder(keys: CountedKey[], now: Date): Refused | { ok: true; ids: number[]; before: number[] } {
  if (!keys.length) return { ok: true, ids: [], before: [] };
  // Refused on a plain read first, without SQLite's write lock: a flood of refused attempts (an
  // account closed to unknown devices, say) must not queue every other sign-in's write behind its own.
  const early = readCounts(db, keys, now);
  if (early.refused) return early.refused;
  return writeTransaction((tx) => {
    tx.delete(authAttempts)
      .where(lt(authAttempts.createdAt, new Date(now.getTime() - LONGEST_WINDOW_MS)))
      .run();
    // Read again under the lock: only this answer may let an attempt through.
    const { before, refused } = readCounts(tx, keys, now);
    if (refused) return refused;
    const ids = tx
      .insert(authAttempts)
      .values(keys.map(({ key }) => ({ key, createdAt: now })))
      .returning({ id: authAttempts.id })
      .all()
      .map((row) => row.id);
    return { ok: true, ids, before };
  });
}

/** Each key's attempts in its window, and the refusal when any key is at its limit. */
function readCounts(reader: Pick<typeof db, "select">, keys: CountedKey[], now: Date): { before: number[]; refused: Refused | null } {
  let waitMs: number | null = null;
  const atLimit: string[] = [];
  const before = keys.map(({ key, policy }) => {
    const windowMs = policy?.windowMs ?? GUESS_WINDOW_MS;
    const rows = reader
      .select({ createdAt: authAttempts.createdAt })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, key), gt(authAttempts.createdAt, new Date(now.getTime() - windowMs))))
      .orderBy(authAttempts.createdAt)
      .all();
    if (policy && rows.length >= policy.max) {
      // The key frees up once enough of its attempts leave the window to fall below the limit.
      const freeing = rows[rows.length - policy.max]!.createdAt.getTime() + windowMs - now.getTime();
      waitMs = Math.max(waitMs ?? 0, freeing);
      atLimit.push(key);
    }
    return rows.length;
  });
  const refused: Refused | null = waitMs === null ? null : { ok: false, retryAfterMinutes: Math.max(1, Math.ceil(waitMs / MINUTE)), atLimit };
  return { before, refused };
}

/** Counts one attempt of `kind` against every key (`countAttemptUnder`), all under the kind's policy. */
export function countAttempt(kind: ThrottleKind, keys: string[], now = new Date()): AttemptResult {
  const result = countAttemptUnder(
    keys.map((key) => ({ key, policy: THROTTLE_POLICIES[kind] })),
    now,
  );
  return result.ok ? { ok: true, ids: result.ids } : { ok: false, retryAfterMinutes: result.retryAfterMinutes };
}

/**
 * The wait before the next guess at an e-mail that already had `failures` in the window: none up to
 * GUESS_FREE_PER_EMAIL, then doubling from a sixteenth of the cap up to the cap (5 s by default:
 * 0.3, 0.6, 1.25, 2.5, 5, 5… s). A person who forgot a password barely notices; a script guessing
 * from many addresses gets one guess per address every few seconds at most.
 */
export function guessDelayMs(failures: number, maxMs = getEnv().AUTH_GUESS_DELAY_MAX_MS) {
  const beyond = failures - GUESS_FREE_PER_EMAIL;
  if (beyond < 0) return 0;
  return Math.round(maxMs / 2 ** Math.max(0, 4 - beyond));
}

/**
 * Waits under way in this process, per (flow, e-mail, address) and per (flow, address). Each wait is a
 * timer and the request it holds; the caps keep one address from piling them up. Nobody else waits
 * less for it: the owner, from another address, has slots of their own.
 */
const waiting = new Map<string, number>();
const GUESS_WAITS_PER_ADDRESS_AND_EMAIL = 2;
const GUESS_WAITS_PER_ADDRESS = 5;

async function waitInLine(slots: [key: string, cap: number][], ms: number): Promise<boolean> {
  if (slots.some(([key, cap]) => (waiting.get(key) ?? 0) >= cap)) return false;
  for (const [key] of slots) waiting.set(key, (waiting.get(key) ?? 0) + 1);
  try {
    // A timer, not a busy wait: the event loop serves everyone else meanwhile.
    await sleep(ms);
  } finally {
    for (const [key] of slots) {
      const left = (waiting.get(key) ?? 1) - 1;
      if (left > 0) waiting.set(key, left);
      else waiting.delete(key);
    }
  }
  return true;
}

export type GuessResult =
  | { ok: true; ids: number[]; ownKeys: string[]; waited: boolean }
  | { ok: false; retryAfterMinutes: number; retryAfterSeconds?: never; unknownDevices?: boolean }
  | { ok: false; retryAfterSeconds: number; retryAfterMinutes?: never; unknownDevices?: never };

/**
 * Admits one guess at an account (a password or a reset request), before the work it guards:
 * - refused (429, minutes) past 10 per (address, e-mail) or 30 per address in 15 minutes — limits
 *   that only ever stop the address that made the attempts;
 * - a sign-in from an unknown device (`knownDevice` false): counted against the account from every
 *   address and refused (429, minutes, `unknownDevices`, after the longest wait) past 20 in 15 minutes;
 *   below that, past GUESS_FREE_PER_EMAIL, the guess waits (`guessDelayMs`). Refused attempts are not
 *   counted, so one address alone (10 at most) never closes the account;
 * - a sign-in from the account's known device: not counted against the account, never waits;
 * - a reset request: counted per e-mail, never refused, waits past GUESS_FREE_PER_EMAIL (its own key:
 *   it never counts toward the sign-ins' cap);
 * - refused (429, seconds) when this address already has its share of waits under way.
 * `ownKeys` are the keys of this address's own failures, for the caller to clear on a success;
 * `waited` says the e-mail is being flooded.
 * Without a known address only the e-mail's limits apply.
 */
export async function admitGuess(
  flow: "login" | "forgot",
  email: string,
  clientIp: string | null,
  { now = new Date(), knownDevice = false }: { now?: Date; knownDevice?: boolean } = {},
): Promise<GuessResult> {
  const address = normalizeEmail(email);
  // The client's network (IPv6: its /64, `addressKey`), for every key and wait below.
  const ip = clientIp === null ? null : networkOf(clientIp);
  const pairKey = ip ? `${flow}-pair:${address} ${ip}` : null;
  const accountKey = `${flow}-email:${address}`;
  const keys: CountedKey[] = [];
  if (!knownDevice) keys.push({ key: accountKey, policy: flow === "login" ? THROTTLE_POLICIES["login-unknown-devices"] : null });
  if (ip) keys.push({ key: pairKey!, policy: THROTTLE_POLICIES[flow] }, { key: addressKey(flow, ip), policy: THROTTLE_POLICIES[`${flow}-ip`] });
  const slots: [string, number][] = [[`${flow}:${address} ${ip ?? ""}`, GUESS_WAITS_PER_ADDRESS_AND_EMAIL]];
  if (ip) slots.push([`${flow}:${ip}`, GUESS_WAITS_PER_ADDRESS]);
  const attempt = countAttemptUnder(keys, now);
  if (!attempt.ok) {
    const { retryAfterMinutes, atLimit } = attempt;
    const unknownDevices = atLimit.includes(accountKey);
    // An account closed to unknown devices answers them as slowly as its last guesses were let through
    // (within the address's share of waits; past it, at once): answered at once, clients looping on the
    // refusal took the CPU from everyone's sign-ins (ADR 010, second amendment, measured).
    if (unknownDevices && atLimit.length === 1) await waitInLine(slots, getEnv().AUTH_GUESS_DELAY_MAX_MS);
    return { ok: false, retryAfterMinutes, unknownDevices };
  }
  const delayMs = knownDevice ? 0 : guessDelayMs(attempt.before[0]!);
  if (delayMs > 0) {
    if (!(await waitInLine(slots, delayMs))) {
      // Not made: not a guess to count.
      forgetAttempt(attempt.ids);
      return { ok: false, retryAfterSeconds: Math.ceil(getEnv().AUTH_GUESS_DELAY_MAX_MS / 1000) || 1 };
    }
  }
  return { ok: true, ids: attempt.ids, ownKeys: pairKey ? [pairKey] : [], waited: delayMs > 0 };
}

/** Takes back an attempt `countAttempt` let through (it was not a guess, or the server could not serve it). */
export function forgetAttempt(ids: number[]) {
  if (ids.length) db.delete(authAttempts).where(inArray(authAttempts.id, ids)).run();
}

/** Forgets every attempt counted against these keys (a correct password clears its address's failures at its e-mail). */
export function clearAttempts(keys: string[]) {
  if (keys.length) db.delete(authAttempts).where(inArray(authAttempts.key, keys)).run();
}
