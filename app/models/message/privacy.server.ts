/**
 * What the LGPD asks of messages (issue #37, item 5; ADR 041), for the account's own modules:
 * - "Baixar meus dados" (`conversationsForExport`): the person's conversations with every message in
 *   them, the other side by public name only;
 * - "Excluir minha conta" (`eraseSentMessages`, inside the deletion's transaction): the messages they
 *   sent go, except in a reported conversation the admin has not decided on (kept as evidence, its
 *   sender shown as "Usuário removido" once the account is gone); each touched conversation's last
 *   message and unread counts are written again; a conversation left with nobody goes.
 */
import { and, asc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { db, type WriteTransaction } from "~/db/client.server";
import { conversations, messages, users } from "~/db/schema";
import { BUYER_FALLBACK_NAME, REMOVED_USER_NAME } from "~/models/message/message";
import { sellerName } from "~/models/listing/seller";

export function conversationsForExport(userId: number) {
  const rows = db
    .select()
    .from(conversations)
    .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)))
    .orderBy(asc(conversations.id))
    .all();
  if (!rows.length) return [];
  const all = db
    .select()
    .from(messages)
    .where(inArray(messages.conversationId, rows.map((row) => row.id)))
    .orderBy(asc(messages.id))
    .all();
  return rows.map((row) => {
    const role = row.buyerId === userId ? "buyer" : "seller";
    const otherId = role === "buyer" ? row.sellerId : row.buyerId;
    const other = otherId === null ? undefined : db.select({ fullName: users.fullName }).from(users).where(eq(users.id, otherId)).get();
    return {
      id: row.id,
      role,
      ad: { id: row.adId, title: row.adTitle },
      other: other ? (role === "buyer" ? sellerName(other.fullName) : other.fullName?.trim() || BUYER_FALLBACK_NAME) : REMOVED_USER_NAME,
      createdAt: row.createdAt.toISOString(),
      messages: all
        .filter((message) => message.conversationId === row.id)
        .map((message) => ({ fromMe: message.senderId === userId, text: message.text, createdAt: message.createdAt.toISOString(), readAt: message.readAt?.toISOString() ?? null })),
    };
  });
}

/** Inside the account deletion's transaction, before the user row goes (see the module's comment). */
export function eraseSentMessages(tx: WriteTransaction, userId: number) {
  const touched = tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)), isNull(conversations.reportedAt)))
    .all()
    .map((row) => row.id);
  if (!touched.length) return;
  tx.delete(messages).where(and(inArray(messages.conversationId, touched), eq(messages.senderId, userId))).run();
  // Nobody left on the other side either: nothing to keep.
  tx.delete(conversations)
    .where(and(inArray(conversations.id, touched), or(isNull(conversations.buyerId), isNull(conversations.sellerId))))
    .run();
  // The last message and the unread counts, from what is left (a handful of rows per conversation).
  tx.run(sql`UPDATE conversations SET
      last_message_text = coalesce((SELECT text FROM messages WHERE conversation_id = conversations.id ORDER BY id DESC LIMIT 1), ''),
      last_message_sender_id = (SELECT sender_id FROM messages WHERE conversation_id = conversations.id ORDER BY id DESC LIMIT 1),
      buyer_unread = (SELECT count(*) FROM messages WHERE conversation_id = conversations.id AND read_at IS NULL AND sender_id IS NOT buyer_id),
      seller_unread = (SELECT count(*) FROM messages WHERE conversation_id = conversations.id AND read_at IS NULL AND sender_id IS NOT seller_id)
    WHERE id IN (SELECT value FROM json_each(${JSON.stringify(touched)}))`);
}
