/**
 * 'Denunciar conversa' and the admin's side of it (issue #37, item 4). A side of a conversation reports
 * it with a reason; only then may an admin read it ('Conversas denunciadas' in /admin/moderation, each
 * reading recorded in `conversation_readings`, the audit list of /admin/conversas), and either suspend
 * the reported person's messages (`users.messages_suspended_at`: no new message until lifted) or dismiss
 * the report (the conversation is private again). An unreported conversation is the same 404 to an admin
 * as to anyone.
 */
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { conversationReadings, conversations, messages, users } from "~/db/schema";
import { CONVERSATION_NOT_FOUND, otherSideIn, type Refusal } from "~/models/message/conversations.server";
import { MESSAGE_MESSAGES, REMOVED_USER_NAME, type ConversationReadingItem, type ReportedConversationItem, type SuspendedAccountItem } from "~/models/message/message";

/** A side reports conversation `id` (again: the newer reason replaces the older). */
export function reportConversation(userId: number, id: number, reason: string, now: Date = new Date()): { ok: true; message: string } | Refusal {
  if (otherSideIn(userId, id) === undefined) return CONVERSATION_NOT_FOUND;
  db.update(conversations).set({ reportedAt: now, reportedById: userId, reportReason: reason }).where(eq(conversations.id, id)).run();
  return { ok: true, message: MESSAGE_MESSAGES.reported };
}

const nameOf = (id: number | null) => {
  if (id === null) return REMOVED_USER_NAME;
  const user = db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, id)).get();
  // The admin sees who the accounts are (to act on them), the name and the e-mail.
  return user ? `${user.fullName?.trim() || "(sem nome)"} <${user.email}>` : REMOVED_USER_NAME;
};

function toReported(row: typeof conversations.$inferSelect): ReportedConversationItem {
  const reportedId = row.reportedById === row.buyerId ? row.sellerId : row.buyerId;
  const suspended = reportedId !== null && Boolean(db.select({ at: users.messagesSuspendedAt }).from(users).where(eq(users.id, reportedId)).get()?.at);
  return {
    id: row.id,
    adTitle: row.adTitle,
    reason: row.reportReason ?? "",
    reportedAt: row.reportedAt!.toISOString(),
    reporter: nameOf(row.reportedById),
    reported: { id: reportedId, label: nameOf(reportedId), suspended },
  };
}

/** 'Conversas denunciadas', oldest report first. */
export function reportedConversations(): ReportedConversationItem[] {
  return db.select().from(conversations).where(isNotNull(conversations.reportedAt)).orderBy(conversations.reportedAt).all().map(toReported);
}

/** An admin reads a reported conversation (recorded), or null when it was not reported. */
export function readReportedConversation(adminId: number, id: number, now: Date = new Date()) {
  const row = db.select().from(conversations).where(and(eq(conversations.id, id), isNotNull(conversations.reportedAt))).get();
  if (!row) return null;
  db.insert(conversationReadings).values({ adminId, conversationId: id, readAt: now }).run();
  const rows = db.select().from(messages).where(eq(messages.conversationId, id)).orderBy(messages.id).all();
  return {
    conversation: toReported(row),
    messages: rows.map((message) => ({
      id: message.id,
      from: message.senderId === null ? REMOVED_USER_NAME : message.senderId === row.buyerId ? `Comprador: ${nameOf(row.buyerId)}` : `Anunciante: ${nameOf(row.sellerId)}`,
      text: message.text,
      createdAt: message.createdAt.toISOString(),
    })),
  };
}

/** 'Suspender mensagens' of the reported side, or 'Descartar' the report. */
export function resolveConversationReport(id: number, intent: "suspend" | "dismiss", now: Date = new Date()): { ok: true; message: string } | Refusal {
  const row = db.select().from(conversations).where(and(eq(conversations.id, id), isNotNull(conversations.reportedAt))).get();
  if (!row) return CONVERSATION_NOT_FOUND;
  const reported = toReported(row).reported.id;
  return writeTransaction((tx) => {
    if (intent === "suspend") {
      if (reported !== null) tx.update(users).set({ messagesSuspendedAt: now }).where(eq(users.id, reported)).run();
      return { ok: true as const, message: MESSAGE_MESSAGES.suspendedDone };
    }
    tx.update(conversations).set({ reportedAt: null, reportedById: null, reportReason: null }).where(eq(conversations.id, id)).run();
    return { ok: true as const, message: MESSAGE_MESSAGES.reportDismissed };
  });
}

/** 'Mensagens suspensas' in /admin/moderation: every account whose messages are suspended, longest first. */
export function suspendedMessageAccounts(): SuspendedAccountItem[] {
  return db
    .select({ id: users.id, suspendedAt: users.messagesSuspendedAt })
    .from(users)
    .where(isNotNull(users.messagesSuspendedAt))
    .orderBy(users.messagesSuspendedAt)
    .all()
    .map((row) => ({ id: row.id, label: nameOf(row.id), suspendedAt: row.suspendedAt!.toISOString() }));
}

/** 'Retirar suspensão': the account sends messages again. A refusal when it was not suspended (or does not exist). */
export function liftMessageSuspension(userId: number): { ok: true; message: string } | Refusal {
  const lifted = writeTransaction(
    (tx) => tx.update(users).set({ messagesSuspendedAt: null }).where(and(eq(users.id, userId), isNotNull(users.messagesSuspendedAt))).run().changes > 0,
  );
  return lifted ? { ok: true, message: MESSAGE_MESSAGES.suspensionLifted } : { ok: false, status: 404, message: MESSAGE_MESSAGES.notSuspended };
}

/** The audit list: the latest readings, who read which conversation when. */
export function conversationReadingLog(limit = 200): ConversationReadingItem[] {
  return db
    .select({ id: conversationReadings.id, adminId: conversationReadings.adminId, conversationId: conversationReadings.conversationId, readAt: conversationReadings.readAt })
    .from(conversationReadings)
    .orderBy(desc(conversationReadings.id))
    .limit(limit)
    .all()
    .map((row) => ({ ...row, admin: nameOf(row.adminId), readAt: row.readAt.toISOString() }));
}
