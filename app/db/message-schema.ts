/**
 * The tables of messages between a buyer and a seller (issue #37, models/message), split from the base
 * tables by job and re-exported by schema.ts: import them from "~/db/schema" like every other table.
 *
 * The inbox and the unread count read `conversations` alone, through its indexes: each conversation
 * keeps its last message and each side's unread count, written with every message, so neither ever
 * reads the `messages` table (issue #37, item 7).
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt } from "./columns";
import { ads, users } from "./base-schema";

/**
 * One conversation per ad and buyer. `adId` has no foreign key: the trigger of migration 0019 sets it to
 * null when the ad is removed and records the time (`adRemovedAt`) and the ad's last title and price,
 * so the conversation still says what it was about until the daily job deletes it 90 days later.
 * A side whose account was deleted becomes null ("Usuário removido").
 */
export const conversations = sqliteTable(
  "conversations",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    adId: integer(),
    adTitle: text({ length: 200 }).notNull(),
    adPriceCents: integer(),
    adRemovedAt: integer({ mode: "timestamp_ms" }),
    buyerId: integer().references(() => users.id, { onDelete: "set null" }),
    sellerId: integer().references(() => users.id, { onDelete: "set null" }),
    buyerUnread: integer().notNull().default(0),
    sellerUnread: integer().notNull().default(0),
    lastMessageText: text({ length: 1000 }).notNull().default(""),
    lastMessageSenderId: integer(),
    lastMessageAt: integer({ mode: "timestamp_ms" }).notNull(),
    /** 'Denunciar conversa': who reported it, why and when; only then may an admin read it. */
    reportedAt: integer({ mode: "timestamp_ms" }),
    reportedById: integer(),
    reportReason: text({ length: 500 }),
    /**
     * When the last 'mensagem esperando' e-mail about this conversation was claimed (models/message/
     * waiting-mail.server.ts): at most one an hour, and never again about a message older than it.
     */
    emailedAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("conversations_ad_buyer_idx").on(t.adId, t.buyerId),
    index("conversations_buyer_inbox_idx").on(t.buyerId, t.lastMessageAt),
    index("conversations_seller_inbox_idx").on(t.sellerId, t.lastMessageAt),
    index("conversations_buyer_unread_idx").on(t.buyerId, t.buyerUnread).where(sql`buyer_unread > 0`),
    index("conversations_seller_unread_idx").on(t.sellerId, t.sellerUnread).where(sql`seller_unread > 0`),
    index("conversations_ad_removed_idx").on(t.adRemovedAt).where(sql`ad_removed_at IS NOT NULL`),
    index("conversations_reported_idx").on(t.reportedAt).where(sql`reported_at IS NOT NULL`),
  ],
);

/** A message: plain text, its sender (null once the sender's account is deleted) and when the other side read it. */
export const messages = sqliteTable(
  "messages",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    conversationId: integer()
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    senderId: integer().references(() => users.id, { onDelete: "set null" }),
    text: text({ length: 1000 }).notNull(),
    readAt: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
  },
  (t) => [index("messages_conversation_idx").on(t.conversationId, t.id), index("messages_sender_idx").on(t.senderId)],
);

/** 'Bloquear': the blocked person can no longer write in any conversation with the blocker. */
export const messageBlocks = sqliteTable(
  "message_blocks",
  {
    blockerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index("message_blocks_blocked_idx").on(t.blockedId, t.blockerId)],
);

/**
 * The text a visitor without an account wrote on an ad's page, kept here while they sign in: the
 * login's return address carries only the random `token` (safeRedirect caps it at 2 KB), and the ad's
 * page, signed in, puts the text back in the form. Swept by the daily job after a day.
 */
export const messageDrafts = sqliteTable(
  "message_drafts",
  {
    token: text({ length: 64 }).primaryKey(),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    text: text({ length: 1000 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("message_drafts_created_idx").on(t.createdAt)],
);

/**
 * Every reading of a reported conversation by an admin (issue #37): who, which, when — the audit list the
 * operator reads beside the access log (/admin/conversas). Kept when the conversation goes.
 */
export const conversationReadings = sqliteTable(
  "conversation_readings",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    adminId: integer(),
    conversationId: integer().notNull(),
    readAt: integer({ mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("conversation_readings_read_idx").on(t.readAt)],
);
