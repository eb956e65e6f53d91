/**
 * Signing in with e-mail and password: the same 401 for a wrong e-mail or a wrong password, and the
 * throttle (ten failures per e-mail or per address in 15 minutes answer 429).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/lib/password-hash.server";
import { MESSAGES, tooManyAttemptsMessage } from "~/models/account/account";
import { clearAttempts, recordAttempt, throttledFor, throttleKeys } from "~/models/account/throttle.server";
import { normalizeEmail, toPublicUser, type PublicUser } from "~/models/account/users.server";

/** What an account flow answers: the value, or the status and pt-BR message the route sends. */
export type FlowResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 401 | 409 | 429; message: string; retryAfterMinutes?: number };

// Verified against when the e-mail is unknown, so a wrong e-mail costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** The user for a correct e-mail and password; null for either being wrong (the caller cannot tell which). */
export async function verifyLogin(email: string, password: string): Promise<PublicUser | null> {
  const row = db.select().from(users).where(eq(users.email, normalizeEmail(email))).get();
  if (!row?.password) {
    dummyHash ??= hashPassword(randomBytes(16).toString("hex"));
    await verifyPassword(await dummyHash, password);
    return null;
  }
  return (await verifyPassword(row.password, password)) ? toPublicUser(row) : null;
}

/**
 * Checks e-mail and password. Wrong e-mail and wrong password are the same 401; ten failures for one
 * e-mail or one address within 15 minutes turn into 429 until the window passes.
 */
export async function signIn(input: { email: string; password: string; ip: string | null }): Promise<FlowResult<PublicUser>> {
  const keys = throttleKeys("login", input.email, input.ip);
  const wait = throttledFor(keys);
  if (wait) return { ok: false, status: 429, message: tooManyAttemptsMessage(wait), retryAfterMinutes: wait };
  const user = await verifyLogin(input.email, input.password);
  if (!user) {
    recordAttempt(keys);
    return { ok: false, status: 401, message: MESSAGES.invalidCredentialsApi };
  }
  // Only the e-mail's counter: a correct password says nothing about other accounts tried from this address.
  clearAttempts(keys.slice(0, 1));
  return { ok: true, value: user };
}
