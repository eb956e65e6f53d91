/** Google sign-in: find the user by Google id, else link the account with the same verified e-mail, else create one. */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import { singleLine } from "~/lib/plain-text";
import type { GoogleIdentity } from "~/services/google.server";
import { insertUserWithFreeUsername, normalizeEmail, toPublicUser, type PublicUser } from "~/models/account/users.server";


export type GoogleUserResult = { ok: true; user: PublicUser } | { ok: false; message: string };

/** Finds the user by Google id, else links the account with the same verified e-mail, else creates one. */
export async function findOrCreateGoogleUser(profile: GoogleIdentity, { retried = false } = {}): Promise<GoogleUserResult> {
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
  const row = insertUserWithFreeUsername(
    { email, fullName: singleLine(profile.name ?? "") || null, googleId: profile.googleId, avatar: profile.picture, provider: "google", password: null },
    email.split("@")[0] ?? "usuario",
  );
  // The same e-mail or Google id was created a moment ago (two callbacks at once): find it as above.
  if (!row) {
    if (retried) return { ok: false, message: "Não foi possível criar sua conta agora. Tente novamente." };
    return findOrCreateGoogleUser(profile, { retried: true });
  }
  return { ok: true, user: toPublicUser(row) };
}
