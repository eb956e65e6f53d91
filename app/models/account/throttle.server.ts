/**
 * The throttle policy for sign-in and reset requests: failed attempts counted per key
 * ("login-email:…", "login-ip:…", "forgot-email:…") in the database, so every worker sees them.
 */
import { and, eq, gt, inArray, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { authAttempts } from "~/db/schema";
import { normalizeEmail } from "~/models/account/users.server";

export const THROTTLE_WINDOW_MS = 15 * 60 * 1000;
export const THROTTLE_MAX = 10;

export type ThrottleKind = "login" | "forgot";

/** The keys an attempt counts against: always its e-mail, and its address when known. */
export function throttleKeys(kind: ThrottleKind, email: string, ip: string | null) {
  const keys = [`${kind}-email:${normalizeEmail(email)}`];
  if (ip) keys.push(`${kind}-ip:${ip}`);
  return keys;
}

/** Minutes until the oldest counted attempt leaves the window, or null when not throttled. */
export function throttledFor(keys: string[], now = new Date()): number | null {
  const since = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  let waitMs = 0;
  for (const key of keys) {
    const rows = db
      .select({ createdAt: authAttempts.createdAt })
      .from(authAttempts)
      .where(and(eq(authAttempts.key, key), gt(authAttempts.createdAt, since)))
      .orderBy(authAttempts.createdAt)
      .all();
    if (rows.length >= THROTTLE_MAX) {
      // The window frees up once enough old attempts expire to fall below the limit.
      const freeing = rows[rows.length - THROTTLE_MAX]!.createdAt.getTime() + THROTTLE_WINDOW_MS - now.getTime();
      waitMs = Math.max(waitMs, freeing);
    }
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 60_000)) : null;
}

export function recordAttempt(keys: string[], now = new Date()) {
  if (!keys.length) return;
  db.delete(authAttempts)
    .where(lt(authAttempts.createdAt, new Date(now.getTime() - THROTTLE_WINDOW_MS)))
    .run();
  db.insert(authAttempts)
    .values(keys.map((key) => ({ key, createdAt: now })))
    .run();
}

export function clearAttempts(keys: string[]) {
  if (keys.length) db.delete(authAttempts).where(inArray(authAttempts.key, keys)).run();
}
