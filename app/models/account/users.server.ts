/**
 * Accounts: the user as clients see it, and the lookups and username rule the account flows share
 * (registration.server.ts, sign-in.server.ts, password-reset.server.ts, google.server.ts).
 */
import { eq } from "drizzle-orm";
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
