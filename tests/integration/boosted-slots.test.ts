/**
 * The boosted slots of the public lists (ADR 037), against a real temporary database: 10 boosted ads
 * and 20 plain ones in one city. Over many time slots each boosted ad gets the same share of the first
 * slot (the measured shares are printed); a page has at most 3 boosted ads on top and never one twice;
 * the rest keeps the order by views; a typed word or another order gets no slots; a refunded boost or a
 * paused ad leaves them; the kept card pages change with the slot.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads, categories, cities, payments, users } from "~/db/schema";
import { addDaysToKey, expirationInstantFromKey, todayKey } from "~/lib/dates";
import { BOOST_SLOT_MS } from "~/models/listing/boosted-slots.server";
import { clearPublicListingCaches, listPublicAds, listPublicCards } from "~/models/listing/listing.server";

const BOOSTED = 10;
const PLAIN = 20;
let cityId = 0;
let boostedIds: number[] = [];
let plainIds: number[] = [];
const start = new Date();

function insertAd(userId: number, categoryId: number, views: number, word: string) {
  return db
    .insert(ads)
    .values({
      title: `Anúncio ${word} ${views}`,
      description: `Descrição do anúncio ${word} de teste dos impulsos.`,
      priceCents: 1000 + views,
      status: "active",
      userId,
      categoryId,
      adType: "Vender",
      expirationDate: expirationInstantFromKey(addDaysToKey(todayKey(start), 20)),
      city: "Boostópolis",
      idCity: cityId,
      state: "MG",
      views,
    })
    .returning({ id: ads.id })
    .get().id;
}

function boost(adId: number, userId: number, status: "received" | "refunded" = "received") {
  return db
    .insert(payments)
    .values({
      adId,
      userId,
      purpose: "boost",
      purchasedDays: 10,
      amountCents: 3000,
      paymentMethod: "PIX",
      status,
      confirmedDate: new Date(start.getTime() - 3_600_000),
      paysUntil: expirationInstantFromKey(addDaysToKey(todayKey(start), 9)),
    })
    .returning({ id: payments.id })
    .get().id;
}

beforeAll(() => {
  const word = randomBytes(4).toString("hex");
  cityId = db.insert(cities).values({ name: `Boostópolis ${word}`.slice(0, 30), state: "MG" }).returning({ id: cities.id }).get().id;
  const userId = db.insert(users).values({ username: `boost_${word}`, email: `boost.${word}@exemplo.com.br`, fullName: "Vendedor" }).returning({ id: users.id }).get().id;
  const categoryId = db.select({ id: categories.id }).from(categories).get()!.id;
  // Boosted ads have few views, so without slots none would reach page 1.
  boostedIds = Array.from({ length: BOOSTED }, (_, i) => insertAd(userId, categoryId, i, word));
  plainIds = Array.from({ length: PLAIN }, (_, i) => insertAd(userId, categoryId, 1000 + i, word));
  for (const id of boostedIds) boost(id, userId);
});

const at = (slot: number) => new Date(start.getTime() + slot * BOOST_SLOT_MS);
const page = (n: number, now: Date, extra: Record<string, unknown> = {}) => listPublicAds({ cityId, page: n, limit: 12, ...extra }, now).ads as { id: number; views: number; boosted?: true; boostedUntil?: string }[];

describe("boosted slots", () => {
  it("gives each of 10 boosted ads the same share of the first slot over many time slots", () => {
    const SLOTS = 1_000;
    const first = new Map<number, number>();
    for (let slot = 0; slot < SLOTS; slot++) {
      const top = page(1, at(slot))[0]!;
      first.set(top.id, (first.get(top.id) ?? 0) + 1);
    }
    const shares = boostedIds.map((id) => (first.get(id) ?? 0) / SLOTS);
    console.log(`[boosted-slots] first-slot share over ${SLOTS} page loads (one per ${BOOST_SLOT_MS / 1000} s slot): ${shares.map((s) => `${(s * 100).toFixed(1)}%`).join(", ")}`);
    expect([...first.keys()].sort((a, b) => a - b)).toEqual(boostedIds);
    for (const share of shares) expect(share).toBe(1 / BOOSTED);
  }, 60_000); // a list page per load, on a machine shared with the other tests

  it("puts at most 3 boosted ads on top of each page, never one twice, the rest by views, each boosted item marked", () => {
    const now = at(7);
    const seen = new Set<number>();
    for (const n of [1, 2, 3]) {
      const items = page(n, now);
      const ids = items.map((ad) => ad.id);
      expect(new Set(ids).size).toBe(ids.length);
      const top = items.slice(0, 3);
      expect(top.every((ad) => boostedIds.includes(ad.id) && ad.boosted === true && typeof ad.boostedUntil === "string")).toBe(true);
      const rest = items.slice(3);
      expect(rest.filter((ad) => boostedIds.includes(ad.id) && !ad.boosted)).toEqual([]);
      const views = rest.map((ad) => ad.views);
      expect(views).toEqual([...views].sort((a, b) => b - a));
      for (const ad of top) seen.add(ad.id);
    }
    // Three pages show nine different boosted ads in their slots.
    expect(seen.size).toBe(9);
    // Page 1 keeps its 12 own cards (the 12 most viewed plain ads) under the slots.
    expect(page(1, now).slice(3).map((ad) => ad.id)).toEqual([...plainIds].reverse().slice(0, 12));
  });

  it("a typed word or another order gets no slots; a refunded boost and a paused ad leave them", () => {
    const now = at(3);
    expect(page(1, now, { search: "Anúncio" })[0]?.boosted).toBeUndefined();
    const byPrice = page(1, now, { sort: "price_desc" });
    expect(byPrice.slice(0, 3).some((ad) => boostedIds.includes(ad.id))).toBe(false);

    const [refunded, paused] = [boostedIds[0]!, boostedIds[1]!];
    db.update(payments).set({ status: "refunded" }).where(eq(payments.adId, refunded)).run();
    db.update(ads).set({ status: "paused" }).where(eq(ads.id, paused)).run();
    clearPublicListingCaches();
    for (let slot = 0; slot < 16; slot++) {
      const top = page(1, at(slot)).slice(0, 3).map((ad) => ad.id);
      expect(top).not.toContain(refunded);
      expect(top).not.toContain(paused);
    }
    db.update(payments).set({ status: "received" }).where(eq(payments.adId, refunded)).run();
    db.update(ads).set({ status: "active" }).where(eq(ads.id, paused)).run();
  });

  it("the kept card pages expire with the slot, and carry the badge's field", () => {
    clearPublicListingCaches();
    const now = at(100);
    const first = listPublicCards({ cityId, page: 1, limit: 12 }, now).ads;
    expect(listPublicCards({ cityId, page: 1, limit: 12 }, new Date(now.getTime() + 1)).ads).toBe(first);
    const next = listPublicCards({ cityId, page: 1, limit: 12 }, at(101)).ads;
    expect(next[0]!.id).not.toBe(first[0]!.id);
    expect((first[0] as { boostedUntil?: string }).boostedUntil).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});
