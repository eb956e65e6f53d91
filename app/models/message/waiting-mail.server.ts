/**
 * "Mensagem esperando" e-mails (issue #37, item 3): the receiver of a message still unread 5 minutes
 * after it arrived gets an e-mail with the ad's title, the sender's public name, the message's first 140
 * characters and the conversation's link — never the sender's e-mail or phone (the 5 minutes and the
 * hour: mail-timing.server.ts). Sent by the 'message-mails' job (server/jobs.ts), which runs when the
 * next e-mail may be due (`nextMessageMailAt`) or when a new message wakes it:
 * - at most one e-mail per conversation an hour, and never twice about the same message:
 *   `conversations.emailed_at` is claimed before the e-mail goes (two passes at once cannot both send
 *   it) and given back when sending fails (the next pass tries again), as the price-drop e-mails do;
 * - only to accounts with 'Avisos de mensagens por e-mail' on (/conta), never a system account;
 * - one-click unsubscribe (RFC 8058) as the search alerts and the price-drop e-mails: a signed link,
 *   for this purpose alone, that turns the switch off.
 * The waiting conversations are found through the unread indexes of `conversations`; the messages table
 * is read per conversation through its (conversation, id) index.
 */
import { and, asc, type Column, eq, gt, isNull, min, ne, or, sql, type SQLWrapper } from "drizzle-orm";
import { unionAll } from "drizzle-orm/sqlite-core";
import { db, writeTransaction } from "~/db/client.server";
import { ads, conversations, messages, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { sendMail } from "~/models/mail/mailer.server";
import { otherName } from "~/models/message/conversations.server";
import { messageMailDueAt } from "~/models/message/mail-timing.server";
import { idOfSignedToken, signedIdToken } from "~/services/signed-id.server";

/** How much of the message the e-mail quotes, in characters. */
export const MESSAGE_MAIL_EXCERPT = 140;

const UNSUBSCRIBE_PURPOSE = "message-mail-unsubscribe";

/** The unsubscribe address of a user's message e-mails (their link and List-Unsubscribe). */
export function messageMailUnsubscribeUrl(userId: number) {
  return `${getEnv().publicOrigin}/avisos-de-mensagens/cancelar/${signedIdToken(getEnv().SESSION_SECRET, UNSUBSCRIBE_PURPOSE, userId)}`;
}

/** The user a genuine unsubscribe token names, or null when the server did not make it. */
export const userIdOfMessageMailToken = (token: string) => idOfSignedToken(getEnv().SESSION_SECRET, UNSUBSCRIBE_PURPOSE, token);

type Conversation = typeof conversations.$inferSelect;
type DueMail = { conversation: Conversation; receiverId: number; message: { text: string } };
/** A side of a conversation owed an e-mail, now or later: its oldest message awaiting one (`since`). */
type WaitingSide = { conversationId: number; receiverId: number; emailedAt: Date | null; since: Date };

/** The messages an e-mail to `receiverId` may be about: unread, not their own, newer than the conversation's last e-mail. */
const awaitingMail = (receiverId: SQLWrapper) =>
  and(
    eq(messages.conversationId, conversations.id),
    isNull(messages.readAt),
    or(isNull(messages.senderId), ne(messages.senderId, receiverId)),
    or(isNull(conversations.emailedAt), gt(messages.createdAt, conversations.emailedAt)),
  );

/** Who gets these e-mails: 'Avisos de mensagens por e-mail' on, never a system account. */
const takesMessageMails = and(eq(users.messageEmails, true), ne(users.provider, "system"));

/**
 * Every side of a conversation with a message awaiting an e-mail, to a receiver who takes them, and
 * since when: the unread partial indexes of `conversations`, then each one's messages through
 * messages_conversation_idx (tests/integration/message-query-plans.test.ts plans it).
 */
function waitingSides(): WaitingSide[] {
  const side = (receiverId: Column, unread: Column) =>
    db
      .select({
        conversationId: conversations.id,
        receiverId: sql<number>`${receiverId}`,
        emailedAt: conversations.emailedAt,
        since: sql`(${db.select({ since: min(messages.createdAt) }).from(messages).where(awaitingMail(receiverId))})`.mapWith(messages.createdAt),
      })
      .from(conversations)
      // CROSS JOIN keeps SQLite's loop on the unread conversations (a partial index), not on every account.
      .crossJoin(users)
      // A literal 0, not a bound one: SQLite uses a partial index only for a condition it can see implies the index's.
      .where(and(sql`${unread} > 0`, eq(users.id, receiverId), takesMessageMails));
  return unionAll(side(conversations.buyerId, conversations.buyerUnread), side(conversations.sellerId, conversations.sellerUnread))
    .all()
    .flatMap(({ since, ...side }) => (since ? [{ ...side, since }] : []));
}

/** Every conversation owed an e-mail at `now`, with its receiver and the oldest message it is about. */
function dueMails(now: Date): DueMail[] {
  const due = new Map<number, WaitingSide>();
  for (const side of waitingSides()) {
    // One e-mail per conversation: the other side's waits for the next hour.
    if (messageMailDueAt(side.since, side.emailedAt) <= now && !due.has(side.conversationId)) due.set(side.conversationId, side);
  }
  // Each read again as it is now: a message read or a conversation deleted since is left out.
  return [...due.values()].flatMap(({ conversationId, receiverId }) => {
    const conversation = db.select().from(conversations).where(eq(conversations.id, conversationId)).get();
    const message = db
      .select({ text: messages.text })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, conversationId))
      .where(awaitingMail(sql`${receiverId}`))
      .orderBy(asc(messages.createdAt), asc(messages.id))
      .get();
    return conversation && message ? [{ conversation, receiverId, message }] : [];
  });
}

/**
 * When the next e-mail may be due, or null when no message awaits one: the 'message-mails' job sleeps
 * until then (server/jobs.ts), and a new message wakes it sooner (mail-timing.server.ts).
 */
export function nextMessageMailAt(): Date | null {
  let next: Date | null = null;
  for (const side of waitingSides()) {
    const at = messageMailDueAt(side.since, side.emailedAt);
    if (!next || at < next) next = at;
  }
  return next;
}

/** The first MESSAGE_MAIL_EXCERPT characters (not UTF-16 units: an emoji is not cut in half). */
function excerpt(text: string) {
  const characters = [...text];
  return characters.length > MESSAGE_MAIL_EXCERPT ? `${characters.slice(0, MESSAGE_MAIL_EXCERPT).join("")}…` : text;
}

function waitingMail(due: DueMail, receiver: { email: string; fullName: string | null; username: string }) {
  const { conversation } = due;
  const origin = getEnv().publicOrigin;
  const unsubscribe = messageMailUnsubscribeUrl(due.receiverId);
  const adTitle = (conversation.adId !== null && db.select({ title: ads.title }).from(ads).where(eq(ads.id, conversation.adId)).get()?.title) || conversation.adTitle;
  const sender = otherName(db, conversation, due.receiverId);
  return {
    to: receiver.email,
    subject: `Nova mensagem de ${sender}: ${adTitle}`.slice(0, 150),
    text:
      `Olá, ${receiver.fullName || receiver.username}!\n\n` +
      `${sender} enviou uma mensagem sobre o anúncio "${adTitle}":\n\n${excerpt(due.message.text)}\n\n` +
      `Leia e responda pelo site:\n${origin}/mensagens/${conversation.id}\n\n` +
      `Cuidado: nunca pague antes de ver o produto, e converse pelo site.\n\n` +
      `Você recebe este e-mail (no máximo um por conversa a cada hora) quando uma mensagem fica 5 minutos sem ser lida em Classificados Patos.\n` +
      `Para não receber mais avisos de mensagens por e-mail:\n${unsubscribe}\n`,
    // RFC 8058: a mail client may POST `List-Unsubscribe=One-Click` to that address, without a session.
    headers: { "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
  };
}

export type MessageMailReport = { mailed: number; failed: number };

/** One pass: every e-mail owed now, each claimed before it goes. Never throws for one e-mail. */
export async function sendWaitingMessageMails(now: Date = new Date()): Promise<MessageMailReport> {
  const report: MessageMailReport = { mailed: 0, failed: 0 };
  for (const due of dueMails(now)) {
    const receiver = db
      .select({ email: users.email, fullName: users.fullName, username: users.username })
      .from(users)
      .where(and(eq(users.id, due.receiverId), takesMessageMails))
      .get();
    if (!receiver) continue;
    const previous = due.conversation.emailedAt;
    // Claimed only if no other pass changed emailed_at since this one read it.
    const claimed = writeTransaction(
      (tx) =>
        tx
          .update(conversations)
          .set({ emailedAt: now })
          .where(and(eq(conversations.id, due.conversation.id), previous ? eq(conversations.emailedAt, previous) : isNull(conversations.emailedAt)))
          .run().changes > 0,
    );
    if (!claimed) continue;
    try {
      await sendMail(waitingMail(due, receiver));
      report.mailed++;
    } catch (error) {
      report.failed++;
      console.error(`[messages] e-mail of conversation ${due.conversation.id} to user ${due.receiverId} failed:`, error);
      // Given back: the next pass tries again.
      writeTransaction((tx) =>
        tx
          .update(conversations)
          .set({ emailedAt: previous })
          .where(and(eq(conversations.id, due.conversation.id), eq(conversations.emailedAt, now)))
          .run(),
      );
    }
  }
  return report;
}

/** Turns a user's message e-mails on or off ('Avisos de mensagens por e-mail' in /conta, and the e-mails' unsubscribe). */
export function setMessageEmails(userId: number, on: boolean): boolean {
  return writeTransaction((tx) => tx.update(users).set({ messageEmails: on }).where(eq(users.id, userId)).run().changes > 0);
}

/** Whether a user gets message e-mails. */
export function messageEmailsOn(userId: number): boolean {
  return db.select({ on: users.messageEmails }).from(users).where(eq(users.id, userId)).get()?.on ?? false;
}

/** The e-mails' unsubscribe (its page's button, and a mail client's one-click POST). False for a token the server did not make. */
export function unsubscribeFromMessageMails(token: string): boolean {
  const userId = userIdOfMessageMailToken(token);
  if (userId === null) return false;
  setMessageEmails(userId, false);
  return true;
}
