/**
 * The seller's page and its JSON twin (issue #36, item 3): a person's public ads as cards, a page of
 * PUBLIC_PAGE_SIZE at a time in the lists' order (views, then id), the cities they are in, how many are
 * public and how many sold, the public name and the month the account was made. An account with no
 * public ad has no page (null: the routes answer 404, so the page tells nothing about who has an
 * account). Public means the one rule of ad/visibility.server.ts.
 */
import { and, count, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { ads, categories, users } from "~/db/schema";
import { monthKey } from "~/lib/dates";
import { PUBLIC_PAGE_SIZE } from "~/models/ad/ad";
import { toCards } from "~/models/ad/card.server";
import { publiclyVisible } from "~/models/ad/visibility.server";
import { cardPageColumns } from "~/models/listing/listing-sql.server";
import { sellerName, sellerPath, type PublicSeller } from "~/models/listing/seller";

/** The seller's public page `page` (from 1; past the last: the last), or null when they have no public ad. */
export function publicSeller(userId: number, page = 1, now: Date = new Date()): PublicSeller | null {
  const mine = and(eq(ads.userId, userId), publiclyVisible(now));
  const activeAds = db.select({ n: count() }).from(ads).where(mine).get()?.n ?? 0;
  if (activeAds === 0) return null;
  const user = db.select({ id: users.id, fullName: users.fullName, createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).get();
  if (!user) return null;
  const soldAds = db.select({ n: count() }).from(ads).where(and(eq(ads.userId, userId), eq(ads.status, "sold"))).get()?.n ?? 0;
  const cities = db
    .selectDistinct({ city: ads.city })
    .from(ads)
    .where(mine)
    .orderBy(ads.city)
    .all()
    .map((row) => row.city);
  const totalPages = Math.max(1, Math.ceil(activeAds / PUBLIC_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), totalPages);
  const rows = db
    .select(cardPageColumns)
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .where(mine)
    .orderBy(desc(ads.views), desc(ads.id))
    .limit(PUBLIC_PAGE_SIZE)
    .offset((current - 1) * PUBLIC_PAGE_SIZE)
    .all();
  return {
    id: user.id,
    name: sellerName(user.fullName),
    memberSince: monthKey(user.createdAt),
    cities,
    activeAds,
    soldAds,
    ads: toCards(rows, now),
    page: current,
    totalPages,
  };
}

/** The seller pages worth finding (the sitemap): every account with a public ad now. */
export function publicSellerPaths(now: Date = new Date()): string[] {
  return db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .where(sql`exists (select 1 from ${ads} where ${ads.userId} = ${users.id} and ${publiclyVisible(now)})`)
    .orderBy(users.id)
    .all()
    .map((row) => sellerPath({ id: row.id, name: sellerName(row.fullName) }));
}
