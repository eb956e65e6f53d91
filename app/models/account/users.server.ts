/**
 * Accounts: the user as clients see it, and the lookups and username rule the account flows share
 * (registration.server.ts, sign-in.server.ts, password-reset.server.ts, google.server.ts).
 */
import { eq, or } from "drizzle-orm";
import { db, type Db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { PublicUser } from "~/models/account/user";

export type { PublicUser };

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

/** A base (the e-mail's local part) made into a free username with a numeric suffix when taken. */
export function uniqueUsername(database: Db, base: string) {
  const clean = base.toLowerCase().replace(/[^a-z0-9._-]/g, "").slice(0, 40) || "usuario";
  for (let suffix = 0; ; suffix++) {
    const candidate = suffix === 0 ? clean : `${clean}${suffix}`;
    const taken = database.select({ id: users.id }).from(users).where(eq(users.username, candidate)).get();
    if (!taken) return candidate;
  }
}

const USERNAME_TRIES = 10;

/**
 * Inserts a new user under the first free username made from `base`, or returns null when the e-mail
 * (or the Google id) already has an account. Another sign-up — in this process or in another worker —
 * may take the same username between the look-up and the insert; that conflict is told apart from the
 * e-mail's and answered by trying the next free username, so it never reads as "e-mail taken".
 */
export function insertUserWithFreeUsername(values: Omit<typeof users.$inferInsert, "username">, base: string): UserRow | null {
  for (let attempt = 0; attempt < USERNAME_TRIES; attempt++) {
    const username = uniqueUsername(db, base);
    const row = db
      .insert(users)
      .values({ ...values, username })
      .onConflictDoNothing()
      .returning()
      .get();
    if (row) return row;
    // Which UNIQUE constraint refused it? Only a username taken in between is worth another try.
    const identityTaken = db
      .select({ id: users.id })
      .from(users)
      .where(values.googleId ? or(eq(users.email, values.email), eq(users.googleId, values.googleId)) : eq(users.email, values.email))
      .get();
    if (identityTaken) return null;
  }
  throw new Error(`no free username for "${base}" after ${USERNAME_TRIES} tries`);
}
