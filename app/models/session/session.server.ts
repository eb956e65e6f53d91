/**
 * Sessions kept in the database.
 *
 * A session is an opaque random token (256 bits) held by the client; the row is keyed by its SHA-256,
 * so a copy of the database never yields a usable token. The same token works in the session cookie
 * and as `Authorization: Bearer`. See docs/decisions/003-sessions-and-client-token.md.
 */
import { createHmac } from "node:crypto";
import { and, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { toPublicUser, type PublicUser } from "~/models/account/users.server";
import { generateToken, hashToken } from "~/models/session/token.server";

/** "Lembrar de mim": the cookie and the row last 30 days. */
export const PERSISTENT_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** Without it the cookie dies with the browser, and the row after one day at most. */
export const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;

export { generateToken, hashToken };

export type CreatedSession = { token: string; expiresAt: Date; persistent: boolean };

export function createSession(userId: number, { persistent, now = new Date() }: { persistent: boolean; now?: Date }): CreatedSession {
  sweepExpiredSessions(now);
  const token = generateToken();
  const expiresAt = new Date(now.getTime() + (persistent ? PERSISTENT_SESSION_MS : BROWSER_SESSION_MS));
  db.insert(sessions).values({ id: hashToken(token), userId, persistent, expiresAt }).run();
  return { token, expiresAt, persistent };
}

/**
 * The token the browser's JavaScript keeps in its `auth` record (spec 01 §4) for a cookie session.
 * It is derived from the cookie token (HMAC with the server secret): a separate row, linked to its
 * cookie session's (`parentId`), that the page never sees in the cookie.
 */
export function clientTokenFor(cookieToken: string) {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`client-token:${cookieToken}`).digest("base64url");
}

/** Creates (once) the client-token row twin of a live cookie session; null when the cookie session is gone. */
export function issueClientToken(cookieToken: string, now = new Date()): string | null {
  const parent = db
    .select()
    .from(sessions)
    .where(and(eq(sessions.id, hashToken(cookieToken)), gt(sessions.expiresAt, now)))
    .get();
  if (!parent) return null;
  const token = clientTokenFor(cookieToken);
  db.insert(sessions)
    .values({ id: hashToken(token), userId: parent.userId, persistent: parent.persistent, expiresAt: parent.expiresAt, parentId: parent.id })
    .onConflictDoNothing()
    .run();
  return token;
}

export type SessionWithUser = { sessionId: string; persistent: boolean; expiresAt: Date; user: PublicUser };

function sessionUserStatement() {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder("id")), gt(sessions.expiresAt, sql.placeholder("now"))))
    .prepare();
}
/** Prepared once: every signed-in page asks, and building the query cost more than running it (issue #35, item 3). */
let sessionUser: ReturnType<typeof sessionUserStatement> | undefined;

export function findSessionUser(token: string, now = new Date()): SessionWithUser | null {
  if (!token || token.length > 200) return null;
  sessionUser ??= sessionUserStatement();
  const row = sessionUser.get({ id: hashToken(token), now: now.getTime() });
  if (!row) return null;
  return {
    sessionId: row.session.id,
    persistent: row.session.persistent,
    expiresAt: row.session.expiresAt,
    user: toPublicUser(row.user),
  };
}

/**
 * Ends the whole sign-in this token belongs to, whichever of its two tokens it is: a cookie token
 * takes its client token with it, a client token its cookie session (and so any other twin). Another
 * sign-in of the same user is untouched.
 */
export function revokeSession(token: string) {
  if (!token || token.length > 200) return;
  const id = hashToken(token);
  const row = db.select({ parentId: sessions.parentId }).from(sessions).where(eq(sessions.id, id)).get();
  const root = row?.parentId ?? id;
  db.delete(sessions)
    .where(
      or(
        inArray(sessions.id, [id, root]),
        eq(sessions.parentId, root),
        // A client token issued before the rows were linked: found by its derivation instead.
        eq(sessions.id, hashToken(clientTokenFor(token))),
      ),
    )
    .run();
}

export function sweepExpiredSessions(now = new Date()) {
  db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
}
