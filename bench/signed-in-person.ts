/**
 * A person the benches sign in without the sign-in form (which hashes a password on purpose, ADR 010):
 * a user row and a session row written straight into the bench's database, and the `Cookie` header a
 * browser would send for that session.
 */
import { createHash, randomBytes } from "node:crypto";
import type Database from "better-sqlite3";

export type SignedInPerson = { id: number; token: string };

/**
 * Writes a user named `bench_<name>` with a day-long session and, when given, these ads among their
 * favourites; run it inside the caller's transaction when writing many.
 */
export function insertSignedInPerson(sqlite: Database.Database, name: string, createdAt = Date.now(), favouriteAdIds: readonly number[] = []): SignedInPerson {
  const id = Number(
    sqlite.prepare("INSERT INTO users (username, email, full_name, created_at) VALUES (?, ?, ?, ?)").run(`bench_${name}`, `bench.${name}@exemplo.com.br`, `Pessoa ${name}`, createdAt).lastInsertRowid,
  );
  const token = randomBytes(32).toString("base64url");
  // The sessions table keeps the token's hash, as models/session/token.server.ts does.
  sqlite.prepare("INSERT INTO sessions (id, user_id, persistent, expires_at) VALUES (?, ?, 1, ?)").run(createHash("sha256").update(token).digest("hex"), id, Date.now() + 86_400_000);
  for (const adId of favouriteAdIds) sqlite.prepare("INSERT INTO favourites (user_id, ad_id) VALUES (?, ?)").run(id, adId);
  return { id, token };
}

/** The `Cookie` header value of `person`'s session, signed with the server's SESSION_SECRET. */
export async function sessionCookieHeader(person: SignedInPerson, secret: string): Promise<string> {
  const { createSessionCookie } = await import("../app/web/session-cookie.server");
  return (await createSessionCookie({ secret, secure: false }).serialize(person.token)).split(";")[0]!;
}
