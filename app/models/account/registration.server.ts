/**
 * Creating an account with e-mail and password (the /register page and POST /api/register).
 * Sign-ups are throttled per client address (THROTTLE_POLICIES.register), counted before the costly
 * argon2id hash, and the hash itself waits its turn in the shared hash line (services/password-hash.server.ts).
 */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword } from "~/models/account/password-hasher.server";
import { PasswordHashBusyError } from "~/services/password-hash.server";
import { tooManySignUpsMessage } from "~/models/account/account";
import { SERVER_BUSY, type FlowResult } from "~/models/account/sign-in.server";
import { countAttempt, forgetAttempt, throttleKeys } from "~/models/account/throttle.server";
import { insertUserWithFreeUsername, normalizeEmail, toPublicUser, type PublicUser } from "~/models/account/users.server";

export const EMAIL_TAKEN_MESSAGE = "Este email já está cadastrado";

export async function registerUser(input: {
  name: string;
  email: string;
  password: string;
  username?: string;
  /** The client's address (clientIp), for the per-address throttle; null when unknown. */
  ip?: string | null;
}): Promise<FlowResult<PublicUser>> {
  const attempt = countAttempt("register", throttleKeys("register", null, input.ip ?? null));
  if (!attempt.ok) {
    return { ok: false, status: 429, message: tooManySignUpsMessage(attempt.retryAfterMinutes), retryAfterMinutes: attempt.retryAfterMinutes };
  }
  const email = normalizeEmail(input.email);
  if (db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()) {
    return { ok: false, status: 409, message: EMAIL_TAKEN_MESSAGE };
  }
  let password: string;
  try {
    password = await hashPassword(input.password);
  } catch (error) {
    if (!(error instanceof PasswordHashBusyError)) throw error;
    // Refused before any work: it does not count toward the client's sign-ups.
    forgetAttempt(attempt.ids);
    return SERVER_BUSY;
  }
  const base = input.username?.trim() || email.split("@")[0] || "usuario";
  const row = insertUserWithFreeUsername({ email, fullName: input.name.trim(), password, provider: "local" }, base);
  if (!row) return { ok: false, status: 409, message: EMAIL_TAKEN_MESSAGE };
  return { ok: true, value: toPublicUser(row) };
}
