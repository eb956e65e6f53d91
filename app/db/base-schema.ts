/**
 * The base tables (spec 02 §3 plus what sign-in needs: accounts, categories, cities, ads and what
 * hangs on them), with schema.ts's conventions. The payment and growth tables import these ones;
 * everyone else imports every table from schema.ts.
 */
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { AD_STATUSES, AD_TYPES, MODERATION_DECISIONS, type AdModeration } from "../models/ad/ad";
import { REPORT_REASONS, REPORTER_KINDS } from "../models/report/ad-report";
import type { WizardDraftData } from "../models/ad/ad-form";
import { PHOTO_HASH_BANDS, PHOTO_VIEW_BANDS, type FraudSignal } from "../models/ad/fraud-signals";
import { CHARACTERISTIC_DATA_TYPES } from "../models/category/category";
import { INDEXED_PHOTO_VARIANTS, variantOffset } from "../services/photo-hash.server";
import { createdAt } from "./columns";

export const users = sqliteTable("users", {
  id: integer().primaryKey({ autoIncrement: true }),
  username: text({ length: 50 }).notNull().unique(),
  email: text({ length: 255 }).notNull().unique(),
  /** argon2id hash; null for accounts that only ever signed in with Google. */
  password: text(),
  fullName: text(),
  phone: text({ length: 20 }),
  isAdmin: integer({ mode: "boolean" }).notNull().default(false),
  googleId: text().unique(),
  avatar: text(),
  provider: text().notNull().default("local"),
  /** SHA-256 of the single-use reset token; the token itself only travels in the e-mail. */
  resetToken: text(),
  resetTokenExpires: integer({ mode: "timestamp_ms" }),
  /** 'Avisos de queda de preço' in /conta: e-mails when an ad they saved gets cheaper (models/favourite/price-drop-mail.server.ts). */
  priceDropAlerts: integer({ mode: "boolean" }).notNull().default(true),
  /** 'Avisos de mensagens por e-mail' in /conta: an e-mail when a message waits unread (models/message). */
  messageEmails: integer({ mode: "boolean" }).notNull().default(true),
  /** 'Suspender mensagens' by an admin after a reported conversation: no new message until lifted. */
  messagesSuspendedAt: integer({ mode: "timestamp_ms" }),
  createdAt: createdAt(),
});

/** A signed-in browser or API client. The id is the SHA-256 of the opaque token the client holds. */
export const sessions = sqliteTable(
  "sessions",
  {
    id: text().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** "Lembrar de mim": a 30-day persistent cookie instead of a browser-session one. */
    persistent: integer({ mode: "boolean" }).notNull().default(false),
    expiresAt: integer({ mode: "timestamp_ms" }).notNull(),
    /** A client token's cookie session (the same sign-in): logging out through either ends both (ADR 003). */
    parentId: text().references((): AnySQLiteColumn => sessions.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt), index("sessions_parent_idx").on(t.parentId)],
);

/** Sign-in, reset and sign-up attempts, counted per key ("login-email:…", "register-ip:…") for throttling (models/account/throttle.server.ts). */
export const authAttempts = sqliteTable(
  "auth_attempts",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    key: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("auth_attempts_key_idx").on(t.key, t.createdAt)],
);

export const categories = sqliteTable("categories", {
  id: integer().primaryKey({ autoIncrement: true }),
  name: text({ length: 100 }).notNull().unique(),
  /** What the wizard calls this category's subcategories (default "Sub Categoria"). */
  label: text(),
  description: text(),
  icon: text().notNull().default("home"),
  isActive: integer({ mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
});

export const subcategories = sqliteTable(
  "subcategories",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text({ length: 100 }).notNull(),
    description: text(),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    isActive: integer({ mode: "boolean" }).notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("subcategories_category_name_idx").on(t.categoryId, t.name)],
);

export const characteristics = sqliteTable(
  "characteristics",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text({ length: 100 }).notNull(),
    label: text({ length: 100 }).notNull(),
    labelValueDefault: text(),
    helper: text(),
    dataType: text({ enum: CHARACTERISTIC_DATA_TYPES }).notNull().default("text"),
    /** For select: the list of choices. */
    options: text({ mode: "json" }).$type<string[]>(),
    minValue: real(),
    maxValue: real(),
    charLimit: integer(),
    isRequired: integer({ mode: "boolean" }).notNull().default(false),
    categoryId: integer()
      .notNull()
      .references(() => categories.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("characteristics_category_name_idx").on(t.categoryId, t.name)],
);

/** The 27 federative units; cities reference them so a state code is always a real one. */
export const states = sqliteTable("states", {
  code: text({ length: 2 }).primaryKey(),
  name: text({ length: 40 }).notNull(),
});

export const cities = sqliteTable(
  "cities",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text({ length: 30 }).notNull(),
    state: text({ length: 2 })
      .notNull()
      .references(() => states.code),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [uniqueIndex("cities_name_state_idx").on(t.name, t.state)],
);

export const ads = sqliteTable(
  "ads",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    title: text({ length: 200 }).notNull(),
    description: text({ length: 1000 }).notNull(),
    /** null = "A combinar". */
    priceCents: integer(),
    adCostCents: integer().notNull().default(0),
    condition: text().notNull().default("Usado"),
    status: text({ enum: AD_STATUSES }).notNull().default("pending_payment"),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    categoryId: integer()
      .notNull()
      .references(() => categories.id),
    subcategoryId: integer().references(() => subcategories.id, { onDelete: "set null" }),
    characteristics: text({ mode: "json" }).$type<Record<string, string>>().notNull().default({}),
    adType: text({ enum: AD_TYPES }).notNull().default("Vender"),
    expirationDate: integer({ mode: "timestamp_ms" }).notNull(),
    phone: text({ length: 20 }),
    whatsapp: text({ length: 20 }),
    city: text({ length: 30 }).notNull(),
    idCity: integer()
      .notNull()
      .references(() => cities.id),
    state: text({ length: 2 }).notNull(),
    zipCode: text({ length: 9 }),
    views: integer().notNull().default(0),
    /**
     * When the ad last went public as news ('Recém-chegados' on the home page, the saved searches'
     * alerts): written by triggers (migration 0013) when an ad is inserted active or moves to active
     * from anything but a pause (a payment, an admin's approval), whatever code path did it; null for an
     * ad never published. A pause and its reactivation keep it.
     */
    publishedAt: integer({ mode: "timestamp_ms" }),
    /** When its owner marked it sold ('Vendido'); null otherwise. The daily job removes it STALE_AD_DAYS later. */
    soldAt: integer({ mode: "timestamp_ms" }),
    /** The owner's answer to "Vendeu pelo Classificados?" when marking it sold; null when they did not answer. */
    soldHere: integer({ mode: "boolean" }),
    /**
     * A price drop the public sees ('Baixou R$ X', models/ad/price-drop.ts): the price struck through
     * (the lowest of the 7 days before the cut) and when the owner cut it; both null when no drop shows.
     * A raise clears them; they are shown for PRICE_DROP_SHOW_DAYS days.
     */
    previousPriceCents: integer(),
    priceDroppedAt: integer({ mode: "timestamp_ms" }),
    /** The automatic moderation's verdict at the last create or edit (null for ads from before it). */
    moderation: text({ mode: "json" }).$type<AdModeration>(),
    /** Why its last payment sent it to a person instead of going live (models/ad/fraud-signals.server.ts); null when nothing was found. */
    fraudSignals: text({ mode: "json" }).$type<FraudSignal[]>(),
    createdAt: createdAt(),
    updatedAt: createdAt(),
  },
  (t) => [
    // The public listing: always "active", optionally filters, ordered by views then id (a stable order
    // for pagination). Each index leads with one filter, then (views, id) so the order needs no sort, then
    // the remaining filter columns so the other filters and the totals are checked inside the index
    // (a COUNT is a covering-index range scan, never a table scan). See docs/decisions/004.
    // The price comes last in each, so a price range is checked inside the index too.
    index("ads_public_views_idx").on(t.status, t.views, t.id, t.expirationDate, t.idCity, t.categoryId, t.subcategoryId, t.adType, t.priceCents),
    index("ads_public_city_idx").on(t.status, t.idCity, t.views, t.id, t.expirationDate, t.categoryId, t.subcategoryId, t.adType, t.priceCents),
    index("ads_public_category_idx").on(t.status, t.categoryId, t.views, t.id, t.expirationDate, t.idCity, t.subcategoryId, t.adType, t.priceCents),
    index("ads_public_subcategory_idx").on(t.status, t.subcategoryId, t.views, t.id, t.expirationDate, t.idCity, t.categoryId, t.adType, t.priceCents),
    index("ads_public_type_idx").on(t.status, t.adType, t.views, t.id, t.expirationDate, t.idCity, t.categoryId, t.subcategoryId, t.priceCents),
    // The other orders of the public list (newest, lowest and highest price): led by the order, then every
    // filter column, walked until a page is full (docs/decisions/014). "Lowest price" puts the ads without
    // a price ("A combinar") last, so its index is on that expression (listing.server.ts PRICE_ASC_KEY).
    index("ads_public_newest_idx").on(t.status, t.createdAt, t.id, t.expirationDate, t.idCity, t.categoryId, t.subcategoryId, t.adType, t.priceCents),
    index("ads_public_price_idx").on(t.status, t.priceCents, t.id, t.expirationDate, t.idCity, t.categoryId, t.subcategoryId, t.adType),
    index("ads_public_price_asc_idx").on(
      t.status,
      sql`ifnull(${t.priceCents}, 9223372036854775807)`,
      t.id,
      t.expirationDate,
      t.idCity,
      t.categoryId,
      t.subcategoryId,
      t.adType,
      t.priceCents,
    ),
    // 'Recém-chegados': a city's public ads, last published first (models/ad/recent.server.ts).
    index("ads_public_published_idx").on(t.status, t.idCity, t.publishedAt, t.expirationDate),
    // The saved searches' alerts: what went public since their last e-mail, in every city.
    index("ads_published_idx").on(t.publishedAt),
    // The owner's dashboard, newest first.
    index("ads_owner_idx").on(t.userId, t.createdAt),
    index("ads_created_idx").on(t.createdAt),
    // The price-drop e-mails: the few ads cut in the last days (models/favourite/price-drop-mail.server.ts).
    index("ads_price_dropped_idx").on(t.priceDroppedAt),
  ],
);

export const adImages = sqliteTable(
  "ad_images",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    /** Path of the original through the image route, e.g. /images/{publicId}. */
    url: text().notNull(),
    /** Server-made storage key of the original; never derived from the uploaded file name. */
    publicId: text().notNull().unique(),
    width: integer(),
    height: integer(),
    isPrimary: integer({ mode: "boolean" }).notNull().default(false),
    order: integer("sort_order").notNull().default(0),
    /** 64-bit perceptual hash (services/photo-hash.server.ts), 16 hex digits; null until computed (photos from before it are backfilled at start-up). */
    phash: text({ length: 16 }),
    /**
     * The hashes of the photo's views (mirrored, framed, turned, centre crops), 16 hex digits each in
     * PHOTO_VARIANTS order, so an edited copy is found too (ADR 020); null until computed, backfilled.
     */
    phashVariants: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index("ad_images_ad_idx").on(t.adId, t.order),
    // The copied-photo check's candidates (models/ad/fraud-signals.server.ts): one index per band of the hash.
    ...PHOTO_HASH_BANDS.map((band, n) => index(`ad_images_phash_band${n}_idx`).on(photoHashBand(t.phash, band))),
    // …and, by the views' longer bands, of the whole picture (a mirrored or framed copy's views look it
    // up) and of each centre crop (a cropped copy's whole picture, a rotated one's views look them up).
    ...PHOTO_VIEW_BANDS.map((band, n) => index(`ad_images_phash_view_band${n}_idx`).on(photoHashBand(t.phash, band))),
    ...INDEXED_PHOTO_VARIANTS.flatMap((variant) =>
      PHOTO_VIEW_BANDS.map((band, n) => index(`ad_images_${variant}_band${n}_idx`).on(photoVariantBand(t.phashVariants, variant, band))),
    ),
  ],
);

/** A band of a hash's hex digits, [first digit, length] as SQLite's substr counts them. */
type PhotoHashBand = (typeof PHOTO_HASH_BANDS)[number] | (typeof PHOTO_VIEW_BANDS)[number];

/**
 * One band of a photo's hash as SQL, exactly as its index declares it: a query uses an expression
 * index only when it writes the same expression, literals included (so no bound parameters here).
 */
export function photoHashBand(phash: AnySQLiteColumn, [start, length]: PhotoHashBand) {
  return sql`substr(${phash}, ${sql.raw(String(start))}, ${sql.raw(String(length))})`;
}

/** The same band of one of the indexed views in `phash_variants`, as its index declares it. */
export function photoVariantBand(variants: AnySQLiteColumn, variant: (typeof INDEXED_PHOTO_VARIANTS)[number], [start, length]: PhotoHashBand) {
  return sql`substr(${variants}, ${sql.raw(String(variantOffset(variant) + start - 1))}, ${sql.raw(String(length))})`;
}

/**
 * Views and contacts of an ad per São Paulo day ("YYYY-MM-DD"), for its owner's 30-day chart: a row is
 * added or bumped in the same transaction as the counter it mirrors (models/ad/views.server.ts).
 * Rows stay with the ad and go with it.
 */
export const adDailyStats = sqliteTable(
  "ad_daily_stats",
  {
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    day: text({ length: 10 }).notNull(),
    views: integer().notNull().default(0),
    contacts: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.adId, t.day] })],
);

export const settings = sqliteTable("settings", {
  id: integer().primaryKey({ autoIncrement: true }),
  key: text({ length: 100 }).notNull().unique(),
  value: text().notNull(),
  description: text(),
  updatedAt: createdAt(),
});

/**
 * The AI quota's count per month. It is kept under `quotaKey`, a keyed hash of the account's e-mail
 * (models/ai-usage/ai-usage.server.ts), so deleting the account and registering the same e-mail again
 * does not give a fresh quota; `userId` (for the data export) is cleared when the account goes.
 */
export const aiUsage = sqliteTable(
  "ai_usage",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    quotaKey: text().notNull(),
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    /** São Paulo calendar month, YYYY-MM. */
    month: text({ length: 7 }).notNull(),
    geminiCalls: integer().notNull().default(0),
    openaiCalls: integer().notNull().default(0),
    totalCalls: integer().notNull().default(0),
  },
  (t) => [uniqueIndex("ai_usage_quota_month_idx").on(t.quotaKey, t.month), index("ai_usage_user_idx").on(t.userId)],
);

/**
 * The ad wizard's state between steps (one per user): what was typed and the photos already stored,
 * so the wizard works as plain form posts, survives a reload and a dropped connection. `editAdId`
 * is set when the wizard reopens an unpaid ad (/create-ad-steps?edit={id}).
 */
export const adDrafts = sqliteTable("ad_drafts", {
  id: integer().primaryKey({ autoIncrement: true }),
  userId: integer()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: "cascade" }),
  editAdId: integer().references(() => ads.id, { onDelete: "cascade" }),
  data: text({ mode: "json" }).$type<WizardDraftData>().notNull(),
  createdAt: createdAt(),
  updatedAt: createdAt(),
});

/** Human moderation: every decision on an ad (who, when, why), and owners' requests for a review. */
export const moderationDecisions = sqliteTable(
  "moderation_decisions",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    /** The admin who decided; null for an owner's review request, or once the admin's account is gone. */
    userId: integer().references(() => users.id, { onDelete: "set null" }),
    decision: text({ enum: MODERATION_DECISIONS }).notNull(),
    reason: text(),
    createdAt: createdAt(),
  },
  (t) => [index("moderation_decisions_ad_idx").on(t.adId, t.createdAt)],
);

/**
 * 'Denunciar anúncio': one row per reporter and ad (a second report by the same reporter changes nothing).
 * `reporter` is the person of models/ad/people.server.ts: "u:{userId}" for a signed-in user, "v:{visitor
 * id}" for a visitor whose signed cookie was minted on an earlier day, and "a:{São Paulo day}:{keyed hash
 * of the address}" for anyone else. `reporterKind` is fixed when the report is made (the account's age then);
 * only "account" reports count toward hiding the ad (docs/decisions/021-reports-that-cannot-take-down.md).
 */
export const adReports = sqliteTable(
  "ad_reports",
  {
    id: integer().primaryKey({ autoIncrement: true }),
    adId: integer()
      .notNull()
      .references(() => ads.id, { onDelete: "cascade" }),
    reporter: text({ length: 80 }).notNull(),
    reporterKind: text({ enum: REPORTER_KINDS }).notNull().default("visitor"),
    reason: text({ enum: REPORT_REASONS }).notNull(),
    details: text({ length: 500 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("ad_reports_ad_reporter_idx").on(t.adId, t.reporter), index("ad_reports_created_idx").on(t.createdAt)],
);
