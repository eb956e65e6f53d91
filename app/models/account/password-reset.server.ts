/**
 * Password reset: a single-use token valid for one hour, stored as its SHA-256, sent by e-mail.
 * The answer never says whether the e-mail has an account.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { hashPassword } from "~/models/account/password-hasher.server";
import { PasswordHashBusyError } from "~/services/password-hash.server";
import { MESSAGES } from "~/models/account/account";
import { displayName } from "~/models/account/user";
import { deviceProofFor } from "~/models/account/device-proof.server";
import { refusedGuess, SERVER_BUSY, type FlowResult, type SignedIn } from "~/models/account/sign-in.server";
import { admitGuess } from "~/models/account/throttle.server";
import { normalizeEmail, toPublicUser, type PublicUser } from "~/models/account/users.server";
import { hashToken } from "~/models/session/session.server";
import { sendMail } from "~/models/mail/mailer.server";


export const RESET_TOKEN_MS = 60 * 60 * 1000;
/**
 * While an e-mail is being flooded with reset requests, at most one new link a minute: the newest
 * e-mail's link stays valid (a token is only replaced by one that is mailed), so the owner always
 * has one that works, and the inbox is not buried.
 */
const FLOODED_RESET_GAP_MS = 60 * 1000;

/**
 * A fresh reset token for the account with this e-mail, or null when there is none (callers answer the
 * same) — or, with `flooded`, when the last one was made less than a minute ago.
 */
export function createPasswordResetToken(email: string, { now = new Date(), flooded = false } = {}): { user: PublicUser; token: string } | null {
  const row = db.select().from(users).where(eq(users.email, normalizeEmail(email))).get();
  if (!row) return null;
  const lastIssuedAt = row.resetTokenExpires ? row.resetTokenExpires.getTime() - RESET_TOKEN_MS : null;
  if (flooded && lastIssuedAt !== null && now.getTime() - lastIssuedAt < FLOODED_RESET_GAP_MS) return null;
  const token = randomBytes(32).toString("base64url");
  db.update(users)
    .set({ resetToken: hashToken(token), resetTokenExpires: new Date(now.getTime() + RESET_TOKEN_MS) })
    .where(eq(users.id, row.id))
    .run();
  return { user: toPublicUser(row), token };
}

/**
 * Sets the new password when the token is valid and unexpired, consumes the token and ends every
 * session of the user except `keepSessionId` (the request's own, if it had one). Null for a bad token.
 * The new password's device proof is for the browser or client that used the link: it becomes a known
 * device of the account (every other device's proof ends with the old password).
 */
export async function resetPasswordWithToken(
  token: string,
  newPassword: string,
  { now = new Date(), keepSessionId }: { now?: Date; keepSessionId?: string } = {},
): Promise<SignedIn | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const findValid = () =>
    db
      .select()
      .from(users)
      .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpires, now)))
      .get();
  const valid = findValid();
  if (!valid) return null;
  const password = await hashPassword(newPassword, { key: valid.email });
  // Re-check after the (slow, async) hash so two concurrent uses of one token cannot both succeed.
  return writeTransaction((tx) => {
    const row = tx
      .select()
      .from(users)
      .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpires, now)))
      .get();
    if (!row) return null;
    tx.update(users).set({ password, resetToken: null, resetTokenExpires: null }).where(eq(users.id, row.id)).run();
    tx.delete(sessions)
      .where(keepSessionId ? and(eq(sessions.userId, row.id), ne(sessions.id, keepSessionId)) : eq(sessions.userId, row.id))
      .run();
    return { user: toPublicUser(row), deviceProof: deviceProofFor(row.id, password) };
  });
}

/** Whether a reset token is still usable (the page says so before asking for a new password). */
export function isResetTokenValid(token: string, now = new Date()) {
  if (!token || token.length > 200) return false;
  return Boolean(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.resetToken, hashToken(token)), gt(users.resetTokenExpires, now)))
      .get(),
  );
}

/**
 * Always the same answer for a known or unknown e-mail; every request counts toward the throttle
 * (`admitGuess`, as sign-in: the address that floods gets 429, the owner elsewhere only waits).
 * The link in the e-mail points at the configured public origin (APP_URL, else localhost), never at
 * a host the request names: a forged Host or X-Forwarded-Host must not send the token elsewhere.
 */
export async function forgotPassword(input: { email: string; ip: string | null }): Promise<FlowResult<string>> {
  const attempt = await admitGuess("forgot", input.email, input.ip);
  if (!attempt.ok) return refusedGuess(attempt);
  const reset = createPasswordResetToken(input.email, { flooded: attempt.waited });
  if (reset) {
    const link = `${getEnv().publicOrigin}/reset-password?${new URLSearchParams({ token: reset.token })}`;
    // Not awaited: a slow SMTP server must not make known e-mails answer slower than unknown ones.
    sendMail({
      to: reset.user.email,
      subject: "Redefinição de senha — Classificados Patos",
      text: [
        `Olá, ${displayName(reset.user)}!`,
        "",
        "Recebemos um pedido para redefinir a senha da sua conta no Classificados Patos.",
        "Para criar uma nova senha, abra o link abaixo (válido por 1 hora, uma única vez):",
        "",
        link,
        "",
        "Se você não pediu a redefinição, ignore este email: sua senha continua a mesma.",
      ].join("\n"),
    }).catch((error: unknown) => {
      // Logged, not shown: the answer must not reveal that this e-mail has an account.
      console.error("[auth] could not send the password reset e-mail", error);
    });
  }
  return { ok: true, value: MESSAGES.forgotPasswordSent };
}

/**
 * Sets a new password from a reset token; the session `keepSessionId` (the request's own) survives, every
 * other ends. The answer carries the device proof the caller hands to the device that used the link.
 */
export async function resetPassword(input: { token: string; password: string; keepSessionId?: string }): Promise<FlowResult<SignedIn>> {
  let done: SignedIn | null;
  try {
    done = await resetPasswordWithToken(input.token, input.password, { keepSessionId: input.keepSessionId });
  } catch (error) {
    if (error instanceof PasswordHashBusyError) return SERVER_BUSY;
    throw error;
  }
  if (!done) return { ok: false, status: 400, message: MESSAGES.resetTokenInvalid };
  return { ok: true, value: done };
}
