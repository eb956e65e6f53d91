/**
 * A big selection's total is not counted again on every listing version (listing.server.ts,
 * LARGE_TOTAL): on a big site the version changes every few seconds, and a count of hundreds of
 * thousands of ads costs what a page cannot pay. Small totals stay exact at once.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, sqlite } from "~/db/client.server";
import { ads, cities } from "~/db/schema";
import { clearPublicListingCaches, listPublicAds } from "~/models/listing/listing.server";
import { createUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";

let ownerId: number;
beforeAll(async () => {
  ownerId = (await createUser()).id;
  clearPublicListingCaches();
});

/** A city of its own with `count` public ads (copies of one), so its total is this test's alone. */
async function cityWithAds(name: string, count: number) {
  const city = db.insert(cities).values({ name, state: "MG" }).returning().get();
  const ad = await insertAd(ownerId, { status: "active" });
  db.update(ads).set({ idCity: city.id, city: name }).where(eq(ads.id, ad.id)).run();
  const columns = "title, description, price_cents, status, user_id, category_id, subcategory_id, characteristics, ad_type, expiration_date, whatsapp, city, id_city, state, views, created_at, updated_at";
  sqlite
    .prepare(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?) INSERT INTO ads (${columns}) SELECT ${columns} FROM ads, n WHERE ads.id = ?`)
    .run(count - 1, ad.id);
  return city.id;
}

async function publishIn(cityId: number, name: string) {
  const ad = await insertAd(ownerId, { status: "active" });
  db.update(ads).set({ idCity: cityId, city: name }).where(eq(ads.id, ad.id)).run();
}

const totalIn = (cityId: number, now: Date) => listPublicAds({ page: 1, limit: 12, cityId }, now).total;

describe("totals of a big selection", () => {
  it("a total of 1 000 ads or more may lag a new ad by up to a minute", async () => {
    const big = await cityWithAds("Cidade Grande", 1_000);
    const now = new Date();
    expect(totalIn(big, now)).toBe(1_000);
    await publishIn(big, "Cidade Grande");
    expect(totalIn(big, new Date(now.getTime() + 1_000))).toBe(1_000);
    expect(totalIn(big, new Date(now.getTime() + 61_000))).toBe(1_001);
  });

  it("a small total follows a new ad at once", async () => {
    const small = await cityWithAds("Cidade Pequena", 2);
    const now = new Date();
    expect(totalIn(small, now)).toBe(2);
    await publishIn(small, "Cidade Pequena");
    expect(totalIn(small, new Date(now.getTime() + 1_000))).toBe(3);
  });
});
