/**
 * A sold ad's public page (issue #36, item 2): /anuncio/{id} of an ad its owner marked 'Vendido'
 * answers 410 with what it was — title, photos, price, place — and nothing to reach the seller: no
 * WhatsApp, no description (a phone number is often written there), no seller. The similar public ads
 * shown beside it are the listing's (routes/anuncio.$id.tsx asks listing for them).
 */
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { ads, categories, subcategories } from "~/db/schema";
import { centsToDecimalString } from "~/lib/money";
import type { SoldAd } from "~/models/ad/ad";
import { imagesByAd } from "~/models/ad/card.server";

/** The sold ad as its 410 page shows it, or null when the ad does not exist or is not sold. */
export function getSoldAd(id: number): SoldAd | null {
  const row = db
    .select({
      id: ads.id,
      title: ads.title,
      priceCents: ads.priceCents,
      categoryId: ads.categoryId,
      categoryName: categories.name,
      subcategoryId: ads.subcategoryId,
      subcategoryName: subcategories.name,
      city: ads.city,
      idCity: ads.idCity,
      state: ads.state,
      soldAt: ads.soldAt,
    })
    .from(ads)
    .innerJoin(categories, eq(categories.id, ads.categoryId))
    .leftJoin(subcategories, eq(subcategories.id, ads.subcategoryId))
    .where(and(eq(ads.id, id), eq(ads.status, "sold")))
    .get();
  if (!row) return null;
  return {
    id: row.id,
    title: row.title,
    price: row.priceCents ? centsToDecimalString(row.priceCents) : "",
    images: imagesByAd([row.id]).get(row.id) ?? [],
    category: { id: row.categoryId, name: row.categoryName },
    subcategory: row.subcategoryId !== null && row.subcategoryName !== null ? { id: row.subcategoryId, name: row.subcategoryName } : null,
    city: row.city,
    idCity: row.idCity,
    state: row.state,
    status: "sold",
    soldAt: (row.soldAt ?? new Date(0)).toISOString(),
  };
}
