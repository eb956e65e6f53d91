/** Creating an account with e-mail and password (the /register page and POST /api/register). */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { hashPassword } from "~/lib/password-hash.server";
import { normalizeEmail, toPublicUser, uniqueUsername, type PublicUser } from "~/models/account/users.server";

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
