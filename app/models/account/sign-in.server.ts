/**
 * Signing in with e-mail and password: the same 401 for a wrong e-mail or a wrong password, and the
 * throttle (`admitGuess`: 429 for the address that made too many attempts; for devices that never
 * signed in to the account, a short wait once its e-mail is guessed at from many addresses, and 429
 * past 20 failures; the owner's known device is never held). Each attempt is counted before the slow
 * password check, so parallel guesses cannot all slip in under the limit; the check takes its turn in
 * the hash line under the account's e-mail, known devices first, so a flooded e-mail slows nobody else.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/models/account/password-hasher.server";
import { PasswordHashBusyError, type LineTicket } from "~/services/password-hash.server";
import { MESSAGES, tooManyAttemptsMessage } from "~/models/account/account";
import { deviceProofFor, holdsDeviceProof } from "~/models/account/device-proof.server";
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

type AccountRow = typeof users.$inferSelect;

/**
 * Whether `password` is the account's; false for an unknown e-mail, after the same work (the caller
 * cannot tell which). Throws PasswordHashBusyError when the hash line is full.
 */
async function passwordMatches(row: AccountRow | undefined, password: string, ticket: LineTicket): Promise<boolean> {
  if (!row?.password) {
    await verifyPassword(await dummyPasswordHash(), password, ticket);
    return false;
  }
  return verifyPassword(row.password, password, ticket);
}

/** What an unknown device is told once the account is closed to unknown devices: how the owner still gets in. */
function unknownDevicesMessage(minutes: number) {
  return `Muitas tentativas de entrar nesta conta a partir de aparelhos desconhecidos. Entre por um aparelho em que você já usou a conta, redefina sua senha em “Esqueceu a senha?” ou aguarde ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`;
}

/** The 429 of a guess `admitGuess` refused: minutes for a spent limit, seconds for too many waits at once. */
export function refusedGuess(refused: GuessResult & { ok: false }): FlowResult<never> {
  if (refused.retryAfterSeconds) return { ok: false, status: 429, message: MESSAGES.tooManyAtOnce, retryAfterSeconds: refused.retryAfterSeconds };
  const minutes = refused.retryAfterMinutes!;
  const message = refused.unknownDevices ? unknownDevicesMessage(minutes) : tooManyAttemptsMessage(minutes);
  return { ok: false, status: 429, message, retryAfterMinutes: minutes };
}

/** A sign-in's user and the proof its device keeps for the account (models/account/device-proof.server.ts). */
export type SignedIn = { user: PublicUser; deviceProof: string };

/**
 * Checks e-mail and password. Wrong e-mail and wrong password are the same 401; ten failures for one
 * e-mail from one address, or thirty from one address, within 15 minutes turn into 429 for that
 * address until the window passes; twenty from devices without the account's proof (`deviceProofs`,
 * what the request carries), from any addresses, turn into 429 for every such device. A correct
 * password takes its own attempt back and clears its address's failures for the e-mail; the e-mail's
 * count from other addresses stays (it is theirs).
 */
export async function signIn(input: { email: string; password: string; ip: string | null; deviceProofs: readonly string[] }): Promise<FlowResult<SignedIn>> {
  const address = normalizeEmail(input.email);
  const row = db.select().from(users).where(eq(users.email, address)).get();
  const knownDevice = holdsDeviceProof(row, input.deviceProofs);
  const attempt = await admitGuess("login", input.email, input.ip, { knownDevice });
  if (!attempt.ok) return refusedGuess(attempt);
  let matches: boolean;
  try {
    matches = await passwordMatches(row, input.password, { key: address, urgent: knownDevice });
  } catch (error) {
    if (!(error instanceof PasswordHashBusyError)) throw error;
    // Nothing was checked: not a guess to count.
    forgetAttempt(attempt.ids);
    return SERVER_BUSY;
  }
  // A match means the account has a password, so a proof.
  const deviceProof = matches && row?.password ? deviceProofFor(row.id, row.password) : null;
  if (!row || !deviceProof) return { ok: false, status: 401, message: MESSAGES.invalidCredentialsApi };
  // This address's failures at this e-mail go; its other ones may be guesses at other accounts.
  clearAttempts(attempt.ownKeys);
  forgetAttempt(attempt.ids);
  return { ok: true, value: { user: toPublicUser(row), deviceProof } };
}
