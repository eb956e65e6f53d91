/**
 * Conversations between a buyer and a seller (issue #37): the first message from an ad's page, the
 * replies, reading one (which marks it read), the inbox and the unread count.
 *
 * - One conversation per ad and buyer (a unique index); the owner cannot write to their own ad (400);
 *   only a public ad — by the one visibility rule, models/ad/visibility.server.ts — takes a first message
 *   (404 otherwise, the same answer as no ad); a running conversation goes on whatever its ad became.
 * - Nobody outside a conversation learns it exists: every read and write of one is looked up by its id
 *   AND the person, and anything else is the same 404.
 * - Limits through the throttle (ADR 010): new conversations per account a day ("message-start", or
 *   "message-start-new-account" while the account is younger than NEW_ACCOUNT_HOURS), messages per person
 *   and conversation an hour ("message"); 429 with the minutes to wait.
 * - A block (either way), a suspension by the moderation or the other side's deleted account stops new
 *   messages, 403 with the reason.
 * - The inbox and the unread count read `conversations` alone (its last message and each side's unread
 *   count are written with every message), through the indexes of migration 0019.
 */
import { and, desc, eq, isNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import { db, sqlite, writeTransaction, type Writer } from "~/db/client.server";
import { ads, conversations, messageBlocks, messages, users } from "~/db/schema";
import { imageVariantUrl } from "~/lib/image-variants";
import { centsToDecimalString } from "~/lib/money";
import { countAttempt, type ThrottleKind } from "~/models/account/throttle.server";
import { coversByAd } from "~/models/ad/card.server";
import { isPubliclyVisible } from "~/models/ad/visibility.server";
import { sellerName } from "~/models/listing/seller";
import {
  BUYER_FALLBACK_NAME,
  MESSAGE_MESSAGES,
  NEW_ACCOUNT_HOURS,
  REMOVED_USER_NAME,
  type ConversationView,
  type InboxItem,
  type MessageView,
} from "~/models/message/message";
import { wakeMessageMails } from "~/models/message/mail-timing.server";
import { messageWarning } from "~/models/message/message-warning";

export type Refusal = { ok: false; status: 400 | 403 | 404 | 429; message: string; retryAfterMinutes?: number };
export type Sent = { ok: true; conversationId: number; message: MessageView };

type ConversationRow = typeof conversations.$inferSelect;
type Reader = Pick<Writer, "select">;

const HOUR_MS = 3_600_000;
/** How many messages the conversation's page shows (the newest). */
const MESSAGES_SHOWN = 200;
/** Lines of the inbox per page. */
export const INBOX_PAGE = 20;

export const CONVERSATION_NOT_FOUND: Refusal = { ok: false, status: 404, message: MESSAGE_MESSAGES.conversationNotFound };

/** The conversation `id` when `userId` is one of its two sides, else null (the same for "no such conversation"). */
function conversationOf(reader: Reader, userId: number, id: number): ConversationRow | null {
  return (
    reader
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, id), or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId))))
      .get() ?? null
  );
}

const otherSideOf = (row: ConversationRow, userId: number) => (row.buyerId === userId ? row.sellerId : row.buyerId);

/** Why `senderId` may not write to `otherId` now, or null when they may. */
function sendRefusal(reader: Reader, senderId: number, otherId: number | null): Refusal | null {
  const sender = reader.select({ suspendedAt: users.messagesSuspendedAt }).from(users).where(eq(users.id, senderId)).get();
  if (sender?.suspendedAt) return { ok: false, status: 403, message: MESSAGE_MESSAGES.suspended };
  if (otherId === null) return { ok: false, status: 403, message: MESSAGE_MESSAGES.blocked };
  const blocks = reader
    .select({ blockerId: messageBlocks.blockerId })
    .from(messageBlocks)
    .where(
      or(
        and(eq(messageBlocks.blockerId, otherId), eq(messageBlocks.blockedId, senderId)),
        and(eq(messageBlocks.blockerId, senderId), eq(messageBlocks.blockedId, otherId)),
      ),
    )
    .all();
  if (blocks.some((block) => block.blockerId === otherId)) return { ok: false, status: 403, message: MESSAGE_MESSAGES.blocked };
  if (blocks.length) return { ok: false, status: 403, message: MESSAGE_MESSAGES.youBlocked };
  return null;
}

/** Writes one message and the conversation's last message and the receiver's unread count, in `tx`. */
function insertMessage(tx: Writer, row: ConversationRow, senderId: number, text: string, now: Date): MessageView {
  const inserted = tx.insert(messages).values({ conversationId: row.id, senderId, text, createdAt: now }).returning({ id: messages.id }).get();
  const receiverUnread = row.buyerId === senderId ? conversations.sellerUnread : conversations.buyerUnread;
  tx.update(conversations)
    .set({
      lastMessageText: text,
      lastMessageSenderId: senderId,
      lastMessageAt: now,
      [row.buyerId === senderId ? "sellerUnread" : "buyerUnread"]: sql`${receiverUnread} + 1`,
    })
    .where(eq(conversations.id, row.id))
    .run();
  // The e-mail about it, should it stay unread, is due in 5 minutes: the sleeping job is woken for then.
  wakeMessageMails(now);
  return { id: inserted.id, fromMe: true, text, createdAt: now.toISOString(), readAt: null, warning: null };
}

/** 'Enviar mensagem' on an ad's page and POST /api/ads/{id}/messages: the first message, or the next one of this buyer's conversation about the ad. */
export function messageAboutAd(buyerId: number, adId: number, text: string, now: Date = new Date()): Sent | Refusal {
  const running = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.adId, adId), eq(conversations.buyerId, buyerId)))
    .get();
  if (running) return reply(buyerId, running.id, text, now);

  const ad = db
    .select({ userId: ads.userId, title: ads.title, priceCents: ads.priceCents, status: ads.status, expirationDate: ads.expirationDate })
    .from(ads)
    .where(eq(ads.id, adId))
    .get();
  if (!ad || !isPubliclyVisible(ad, now)) return { ok: false, status: 404, message: MESSAGE_MESSAGES.adNotFound };
  if (ad.userId === buyerId) return { ok: false, status: 400, message: MESSAGE_MESSAGES.ownAd };
  const refusal = sendRefusal(db, buyerId, ad.userId);
  if (refusal) return refusal;

  const account = db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, buyerId)).get();
  const young = !account || now.getTime() - account.createdAt.getTime() < NEW_ACCOUNT_HOURS * HOUR_MS;
  const kind: ThrottleKind = young ? "message-start-new-account" : "message-start";
  const started = countAttempt(kind, [`message-start:u${buyerId}`], now);
  if (!started.ok) return { ok: false, status: 429, message: MESSAGE_MESSAGES.tooManyConversations, retryAfterMinutes: started.retryAfterMinutes };

  return writeTransaction((tx): Sent | Refusal => {
    // Two first messages at once (two tabs) make one conversation: the unique (ad, buyer) index decides.
    tx.insert(conversations)
      .values({ adId, adTitle: ad.title, adPriceCents: ad.priceCents, buyerId, sellerId: ad.userId, lastMessageAt: now, createdAt: now })
      .onConflictDoNothing()
      .run();
    const row = tx
      .select()
      .from(conversations)
      .where(and(eq(conversations.adId, adId), eq(conversations.buyerId, buyerId)))
      .get()!;
    return { ok: true, conversationId: row.id, message: insertMessage(tx, row, buyerId, text, now) };
  });
}

/** A reply in conversation `id` (its page's form and POST /api/messages/{id}). */
export function reply(senderId: number, id: number, text: string, now: Date = new Date()): Sent | Refusal {
  const row = conversationOf(db, senderId, id);
  if (!row) return CONVERSATION_NOT_FOUND;
  const refusal = sendRefusal(db, senderId, otherSideOf(row, senderId));
  if (refusal) return refusal;
  const counted = countAttempt("message", [`message:c${row.id}:u${senderId}`], now);
  if (!counted.ok) return { ok: false, status: 429, message: MESSAGE_MESSAGES.tooManyMessages, retryAfterMinutes: counted.retryAfterMinutes };
  return writeTransaction((tx) => ({ ok: true, conversationId: row.id, message: insertMessage(tx, row, senderId, text, now) }));
}

function buyerName(fullName: string | null | undefined) {
  return fullName?.trim() || BUYER_FALLBACK_NAME;
}

/** The other side's public name, as `viewerId` sees it: never a username, e-mail or phone. */
export function otherName(reader: Reader, row: ConversationRow, viewerId: number): string {
  const otherId = otherSideOf(row, viewerId);
  if (otherId === null) return REMOVED_USER_NAME;
  const other = reader.select({ fullName: users.fullName }).from(users).where(eq(users.id, otherId)).get();
  if (!other) return REMOVED_USER_NAME;
  return row.sellerId === otherId ? sellerName(other.fullName) : buyerName(other.fullName);
}

export type OpenConversation = { conversation: ConversationView; messages: MessageView[] };

/**
 * Conversation `id` as `userId` sees it (its page and GET /api/messages/{id}), or null for anyone not in
 * it. Reading marks the other side's messages read (one write, only when there is something unread).
 * `afterId`: only the messages after that one (the open page's polling).
 */
export function openConversation(userId: number, id: number, { afterId }: { afterId?: number } = {}, now: Date = new Date()): OpenConversation | null {
  const row = conversationOf(db, userId, id);
  if (!row) return null;
  const role = row.buyerId === userId ? "buyer" : "seller";
  if ((role === "buyer" ? row.buyerUnread : row.sellerUnread) > 0) {
    writeTransaction((tx) => {
      tx.update(messages)
        .set({ readAt: now })
        .where(and(eq(messages.conversationId, id), isNull(messages.readAt), or(isNull(messages.senderId), ne(messages.senderId, userId))))
        .run();
      tx.update(conversations)
        .set(role === "buyer" ? { buyerUnread: 0 } : { sellerUnread: 0 })
        .where(eq(conversations.id, id))
        .run();
    });
  }
  const rows = db
    .select({ id: messages.id, senderId: messages.senderId, text: messages.text, createdAt: messages.createdAt, readAt: messages.readAt })
    .from(messages)
    .where(afterId ? and(eq(messages.conversationId, id), sql`${messages.id} > ${afterId}`) : eq(messages.conversationId, id))
    .orderBy(desc(messages.id))
    .limit(MESSAGES_SHOWN)
    .all()
    .reverse();
  const otherId = otherSideOf(row, userId);
  const ad = row.adId === null ? null : db.select({ status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, row.adId)).get();
  const refusal = sendRefusal(db, userId, otherId);
  return {
    conversation: {
      id: row.id,
      ad: { id: row.adId, title: row.adTitle, price: centsToDecimalString(row.adPriceCents), available: Boolean(ad && isPubliclyVisible(ad, now)) },
      other: { name: otherName(db, row, userId) },
      role,
      cannotSend: refusal?.message ?? null,
      blockedByMe:
        otherId !== null &&
        Boolean(db.select({ at: messageBlocks.createdAt }).from(messageBlocks).where(and(eq(messageBlocks.blockerId, userId), eq(messageBlocks.blockedId, otherId))).get()),
    },
    messages: rows.map((message) => {
      const fromMe = message.senderId === userId;
      return {
        id: message.id,
        fromMe,
        text: message.text,
        createdAt: message.createdAt.toISOString(),
        readAt: message.readAt?.toISOString() ?? null,
        warning: fromMe ? null : messageWarning(message.text),
      };
    }),
  };
}

/**
 * One side's conversations (as buyer, as seller) through its inbox index; when paging, those after the
 * previous page's last one in the inbox's order (time, then id): two conversations can share a
 * millisecond, and a cut by time alone skipped the second when the page ended on the first.
 */
function inboxSide(column: typeof conversations.buyerId | typeof conversations.sellerId, paging: boolean) {
  const mine = eq(column, sql.placeholder("userId"));
  const before = sql.placeholder("before");
  const after = and(lte(conversations.lastMessageAt, before), or(lt(conversations.lastMessageAt, before), lt(conversations.id, sql.placeholder("beforeId"))));
  return db
    .select()
    .from(conversations)
    .where(paging ? and(mine, after) : mine);
}

/**
 * The inbox's page as one statement, prepared once (building the query each time cost more than
 * reading it: bench/message-inbox.ts): SQLite merges the two index walks (MERGE (UNION ALL)) and stops
 * at the page's last line, so it reads INBOX_PAGE rows whatever the person's number of conversations.
 */
function inboxPageStatement(paging: boolean) {
  return unionAll(inboxSide(conversations.buyerId, paging), inboxSide(conversations.sellerId, paging))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(INBOX_PAGE)
    .prepare();
}
let inboxPage: { first: ReturnType<typeof inboxPageStatement>; next: ReturnType<typeof inboxPageStatement> } | undefined;
let namesStatement: { all(values: { ids: string }): { id: number; fullName: string | null }[] } | undefined;

/**
 * `userId`'s conversations, newest first (/mensagens and GET /api/messages), INBOX_PAGE at a time:
 * `before` and `beforeId` are the previous page's last one's time and id (without the id, only older
 * times). Index walks of `conversations` (as buyer, as seller), never the messages.
 */
export function inbox(userId: number, { before, beforeId }: { before?: Date; beforeId?: number } = {}): InboxItem[] {
  inboxPage ??= { first: inboxPageStatement(false), next: inboxPageStatement(true) };
  const rows = before ? inboxPage.next.all({ userId, before: before.getTime(), beforeId: beforeId ?? 0 }) : inboxPage.first.all({ userId });
  const covers = coversByAd(rows.flatMap((row) => (row.adId === null ? [] : [row.adId])));
  const otherIds = [...new Set(rows.flatMap((row) => otherSideOf(row, userId) ?? []))];
  namesStatement ??= db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(sql`${users.id} IN (SELECT value FROM json_each(${sql.placeholder("ids")}))`)
    .prepare();
  const names = new Map(otherIds.length ? namesStatement.all({ ids: JSON.stringify(otherIds) }).map((user) => [user.id, user.fullName] as const) : []);
  return rows.map((row) => {
    const otherId = otherSideOf(row, userId);
    const cover = row.adId === null ? undefined : covers.get(row.adId);
    const name =
      otherId === null || !names.has(otherId) ? REMOVED_USER_NAME : otherId === row.sellerId ? sellerName(names.get(otherId)) : buyerName(names.get(otherId));
    return {
      id: row.id,
      ad: { id: row.adId, title: row.adTitle, primaryImageUrl: cover ? imageVariantUrl(cover.publicId, { width: 64, height: 64 }) : null },
      other: { name },
      lastMessage: { text: row.lastMessageText, createdAt: row.lastMessageAt.toISOString(), fromMe: row.lastMessageSenderId === userId },
      unread: row.buyerId === userId ? row.buyerUnread : row.sellerUnread,
    };
  });
}

let unreadStatement: { get(buyerId: number, sellerId: number): unknown } | undefined;

/**
 * The messages waiting for `userId` (the header's badge, GET /api/auth/me): one statement over the two
 * partial indexes of conversations with something unread, so it costs the same with no message and a million.
 */
export function unreadMessageCount(userId: number): number {
  unreadStatement ??= sqlite.prepare(
    `SELECT (SELECT coalesce(sum(buyer_unread), 0) FROM conversations WHERE buyer_id = ? AND buyer_unread > 0)
          + (SELECT coalesce(sum(seller_unread), 0) FROM conversations WHERE seller_id = ? AND seller_unread > 0) AS n`,
  );
  return (unreadStatement.get(userId, userId) as { n: number }).n;
}

/** The buyer's running conversation about an ad, for the ad's page ('Ver conversa'), or null. */
export function conversationIdAbout(buyerId: number, adId: number): number | null {
  return (
    db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.adId, adId), eq(conversations.buyerId, buyerId)))
      .get()?.id ?? null
  );
}

/**
 * What the ad page's 'Enviar mensagem' box needs for this viewer: `own` for the owner (who cannot write to
 * their own ad, so the page offers 'Ver mensagens' instead of the form), and the buyer's conversation
 * about the ad when there is one ('Ver conversa').
 */
export type MessageBox = { own: boolean; conversationId: number | null; draft: string | null; draftToken: string | null };

export function messageBoxFor(viewerId: number | null, ad: { id: number; userId: number }, draftToken: string | null, draft: string | null): MessageBox {
  if (viewerId === ad.userId) return { own: true, conversationId: null, draft: null, draftToken: null };
  return { own: false, conversationId: viewerId === null ? null : conversationIdAbout(viewerId, ad.id), draft: viewerId === null ? null : draft, draftToken: draft ? draftToken : null };
}

/** The other side of conversation `id` for `userId`: its id, null when that account was deleted, undefined when `userId` is not in it. */
export function otherSideIn(userId: number, id: number): number | null | undefined {
  const row = conversationOf(db, userId, id);
  return row ? otherSideOf(row, userId) : undefined;
}
