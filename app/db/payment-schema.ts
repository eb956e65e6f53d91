/**
 * The payment tables (spec 02 §3 payments, plus what ADR 011 and 017 need), split by job and
 * re-exported by schema.ts: import them from "~/db/schema" like every other table. Their foreign keys
 * point at base-schema.ts's tables, which know nothing of these.
 */
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { PAYMENT_METHODS, PAYMENT_PURPOSES, PAYMENT_STATUSES } from "../models/payment/payment";
import { createdAt } from "./columns";
import { ads, users } from "./base-schema";

export const payments = sqliteTable(
  "payments",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    asaasPaymentId: text().unique(),
    asaasCustomerId: text(),
    amountCents: integer().notNull(),
    paymentMethod: text({ enum: PAYMENT_METHODS }).notNull(),
    status: text({ enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** The gateway's own status word (PENDING, CONFIRMED, RECEIVED…), kept verbatim. */
    asaasStatus: text(),
    paymentUrl: text(),
    /** PIX "copia e cola" BR Code payload. */
    pixQrCode: text(),
    pixQrCodeId: text(),
    dueDate: integer({ mode: "timestamp_ms" }),
    confirmedDate: integer({ mode: "timestamp_ms" }),
    description: text(),
    metadata: text({ mode: "json" }).$type<Record<string, unknown>>(),
    /**
     * The ad's expiration this payment buys (the quoted period's end). Confirmation publishes the ad
     * until this instant, never later; null only on payments made before periods were recorded.
     */
    paysUntil: integer({ mode: "timestamp_ms" }),
    /**
     * Money that arrived but bought nothing (a withdrawn or superseded charge, a second payment of a
     * live ad): why, for the admin's refund list. Null when nothing is owed back.
     */
    refundDueReason: text(),
    /**
     * What the payment buys (ADR 037): the ad's period ("ad"), a boost ("boost": it runs from
     * `confirmedDate` until `paysUntil` while the ad is public) or an extension ("extend": the ad's new
     * end is `paysUntil`, its end when quoted is `extendsFrom`).
     */
    purpose: text({ enum: PAYMENT_PURPOSES }).notNull().default("ad"),
    /** The days a boost or an extension buys (null for the ad's own period: its days are in metadata). */
    purchasedDays: integer(),
    /** An extension's quoted start: the ad's end when it was quoted; it applies only while the ad still ends then. */
    extendsFrom: integer({ mode: "timestamp_ms" }),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    index("payments_ad_idx").on(t.adId),
    index("payments_user_idx").on(t.userId),
    index("payments_status_idx").on(t.status),
    // The running boosts (the lists' top slots): by purpose, then the end, so a page reads only those not over.
    index("payments_purpose_until_idx").on(t.purpose, t.paysUntil),
  ],
);

/**
 * Charges to withdraw at the gateway (an outbox): written in the same transaction as the decision
 * (an ad deleted or its period changed, another charge chosen), then sent by whoever made it and, when
 * that fails, by the reconciliation. Kept after the payment and its ad are gone, so money that still
 * arrives for a withdrawn charge is recognised and flagged for refund.
 */
export const chargeWithdrawals = sqliteTable("charge_withdrawals", {
  id: integer().primaryKey({ autoIncrement: true }),
  gatewayPaymentId: text().notNull().unique(),
  /** Our payments.id (no foreign key: the row outlives it). */
  paymentId: integer().notNull(),
  adId: integer().notNull(),
  userId: integer().notNull(),
  amountCents: integer().notNull(),
  /** superseded | ad_removed | replaced | restored */
  reason: text().notNull(),
  attempts: integer().notNull().default(0),
  lastError: text(),
  /** The gateway confirmed the withdrawal (or that nothing is left to withdraw). */
  doneAt: integer({ mode: "timestamp_ms" }),
  /** The withdrawn charge was paid anyway: the money is owed back. */
  paidAt: integer({ mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/**
 * What every worker must know about a gateway's limits (one row per gateway): a back-off after a 429
 * until Asaas's RateLimit-Reset, and the calls made in the current minute, so polling and
 * reconciliation across workers stay within Asaas's quota.
 */
export const gatewayThrottle = sqliteTable("gateway_throttle", {
  gateway: text().primaryKey(),
  backoffUntil: integer({ mode: "timestamp_ms" }),
  windowStart: integer({ mode: "timestamp_ms" }).notNull(),
  windowCalls: integer().notNull().default(0),
});

export const paymentEvents = sqliteTable("payment_events", {
  id: integer().primaryKey({ autoIncrement: true }),
  eventId: text().notNull().unique(),
  paymentId: integer().references(() => payments.id, { onDelete: "set null" }),
  event: text().notNull(),
  payload: text({ mode: "json" }).$type<Record<string, unknown>>().notNull(),
  receivedAt: createdAt(),
});

export type Payment = typeof payments.$inferSelect;
