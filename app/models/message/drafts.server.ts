/**
 * A visitor without an account writes to a seller: the text waits here while they sign in or sign up
 * (issue #37), and the login's return address carries only a random token — `safeRedirect` caps it at
 * 2 KB, and a message in an address would sit in every log and history on the way. Back on the ad's
 * page, signed in, the token puts the text back in the form; sending it removes the draft, and the
 * daily job sweeps drafts older than a day (`sweepMessageDrafts`).
 */
import { randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { messageDrafts } from "~/db/schema";
import { addressKey, countAttempt } from "~/models/account/throttle.server";
import type { Refusal } from "~/models/message/conversations.server";
import { MESSAGE_MESSAGES } from "~/models/message/message";

const DRAFT_TTL_MS = 86_400_000;
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/**
 * Keeps `text` for ad `adId` and returns the token the ad's address will carry; refused for an unknown ad
 * (404) and past MESSAGE-DRAFT's texts an hour from the visitor's address (429: without it, anyone could
 * fill the table with a script).
 */
export function keepMessageDraft(adId: number, text: string, ip: string | null, now: Date = new Date()): { ok: true; token: string } | Refusal {
  const counted = countAttempt("message-draft", [addressKey("message-draft", ip ?? "unknown")], now);
  if (!counted.ok) return { ok: false, status: 429, message: MESSAGE_MESSAGES.tooManyDrafts, retryAfterMinutes: counted.retryAfterMinutes };
  const token = randomBytes(24).toString("base64url");
  try {
    db.insert(messageDrafts).values({ token, adId, text, createdAt: now }).run();
  } catch {
    // The ad is gone (its foreign key): nothing to keep the text for.
    return { ok: false, status: 404, message: MESSAGE_MESSAGES.adNotFound };
  }
  return { ok: true, token };
}

/** The kept text of `token` for ad `adId` (another ad's token gives nothing), or null. */
export function messageDraft(token: string | null | undefined, adId: number, now: Date = new Date()): string | null {
  if (!token || !TOKEN.test(token)) return null;
  const row = db.select({ text: messageDrafts.text, createdAt: messageDrafts.createdAt }).from(messageDrafts).where(and(eq(messageDrafts.token, token), eq(messageDrafts.adId, adId))).get();
  return row && now.getTime() - row.createdAt.getTime() < DRAFT_TTL_MS ? row.text : null;
}

/** The draft was sent: it goes. */
export function dropMessageDraft(token: string | null | undefined) {
  if (token && TOKEN.test(token)) db.delete(messageDrafts).where(eq(messageDrafts.token, token)).run();
}

/** The daily job: drafts nobody came back for. */
export function sweepMessageDrafts(now: Date = new Date()): number {
  return db.delete(messageDrafts).where(lt(messageDrafts.createdAt, new Date(now.getTime() - DRAFT_TTL_MS))).run().changes;
}
