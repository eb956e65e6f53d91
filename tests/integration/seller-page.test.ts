/**
 * The seller's page and its JSON twin (issue #36, item 3): what it shows (the public name, the month
 * the account was made, the cities and counts of the public ads, the public ads as cards, never the
 * username or e-mail), its one address (301 from any other), its pages, its place in the sitemap, and
 * the 404 for an account with no public ad (only paused ads, or none at all), the same as for no account.
 */
import { eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads, cities, users } from "~/db/schema";
import { monthKey } from "~/lib/dates";
import { PUBLIC_PAGE_SIZE } from "~/models/ad/ad";
import { SELLER_NOT_FOUND, memberSinceLabel, sellerPath, type PublicSeller } from "~/models/listing/seller";
import { sitemapRoot } from "~/models/listing/sitemap.server";
import { sellerPersonJsonLd } from "~/models/listing/structured-data.server";
import { loader as publicApi } from "~/routes/api.users.$id.public";
import { loader as sellerPage } from "~/routes/vendedor.$id";
import { createUser, type TestUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";
import { callRoute } from "../support/route";

let seller: TestUser;
let onlyPaused: TestUser;
let nameless: TestUser;
let otherCity: { id: number; name: string };

const userRow = (id: number) => db.select().from(users).where(eq(users.id, id)).get()!;
const openPage = (segment: string, query = "") => callRoute(sellerPage, `/vendedor/${segment}${query}`, { params: { id: segment } });
const openApi = (id: number | string, query = "") => callRoute(publicApi, `/api/users/${id}/public${query}`, { params: { id: String(id) } });

beforeAll(async () => {
  [seller, onlyPaused, nameless] = await Promise.all([createUser({ name: "Joana D'Arc Souza" }), createUser({ name: "Pedro Pausado" }), createUser({ name: "x" })]);
  db.update(users).set({ fullName: null }).where(eq(users.id, nameless.id)).run();
  otherCity = db.select({ id: cities.id, name: cities.name }).from(cities).where(ne(cities.name, "Patos de Minas")).get()!;
  const elsewhere = await insertAd(seller.id, { status: "active", createdDaysAgo: 2 });
  db.update(ads).set({ idCity: otherCity.id, city: otherCity.name }).where(eq(ads.id, elsewhere.id)).run();
  await insertAd(seller.id, { status: "active", createdDaysAgo: 1 });
  await insertAd(seller.id, { status: "sold", createdDaysAgo: 5 });
  await insertAd(seller.id, { status: "paused", createdDaysAgo: 5 });
  await insertAd(seller.id, { status: "active", createdDaysAgo: 30, lastDayInDays: -1 });
  await insertAd(onlyPaused.id, { status: "paused", createdDaysAgo: 3 });
  await insertAd(nameless.id, { status: "active", createdDaysAgo: 3 });
});

describe("the seller's page", () => {
  it("shows the public name, since when, the cities and counts of the public ads, and those ads only", async () => {
    const canonical = sellerPath({ id: seller.id, name: "Joana D'Arc Souza" });
    expect(canonical).toBe(`/vendedor/${seller.id}-joana-d-arc-souza`);
    const response = await openPage(canonical.slice("/vendedor/".length));
    expect(response.status).toBe(200);
    const text = await response.text();
    const { seller: page } = JSON.parse(text) as { seller: PublicSeller };
    expect(page).toMatchObject({
      id: seller.id,
      name: "Joana D'Arc Souza",
      memberSince: monthKey(userRow(seller.id).createdAt),
      cities: [otherCity.name, "Patos de Minas"].sort(),
      activeAds: 2,
      soldAds: 1,
      page: 1,
      totalPages: 1,
    });
    expect(page.ads).toHaveLength(2);
    // Nothing else about the person.
    expect(text).not.toContain(seller.email);
    expect(text).not.toContain(userRow(seller.id).username);
    expect(memberSinceLabel("2025-03")).toBe("março de 2025");
  });

  it("moves any other spelling of its address to the one address (301), the page kept", async () => {
    for (const segment of [String(seller.id), `${seller.id}-outro-nome`]) {
      const response = await openPage(segment, "?page=1");
      expect(response.status).toBe(301);
      expect(response.headers.get("Location")).toBe(`/vendedor/${seller.id}-joana-d-arc-souza?page=1`);
    }
  });

  it("answers 404 for an account with only paused ads, as for no account or a bad address, page and API alike", async () => {
    for (const segment of [`${onlyPaused.id}-pedro-pausado`, "999999999-ninguem", "abc"]) {
      const response = await openPage(segment);
      expect(response.status).toBe(404);
      expect(await response.text()).toBe(SELLER_NOT_FOUND);
    }
    const api = await openApi(onlyPaused.id);
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: SELLER_NOT_FOUND });
    expect((await openApi(999999999)).status).toBe(404);
    expect((await openApi("abc")).status).toBe(400);
  });

  it("names an account without a full name 'Anunciante', never by its username", async () => {
    const response = await openApi(nameless.id);
    const body = (await response.json()) as PublicSeller;
    expect(body.name).toBe("Anunciante");
    expect(JSON.stringify(body)).not.toContain(userRow(nameless.id).username);
    expect(sellerPath(body)).toBe(`/vendedor/${nameless.id}-anunciante`);
  });

  it("pages the ads like the lists, and the last page for a page past it", async () => {
    const busy = await createUser({ name: "Muitos Anúncios" });
    for (let i = 0; i < PUBLIC_PAGE_SIZE + 1; i++) await insertAd(busy.id, { status: "active", createdDaysAgo: 1 });
    const first = (await (await openApi(busy.id)).json()) as PublicSeller;
    expect(first).toMatchObject({ activeAds: PUBLIC_PAGE_SIZE + 1, page: 1, totalPages: 2 });
    expect(first.ads).toHaveLength(PUBLIC_PAGE_SIZE);
    const second = (await (await openApi(busy.id, "?page=2")).json()) as PublicSeller;
    expect(second.ads).toHaveLength(1);
    expect(first.ads.map((ad) => ad.id)).not.toContain(second.ads[0]!.id);
    expect(((await (await openApi(busy.id, "?page=9")).json()) as PublicSeller).page).toBe(2);
  });

  it("is in the sitemap while the seller has a public ad, and says who it is in JSON-LD", async () => {
    const sitemap = await new Response(sitemapRoot("https://classificados.example")).text();
    expect(sitemap).toContain(`https://classificados.example/vendedor/${seller.id}-joana-d-arc-souza<`);
    expect(sitemap).not.toContain(`/vendedor/${onlyPaused.id}-`);
    expect(sellerPersonJsonLd({ id: seller.id, name: "Joana D'Arc Souza", cities: ["Patos de Minas"] }, "https://classificados.example")).toEqual({
      "@context": "https://schema.org",
      "@type": "Person",
      name: "Joana D'Arc Souza",
      url: `https://classificados.example/vendedor/${seller.id}-joana-d-arc-souza`,
      homeLocation: [{ "@type": "Place", name: "Patos de Minas" }],
    });
  });
});
