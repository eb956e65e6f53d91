/**
 * Public visibility has one definition (models/ad/visibility.server.ts) and several forms: in memory, in
 * Drizzle queries, in hand-prepared statements, in the public listing's SQL and in the search's ranked
 * hits. Every form answers alike for ads in each status, before and after their expiry instant.
 */
import { eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, sqlite } from "~/db/client.server";
import { ads, cities } from "~/db/schema";
import { AD_STATUSES } from "~/models/ad/ad";
import { clearPublicListingCaches, listPublicAds } from "~/models/listing/listing.server";
import { isPubliclyVisible, PUBLICLY_VISIBLE_WHERE, publiclyVisible } from "~/models/ad/visibility.server";
import { createUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";

const now = new Date();
const WORD = "Visibilidadeteste";
let cityId: number;
let rows: { id: number; status: (typeof AD_STATUSES)[number]; expirationDate: Date }[];

beforeAll(async () => {
  const ownerId = (await createUser()).id;
  cityId = db.insert(cities).values({ name: "Visibilópolis", state: "MG" }).returning().get().id;
  const ids: number[] = [];
  // Each status, a second before and a second after its expiry instant, and exactly at it.
  for (const status of AD_STATUSES) {
    for (const offsetMs of [1_000, 0, -1_000]) {
      const ad = await insertAd(ownerId, { status, expirationDate: new Date(now.getTime() + offsetMs), now });
      db.update(ads).set({ idCity: cityId, city: "Visibilópolis", title: `Mesa ${WORD} ${ad.id}` }).where(eq(ads.id, ad.id)).run();
      ids.push(ad.id);
    }
  }
  rows = db.select({ id: ads.id, status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(inArray(ads.id, ids)).all();
  clearPublicListingCaches();
});

const expected = () => rows.filter((row) => isPubliclyVisible(row, now)).map((row) => row.id).sort((a, b) => a - b);
const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe("public visibility, one rule in every form", () => {
  it("in memory: active and not yet past its expiry instant, nothing else", () => {
    expect(expected()).toHaveLength(1);
    const [visible] = rows.filter((row) => isPubliclyVisible(row, now));
    expect(visible).toMatchObject({ status: "active" });
    expect(visible!.expirationDate.getTime()).toBeGreaterThan(now.getTime());
  });

  it("in Drizzle queries and hand-prepared statements", () => {
    const ids = rows.map((row) => row.id);
    const byDrizzle = db.select({ id: ads.id }).from(ads).where(publiclyVisible(now)).all().map((row) => row.id).filter((id) => ids.includes(id));
    expect(sorted(byDrizzle)).toEqual(expected());
    const byStatement = sqlite
      .prepare<[number, number], number>(`SELECT id FROM ads WHERE ${PUBLICLY_VISIBLE_WHERE} AND id_city = ?`)
      .pluck()
      .all(now.getTime(), cityId);
    expect(sorted(byStatement)).toEqual(expected());
  });

  it("in the public listing, with and without a search, in every order", () => {
    for (const sort of ["views", "newest", "price_asc", "price_desc", "relevance"] as const) {
      for (const search of [undefined, WORD]) {
        const listed = listPublicAds({ page: 1, limit: 50, cityId, sort, search }, now);
        expect(sorted(listed.ads.map((ad) => ad.id))).toEqual(expected());
        expect(listed.total).toBe(expected().length);
      }
    }
  });
});
