/**
 * Signing in with e-mail and password: the same 401 for a wrong e-mail or a wrong password, and the
 * throttle (`admitGuess`: 429 for the address that made too many attempts, a short wait for everyone
 * once an e-mail is guessed at from many addresses). Each attempt is counted before the slow password
 * check, so parallel guesses cannot all slip in under the limit.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword, PasswordHashBusyError, verifyPassword } from "~/services/password-hash.server";
import { MESSAGES, tooManyAttemptsMessage } from "~/models/account/account";
import { admitGuess, clearAttempts, forgetAttempt, type GuessResult } from "~/models/account/throttle.server";
import { normalizeEmail, toPublicUser, type PublicUser } from "~/models/account/users.server";

/** What an account flow answers: the value, or the status and pt-BR message the route sends. */
export type FlowResult<T> =
  | { ok: true; value: T }
  | { ok: false; status: 400 | 401 | 409 | 429 | 503; message: string; retryAfterMinutes?: number; retryAfterSeconds?: number };

/** Every password hash slot is taken and the line is full: try again in a moment. */
export const SERVER_BUSY = { ok: false, status: 503, message: MESSAGES.serverBusy, retryAfterSeconds: 5 } as const satisfies FlowResult<never>;

// Verified against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

function dummyPasswordHash() {
  dummyHash ??= hashPassword(randomBytes(16).toString("hex")).catch((error: unknown) => {
    // Not kept when it failed (the hash line was full): the next unknown e-mail makes it again.
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}

/**
 * The user for a correct e-mail and password; null for either being wrong (the caller cannot tell
 * which). Throws PasswordHashBusyError when the hash line is full.
 */
export async function verifyLogin(email: string, password: string): Promise<PublicUser | null> {
  const row = db.select().from(users).where(eq(users.email, normalizeEmail(email))).get();
  if (!row?.password) {
    await verifyPassword(await dummyPasswordHash(), password);
    return null;
  }
  return (await verifyPassword(row.password, password)) ? toPublicUser(row) : null;
}

/** The 429 of a guess `admitGuess` refused: minutes for a spent limit, seconds for too many waits at once. */
export function refusedGuess(refused: GuessResult & { ok: false }): FlowResult<never> {
  if (refused.retryAfterSeconds) return { ok: false, status: 429, message: MESSAGES.tooManyAtOnce, retryAfterSeconds: refused.retryAfterSeconds };
  const minutes = refused.retryAfterMinutes!;
  return { ok: false, status: 429, message: tooManyAttemptsMessage(minutes), retryAfterMinutes: minutes };
}

/**
 * Checks e-mail and password. Wrong e-mail and wrong password are the same 401; ten failures for one
 * e-mail from one address, or thirty from one address, within 15 minutes turn into 429 for that
 * address until the window passes. A correct password takes its own attempt back and clears its
 * address's failures for the e-mail; the e-mail's count from other addresses stays (it is theirs).
 */
export async function signIn(input: { email: string; password: string; ip: string | null }): Promise<FlowResult<PublicUser>> {
  const attempt = await admitGuess("login", input.email, input.ip);
  if (!attempt.ok) return refusedGuess(attempt);
  let user: PublicUser | null;
  try {
    user = await verifyLogin(input.email, input.password);
  } catch (error) {
    if (!(error instanceof PasswordHashBusyError)) throw error;
    // Nothing was checked: not a guess to count.
    forgetAttempt(attempt.ids);
    return SERVER_BUSY;
  }
  if (!user) return { ok: false, status: 401, message: MESSAGES.invalidCredentialsApi };
  // This address's failures at this e-mail go; its other ones may be guesses at other accounts.
  clearAttempts(attempt.ownKeys);
  forgetAttempt(attempt.ids);
  return { ok: true, value: user };
}
