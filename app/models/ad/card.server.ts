/**
 * An ad as a card: the columns every list and the detail read (and the joins that name its category,
 * subcategory and owner), the pictures in one query for a whole page, and the row → JSON mapping of
 * the fields every ad answer shares (spec 01 §3 "Ad (public view)"; the owner's list adds its own).
 */
import { eq } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { ads, categories, subcategories, users } from "~/db/schema";
import { sqlite } from "~/db/client.server";
import type { AdType, CardAd, PublicAd, PublicAdImage } from "~/models/ad/ad";
import { centsToDecimalString } from "~/lib/money";
import { previousPriceField, priceDropColumns } from "~/models/ad/price-drop.server";
import { imageUrl } from "~/services/images.server";

/** What `sharedAdFields` reads, for a query joined `withAdNames`. */
export const sharedAdColumns = {
  id: ads.id,
  title: ads.title,
  description: ads.description,
  priceCents: ads.priceCents,
  ...priceDropColumns,
  adType: ads.adType,
  createdAt: ads.createdAt,
  expirationDate: ads.expirationDate,
  views: ads.views,
  categoryId: ads.categoryId,
  categoryName: categories.name,
  categoryIcon: categories.icon,
  subcategoryId: ads.subcategoryId,
  subcategoryName: subcategories.name,
};

export const cardColumns = {
  ...sharedAdColumns,
  characteristics: ads.characteristics,
  whatsapp: ads.whatsapp,
  city: ads.city,
  idCity: ads.idCity,
  state: ads.state,
  userFullName: users.fullName,
};

export type CardRow = {
  id: number;
  title: string;
  description: string;
  priceCents: number | null;
  previousPriceCents: number | null;
  priceDroppedAt: Date | null;
  adType: AdType;
  characteristics: Record<string, string>;
  whatsapp: string | null;
  city: string;
  idCity: number;
  state: string;
  createdAt: Date;
  expirationDate: Date;
  views: number;
  categoryId: number;
  categoryName: string;
  categoryIcon: string;
  subcategoryId: number | null;
  subcategoryName: string | null;
  userFullName: string | null;
};

/**
 * A query on `ads` (made `$dynamic()`) joined with the ad's category, subcategory and owner. A dynamic
 * query's row type does not learn that the left-joined subcategory may be missing: its columns come
 * back null for an ad without one, and the mappings here treat them so.
 */
export function withAdNames<T extends SQLiteSelect>(query: T) {
  return query
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, ads.subcategoryId))
    .innerJoin(users, eq(users.id, ads.userId));
}

let imagesStatement: { all(ids: string): unknown[] } | undefined;

export function imagesByAd(adIds: number[]): Map<number, PublicAdImage[]> {
  const byAd = new Map<number, PublicAdImage[]>();
  if (adIds.length === 0) return byAd;
  imagesStatement ??= sqlite.prepare<[string], unknown>(
    `SELECT id, ad_id AS adId, public_id AS publicId, is_primary AS isPrimary FROM ad_images
     WHERE ad_id IN (SELECT value FROM json_each(?)) ORDER BY ad_id, sort_order, id`,
  );
  const rows = imagesStatement.all(JSON.stringify(adIds)) as { id: number; adId: number; publicId: string; isPrimary: number }[];
  for (const row of rows) {
    const list = byAd.get(row.adId) ?? [];
    const image = { id: row.id, publicId: row.publicId, url: imageUrl(row.publicId) };
    // The primary picture goes first, whatever its order number, so images[0] is always the cover.
    if (row.isPrimary) list.unshift(image);
    else list.push(image);
    byAd.set(row.adId, list);
  }
  return byAd;
}

let coversStatement: { all(ids: string): unknown[] } | undefined;

/** Each ad's cover (the primary picture, else the first) and how many pictures it has, for a page of cards. */
export function coversByAd(adIds: number[]): Map<number, { id: number; publicId: string; count: number }> {
  const covers = new Map<number, { id: number; publicId: string; count: number }>();
  if (adIds.length === 0) return covers;
  coversStatement ??= sqlite.prepare<[string], unknown>(
    `SELECT id, ad_id AS adId, public_id AS publicId FROM ad_images
     WHERE ad_id IN (SELECT value FROM json_each(?)) ORDER BY ad_id, is_primary DESC, sort_order, id`,
  );
  for (const row of coversStatement.all(JSON.stringify(adIds)) as { id: number; adId: number; publicId: string }[]) {
    const cover = covers.get(row.adId);
    if (cover) cover.count++;
    else covers.set(row.adId, { id: row.id, publicId: row.publicId, count: 1 });
  }
  return covers;
}

type SharedRow = Pick<
  CardRow,
  "id" | "title" | "description" | "priceCents" | "previousPriceCents" | "priceDroppedAt" | "adType" | "categoryId" | "categoryName" | "categoryIcon" | "subcategoryId" | "subcategoryName" | "createdAt" | "expirationDate" | "views"
>;

/**
 * The fields every ad answer shares, public or the owner's: price as two decimals ("" for "A combinar"),
 * the struck price while a drop shows, images[0] the cover.
 */
export function sharedAdFields(row: SharedRow, images: PublicAdImage[], now: Date = new Date()) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.priceCents ? centsToDecimalString(row.priceCents) : "",
    ...previousPriceField(row, now),
    adType: row.adType,
    category: { id: row.categoryId, name: row.categoryName, icon: row.categoryIcon },
    subcategory: row.subcategoryId !== null && row.subcategoryName !== null ? { id: row.subcategoryId, name: row.subcategoryName } : null,
    images,
    primaryImageUrl: images[0]?.url ?? null,
    createdAt: row.createdAt.toISOString(),
    expirationDate: row.expirationDate.toISOString(),
    views: row.views,
  };
}

export function toPublicAd(row: CardRow, images: PublicAdImage[], now: Date = new Date()): PublicAd {
  return {
    ...sharedAdFields(row, images, now),
    characteristics: row.characteristics ?? {},
    whatsapp: row.whatsapp?.trim() ? row.whatsapp : null,
    user: { fullName: row.userFullName },
    city: row.city,
    idCity: row.idCity,
    state: row.state,
  };
}

/** A card's description: three lines at most are shown, so the pages send no more than this. */
export const CARD_DESCRIPTION_CHARS = 200;

/** A row of `cardPageColumns` (listing-sql.server.ts): the card's columns, the description already cut near CARD_DESCRIPTION_CHARS. */
export type CardPageRow = Pick<CardRow, "id" | "title" | "description" | "priceCents" | "previousPriceCents" | "priceDroppedAt" | "adType" | "whatsapp" | "city" | "state" | "createdAt" | "views" | "categoryName">;

/** A page of card rows as cards, each with its cover and photo count (one query for the page), and the struck price while a drop shows. */
export function toCards(rows: CardPageRow[], now: Date = new Date()): CardAd[] {
  const covers = coversByAd(rows.map((row) => row.id));
  return rows.map((row) => {
    const cover = covers.get(row.id);
    return {
      id: row.id,
      title: row.title,
      description: row.description.length > CARD_DESCRIPTION_CHARS ? `${row.description.slice(0, CARD_DESCRIPTION_CHARS).trimEnd()}…` : row.description,
      price: row.priceCents ? centsToDecimalString(row.priceCents) : "",
      ...previousPriceField(row, now),
      adType: row.adType,
      whatsapp: row.whatsapp?.trim() ? row.whatsapp : null,
      city: row.city,
      state: row.state,
      createdAt: row.createdAt.toISOString(),
      views: row.views,
      category: { name: row.categoryName },
      images: cover ? [{ id: cover.id, publicId: cover.publicId }] : [],
      imageCount: cover?.count ?? 0,
    };
  });
}
