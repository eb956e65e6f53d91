/**
 * Accounts: registration, password sign-in, password reset and Google linking. Plain functions on
 * validated input; the routes (pages and /api twins) only parse, call these and answer.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import { db, type Db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { hashPassword, verifyPassword } from "~/lib/password-hash.server";

/** The user as every client sees it (spec 01 §3): never the hash, tokens or Google id. */
export type PublicUser = {
  id: number;
  fullName: string | null;
  username: string;
  email: string;
  isAdmin: boolean;
  avatar: string | null;
};

type UserRow = typeof users.$inferSelect;

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    fullName: row.fullName,
    username: row.username,
    email: row.email,
    isAdmin: row.isAdmin,
    avatar: row.avatar,
  };
}

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export function findUserById(id: number): PublicUser | null {
  const row = db.select().from(users).where(eq(users.id, id)).get();
  return row ? toPublicUser(row) : null;
}

export function findUserByEmail(email: string): PublicUser | null {
  const row = db.select().from(users).where(eq(users.email, normalizeEmail(email))).get();
  return row ? toPublicUser(row) : null;
}

/** A base (the e-mail's local part) made into a free username with a numeric suffix when taken. */
export async function uniqueUsername(database: Db, base: string) {
  const clean = base.toLowerCase().replace(/[^a-z0-9._-]/g, "").slice(0, 40) || "usuario";
  for (let suffix = 0; ; suffix++) {
    const candidate = suffix === 0 ? clean : `${clean}${suffix}`;
    const taken = database.select({ id: users.id }).from(users).where(eq(users.username, candidate)).get();
    if (!taken) return candidate;
  }
}

export const EMAIL_TAKEN_MESSAGE = "Este email já está cadastrado";

export type RegisterResult = { ok: true; user: PublicUser } | { ok: false; message: string };

export async function registerUser(input: {
  name: string;
  email: string;
  password: string;
  username?: string;
}): Promise<RegisterResult> {
  const email = normalizeEmail(input.email);
  if (db.select({ id: users.id }).from(users).where(eq(users.email, email)).get()) {
    return { ok: false, message: EMAIL_TAKEN_MESSAGE };
  }
  const password = await hashPassword(input.password);
  // From here on everything is synchronous, so no other request can take the username in between.
  const base = input.username?.trim() || email.split("@")[0] || "usuario";
  const username = await uniqueUsername(db, base);
  const row = db
    .insert(users)
    .values({ email, username, fullName: input.name.trim(), password, provider: "local" })
    .onConflictDoNothing()
    .returning()
    .get();
  if (!row) return { ok: false, message: EMAIL_TAKEN_MESSAGE };
  return { ok: true, user: toPublicUser(row) };
}

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

// ---------------------------------------------------------------------------------------------
// Password reset: a single-use token valid for one hour, stored as its SHA-256.

export const RESET_TOKEN_MS = 60 * 60 * 1000;

function hashResetToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** A fresh reset token for the account with this e-mail, or null when there is none (callers answer the same). */
export function createPasswordResetToken(email: string, now = new Date()): { user: PublicUser; token: string } | null {
  const row = db.select().from(users).where(eq(users.email, normalizeEmail(email))).get();
  if (!row) return null;
  const token = randomBytes(32).toString("base64url");
  db.update(users)
    .set({ resetToken: hashResetToken(token), resetTokenExpires: new Date(now.getTime() + RESET_TOKEN_MS) })
    .where(eq(users.id, row.id))
    .run();
  return { user: toPublicUser(row), token };
}

/**
 * Sets the new password when the token is valid and unexpired, consumes the token and ends every
 * session of the user except `keepSessionId` (the request's own, if it had one). Null for a bad token.
 */
export async function resetPasswordWithToken(
  token: string,
  newPassword: string,
  { now = new Date(), keepSessionId }: { now?: Date; keepSessionId?: string } = {},
): Promise<PublicUser | null> {
  if (!token || token.length > 200) return null;
  const tokenHash = hashResetToken(token);
  const findValid = () =>
    db
      .select()
      .from(users)
      .where(and(eq(users.resetToken, tokenHash), gt(users.resetTokenExpires, now)))
      .get();
  if (!findValid()) return null;
  const password = await hashPassword(newPassword);
  // Re-check after the (slow, async) hash so two concurrent uses of one token cannot both succeed.
  return db.transaction((tx) => {
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
    return toPublicUser(row);
  });
}

// ---------------------------------------------------------------------------------------------
// Google sign-in.

export type GoogleProfileInput = {
  googleId: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
};

export type GoogleUserResult = { ok: true; user: PublicUser } | { ok: false; message: string };

/** Finds the user by Google id, else links the account with the same verified e-mail, else creates one. */
export async function findOrCreateGoogleUser(profile: GoogleProfileInput): Promise<GoogleUserResult> {
  const byGoogleId = db.select().from(users).where(eq(users.googleId, profile.googleId)).get();
  if (byGoogleId) {
    if (profile.picture && profile.picture !== byGoogleId.avatar) {
      db.update(users).set({ avatar: profile.picture }).where(eq(users.id, byGoogleId.id)).run();
      return { ok: true, user: toPublicUser({ ...byGoogleId, avatar: profile.picture }) };
    }
    return { ok: true, user: toPublicUser(byGoogleId) };
  }
  if (!profile.email || !profile.emailVerified) {
    return { ok: false, message: "Sua conta Google não tem um email verificado." };
  }
  const email = normalizeEmail(profile.email);
  const byEmail = db.select().from(users).where(eq(users.email, email)).get();
  if (byEmail) {
    if (byEmail.googleId) {
      return { ok: false, message: "Este email já está vinculado a outra conta Google." };
    }
    const avatar = byEmail.avatar ?? profile.picture;
    db.update(users).set({ googleId: profile.googleId, avatar }).where(eq(users.id, byEmail.id)).run();
    return { ok: true, user: toPublicUser({ ...byEmail, googleId: profile.googleId, avatar }) };
  }
  const username = await uniqueUsername(db, email.split("@")[0] ?? "usuario");
  const row = db
    .insert(users)
    .values({
      email,
      username,
      fullName: profile.name?.trim() || null,
      googleId: profile.googleId,
      avatar: profile.picture,
      provider: "google",
      password: null,
    })
    .returning()
    .get();
  return { ok: true, user: toPublicUser(row) };
}

/** Whether a reset token is still usable (the page says so before asking for a new password). */
export function isResetTokenValid(token: string, now = new Date()) {
  if (!token || token.length > 200) return false;
  return Boolean(
    db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.resetToken, hashResetToken(token)), gt(users.resetTokenExpires, now)))
      .get(),
  );
}
