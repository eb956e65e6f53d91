/**
 * Signed-in e2e tests without a sign-up: the account and its session are written straight into the run's
 * database (E2E_DATA_DIR), and the browser context gets the session cookie the server would have set,
 * signed by the app's own cookie definition with the server's SESSION_SECRET (playwright.config.ts).
 * Registering through the API hashes a password with production Argon2 in the server's one-at-a-time
 * line, and signing in hashes it again: seconds per test on two cores. Signing up and signing in
 * themselves are tested on the real flow (auth.spec.ts and the throttle specs).
 */
import { randomBytes } from "node:crypto";
import type { BrowserContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { sessions, users } from "../../app/db/schema";
import { generateToken, hashToken } from "../../app/models/session/token.server";
import { createSessionCookie } from "../../app/web/session-cookie.server";
import { test as adsTest, withE2eDatabase } from "./e2e-ads";
import { E2E_PASSWORD } from "./e2e-setup";

export { E2E_PASSWORD };
export const ADMIN = { email: "admin@teste.local", password: "Admin@12345" };

export type E2eUser = { id: number; email: string; name: string; password: string };

const SESSION_MS = 24 * 60 * 60 * 1000;

function e2eDb<T>(work: (db: ReturnType<typeof drizzle>) => T): T {
  return withE2eDatabase((sqlite) => work(drizzle({ client: sqlite, casing: "snake_case" })));
}

/** A new e-mail account whose password is E2E_PASSWORD (the run's precomputed hash, see e2e-setup.ts). */
export function insertUser(name = "Pessoa de Teste", tag = "e2e"): E2eUser {
  const hash = process.env.E2E_PASSWORD_HASH;
  if (!hash) throw new Error("E2E_PASSWORD_HASH is not set: run the e2e tests through playwright.config.ts (its globalSetup hashes it)");
  const unique = `${Date.now()}.${randomBytes(4).toString("hex")}`;
  const email = `${tag}.${unique}@exemplo.com.br`;
  const row = e2eDb((db) =>
    db.insert(users).values({ username: `${tag}_${unique.replace(".", "_")}`, email, password: hash, fullName: name, provider: "local" }).returning({ id: users.id }).get(),
  );
  return { id: row.id, email, name, password: E2E_PASSWORD };
}

export function userIdByEmail(email: string): number {
  const row = e2eDb((db) => db.select({ id: users.id }).from(users).where(eq(users.email, email)).get());
  if (!row) throw new Error(`no user ${email} in the e2e database`);
  return row.id;
}

const cookie = () => {
  const secret = process.env.E2E_SESSION_SECRET;
  if (!secret) throw new Error("E2E_SESSION_SECRET is not set: run the e2e tests through playwright.config.ts");
  return createSessionCookie({ secret, secure: false });
};

/** A new session of `userId`: its token, good as the session cookie's value or as the API's bearer token. */
export function insertSession(userId: number): string {
  const token = generateToken();
  e2eDb((db) => db.insert(sessions).values({ id: hashToken(token), userId, persistent: false, expiresAt: new Date(Date.now() + SESSION_MS) }).run());
  return token;
}

/**
 * Signs `context` in as `userId` the way a sign-in without "Lembrar de mim" leaves it: a session row
 * keyed by the token's hash, and the signed token in the browser-session cookie (any earlier one is
 * replaced, as a new sign-in does). The page's `request` shares the context's cookies.
 */
export async function signIn(context: BrowserContext, baseURL: string, userId: number) {
  const token = insertSession(userId);
  const sessionCookie = cookie();
  const signed = (await sessionCookie.serialize(token)).split(";")[0]!;
  const value = signed.slice(signed.indexOf("=") + 1);
  await context.addCookies([{ name: sessionCookie.name, value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return token;
}

/**
 * `signedInUser(name?)`: a new account, signed in on this test's browser context.
 * `signInAsAdmin()`: the run's admin (admin@teste.local), signed in on it.
 * The fixtures of e2e-ads.ts (ownAd) come along.
 */
export const test = adsTest.extend<{ signedInUser: (name?: string) => Promise<E2eUser>; signInAsAdmin: () => Promise<void> }>({
  signedInUser: async ({ context, baseURL }, provide) => {
    await provide(async (name) => {
      const user = insertUser(name);
      await signIn(context, baseURL!, user.id);
      return user;
    });
  },
  signInAsAdmin: async ({ context, baseURL }, provide) => {
    await provide(async () => {
      await signIn(context, baseURL!, userIdByEmail(ADMIN.email));
    });
  },
});

export { expect } from "@playwright/test";
