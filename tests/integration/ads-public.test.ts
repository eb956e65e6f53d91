import { and, eq, gt, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, sqlite } from "~/db/client.server";
import { ads, categories, cities, subcategories, users } from "~/db/schema";
import { clearPublicListingCaches, listPublicAds, publicAdsStatements } from "~/models/listing/listing.server";
import { ensureSearchIndex } from "~/models/listing/search-index.server";
import { countAdView } from "~/models/ad/views.server";
import { loader as adById } from "~/routes/api.ads.$id";
import { action as countView } from "~/routes/api.ads.$id_.view";
import { loader as publicAds } from "~/routes/api.ads.public";
import { personWithKey } from "../support/people";
import { callRoute } from "../support/route";

type Card = {
  id: number;
  title: string;
  description: string;
  price: string;
  adType: string;
  category: { name: string; icon: string };
  subcategory: { name: string } | null;
  characteristics: Record<string, string>;
  images: { id: number; publicId: string; url: string }[];
  primaryImageUrl: string | null;
  whatsapp: string | null;
  user: { fullName: string | null };
  city: string;
  state: string;
  createdAt: string;
  expirationDate: string;
  views: number;
};
type ListBody = { ads: Card[]; total: number };

async function list(query = ""): Promise<{ status: number; body: ListBody }> {
  const response = await callRoute(publicAds, `/api/ads/public${query ? `?${query}` : ""}`);
  return { status: response.status, body: (await response.json()) as ListBody };
}

/** Every public ad straight from SQL, for comparing the API against the truth. */
function publicRows(where?: ReturnType<typeof eq>) {
  return db
    .select({ id: ads.id, views: ads.views, idCity: ads.idCity, categoryId: ads.categoryId, adType: ads.adType, subcategoryId: ads.subcategoryId })
    .from(ads)
    .where(and(eq(ads.status, "active"), gt(ads.expirationDate, new Date()), where))
    .all();
}

let patos: { id: number };
let casa: { id: number };

beforeAll(() => {
  patos = db.select({ id: cities.id }).from(cities).where(and(eq(cities.name, "Patos de Minas"), eq(cities.state, "MG"))).get()!;
  casa = db.select({ id: categories.id }).from(categories).where(eq(categories.name, "Casa e Móveis")).get()!;
});

describe("GET /api/ads/public", () => {
  it("lists only public ads (active, not expired), 12 per page, by views descending, with the total", async () => {
    const { status, body } = await list();
    expect(status).toBe(200);
    const truth = publicRows();
    expect(body.total).toBe(truth.length);
    expect(body.ads).toHaveLength(12);
    const views = body.ads.map((ad) => ad.views);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    // The first page is exactly the 12 most viewed.
    const top = [...truth].sort((a, b) => b.views - a.views || b.id - a.id).slice(0, 12).map((r) => r.id);
    expect(body.ads.map((ad) => ad.id)).toEqual(top);
  });

  it("answers the card fields of spec 01 §3", async () => {
    const { body } = await list("limit=50");
    const withImages = body.ads.find((ad) => ad.images.length > 0)!;
    expect(withImages).toMatchObject({
      id: expect.any(Number),
      title: expect.any(String),
      description: expect.any(String),
      price: expect.any(String),
      adType: expect.stringMatching(/^(Vender|Comprar|Trocar)$/),
      category: { name: expect.any(String), icon: expect.any(String) },
      characteristics: expect.any(Object),
      user: { fullName: expect.any(String) },
      city: expect.any(String),
      state: "MG",
      views: expect.any(Number),
    });
    expect(new Date(withImages.createdAt).toISOString()).toBe(withImages.createdAt);
    expect(new Date(withImages.expirationDate).getTime()).toBeGreaterThan(Date.now());
    expect(withImages.images[0]).toEqual({ id: expect.any(Number), publicId: expect.any(String), url: `/images/${withImages.images[0]!.publicId}` });
    expect(withImages.primaryImageUrl).toBe(withImages.images[0]!.url);
    for (const ad of body.ads) {
      expect(ad.price === "" || /^\d+\.\d{2}$/.test(ad.price)).toBe(true);
      if (ad.images.length === 0) expect(ad.primaryImageUrl).toBeNull();
    }
    const fridge = body.ads.find((ad) => ad.description.startsWith("Geladeira Brastemp"));
    expect(fridge).toBeDefined();
    expect(fridge!.price).toBe("1800.00");
  });

  it("shows a price of A combinar as an empty string", async () => {
    const free = db.select({ id: ads.id }).from(ads).where(and(eq(ads.status, "active"), sql`${ads.priceCents} IS NULL`, gt(ads.expirationDate, new Date()))).get();
    expect(free).toBeDefined();
    const { body } = await list("limit=50&page=1");
    const all = [...body.ads, ...(await list("limit=50&page=2")).body.ads];
    expect(all.find((ad) => ad.id === free!.id)?.price).toBe("");
  });

  it.each([
    ["cityId", () => `cityId=${patos.id}`, () => publicRows(eq(ads.idCity, patos.id))],
    ["categoryId", () => `categoryId=${casa.id}`, () => publicRows(eq(ads.categoryId, casa.id))],
    ["adType", () => "adType=Comprar", () => publicRows(eq(ads.adType, "Comprar"))],
  ])("filters by %s", async (_name, query, truth) => {
    const expected = truth();
    expect(expected.length).toBeGreaterThan(0);
    const { status, body } = await list(`${query()}&limit=50`);
    expect(status).toBe(200);
    expect(body.total).toBe(expected.length);
    expect(new Set(body.ads.map((ad) => ad.id))).toEqual(new Set(expected.map((r) => r.id)));
  });

  it("filters by subcategoryId", async () => {
    const fridgeSub = db.select({ id: subcategories.id }).from(subcategories).where(and(eq(subcategories.categoryId, casa.id), eq(subcategories.name, "Eletrodomésticos"))).get()!;
    const { body } = await list(`subcategoryId=${fridgeSub.id}`);
    expect(body.total).toBe(publicRows(eq(ads.subcategoryId, fridgeSub.id)).length);
    expect(body.total).toBeGreaterThan(0);
    for (const ad of body.ads) expect(ad.subcategory?.name).toBe("Eletrodomésticos");
  });

  it("combines filters (city + category + type)", async () => {
    const expected = publicRows(and(eq(ads.idCity, patos.id), eq(ads.categoryId, casa.id), eq(ads.adType, "Vender")) as ReturnType<typeof eq>);
    const { body } = await list(`cityId=${patos.id}&categoryId=${casa.id}&adType=Vender&status=active&sortBy=views&sortOrder=desc`);
    expect(expected.length).toBeGreaterThan(0);
    expect(body.total).toBe(expected.length);
    expect(body.ads.length).toBe(Math.min(12, expected.length));
    for (const ad of body.ads) {
      expect(ad.city).toBe("Patos de Minas");
      expect(ad.category.name).toBe("Casa e Móveis");
      expect(ad.adType).toBe("Vender");
    }
  });

  it("answers an empty list with total 0 for a filter nothing matches", async () => {
    const { status, body } = await list("categoryId=999999");
    expect(status).toBe(200);
    expect(body).toEqual({ ads: [], total: 0 });
  });

  it("paginates without overlaps or gaps, and past the end answers an empty page with the total", async () => {
    const { body: first } = await list(`cityId=${patos.id}`);
    const pages = Math.ceil(first.total / 12);
    expect(pages).toBeGreaterThanOrEqual(2);
    const seen: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const { body } = await list(`cityId=${patos.id}&page=${page}`);
      expect(body.total).toBe(first.total);
      expect(body.ads.length).toBe(page < pages ? 12 : first.total - 12 * (pages - 1));
      seen.push(...body.ads.map((ad) => ad.id));
    }
    expect(new Set(seen).size).toBe(first.total);
    const { body: after } = await list(`cityId=${patos.id}&page=${pages + 1}`);
    expect(after).toEqual({ ads: [], total: first.total });
  });

  it("honours limit and caps it at 50", async () => {
    expect((await list("limit=5")).body.ads).toHaveLength(5);
    const { status, body } = await list("limit=500");
    expect(status).toBe(200);
    expect(body.ads.length).toBe(Math.min(50, body.total));
  });

  it("ignores empty parameters and unknown ones (_t, _nocache)", async () => {
    const { status, body } = await list("cityId=&categoryId=&adType=&search=&_t=123&_nocache=1");
    expect(status).toBe(200);
    expect(body.total).toBe(publicRows().length);
  });

  describe("keyword search", () => {
    it('finds "geladeira" in "Geladeira Brastemp…" whatever the case', async () => {
      for (const term of ["geladeira", "GELADEIRA", "Geladeira brastemp"]) {
        const { body } = await list(`search=${encodeURIComponent(term)}`);
        expect(body.total).toBeGreaterThan(0);
        expect(body.ads.some((ad) => ad.description.startsWith("Geladeira Brastemp"))).toBe(true);
      }
    });

    it('ignores accents both ways: "eletronicos" finds "eletrônicos" and "eletrônicos" finds it too', async () => {
      const plain = await list("search=eletronicos");
      const accented = await list(`search=${encodeURIComponent("eletrônicos")}`);
      expect(plain.body.total).toBeGreaterThan(0);
      expect(plain.body.ads.map((ad) => ad.id)).toEqual(accented.body.ads.map((ad) => ad.id));
      // The category's name is searchable too (issue 15): "Eletrônicos e Celulares".
      for (const ad of plain.body.ads) expect(`${ad.title} ${ad.description} ${ad.category.name}`.toLowerCase()).toMatch(/eletr[oô]nic/);
    });

    it("matches word prefixes and requires every word", async () => {
      const prefix = await list("search=gelad");
      expect(prefix.body.ads.some((ad) => ad.description.startsWith("Geladeira Brastemp"))).toBe(true);
      const none = await list("search=geladeira%20helicoptero");
      expect(none.body.total).toBe(0);
    });

    it("combines with the filters and keeps the views order", async () => {
      const { body } = await list(`search=vendo&cityId=${patos.id}`);
      expect(body.total).toBeGreaterThan(0);
      for (const ad of body.ads) expect(ad.city).toBe("Patos de Minas");
      const views = body.ads.map((ad) => ad.views);
      expect(views).toEqual([...views].sort((a, b) => b - a));
    });

    it("gives the same page whichever plan runs it (index walk for many matches, matches first for few)", () => {
      ensureSearchIndex();
      for (const filter of [{ search: "vendo" }, { search: "vendo", cityId: patos.id }, { search: "casa", adType: "Vender" as const }]) {
        const run = (total: number | "unknown") => {
          const { page } = publicAdsStatements({ page: 1, limit: 12, ...filter }, new Date(), total);
          return (sqlite.prepare(page.sql).all(...(page.params as unknown[])) as { id: number }[]).map((row) => row.id);
        };
        const byIndex = run("unknown");
        expect(byIndex.length).toBeGreaterThan(0);
        expect(run(1)).toEqual(byIndex);
        expect(publicAdsStatements({ page: 1, limit: 12, ...filter }, new Date(), 1).page.sql).toContain("+");
      }
    });

    it("treats FTS syntax as plain words, never as an error", async () => {
      for (const term of ['"', "a OR b", "NEAR(", "*", "title:x", "-geladeira", "'; DROP TABLE ads; --"]) {
        const { status } = await list(`search=${encodeURIComponent(term)}`);
        expect(status).toBe(200);
      }
    });

    it("keeps the index in sync when an ad's text changes (triggers)", async () => {
      const [target] = publicRows();
      db.update(ads).set({ title: "Xilofone Zyxcorp", description: "Xilofone quase novo, afinado." }).where(eq(ads.id, target!.id)).run();
      const { body } = await list("search=zyxcorp");
      expect(body.ads.map((ad) => ad.id)).toEqual([target!.id]);
      db.delete(ads).where(eq(ads.id, target!.id)).run();
      expect((await list("search=zyxcorp")).body.total).toBe(0);
    });
  });

  describe("invalid parameters answer 400 with a pt-BR message", () => {
    it.each([
      "cityId=abc",
      "categoryId=-1",
      "subcategoryId=1.5",
      "adType=Alugar",
      "status=paused",
      "sortBy=title",
      "sortOrder=asc",
      "sortBy=createdAt&sortOrder=asc",
      "sortOrder=up",
      "minPrice=abc",
      "minPrice=-1",
      "maxPrice=10.555",
      "maxPrice=900000000",
      "minPrice=500&maxPrice=100",
      "page=0",
      "page=abc",
      "limit=0",
      "limit=-5",
      `search=${"x".repeat(101)}`,
      "cityId=99999999999999999999",
    ])("%s", async (query) => {
      const response = await callRoute(publicAds, `/api/ads/public?${query}`);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; details: string[] };
      expect(body.message).toBe("Parâmetros de busca inválidos");
      expect(body.details.length).toBeGreaterThan(0);
    });
  });

  it("hides ads that are not active or have expired", async () => {
    const hidden = db.select({ id: ads.id }).from(ads).where(sql`${ads.status} <> 'active' OR ${ads.expirationDate} <= ${Date.now()}`).all();
    expect(hidden.length).toBeGreaterThan(0);
    const { body } = await list("limit=50");
    const all = [...body.ads, ...(await list("limit=50&page=2")).body.ads];
    expect(all.length).toBe(body.total);
    const ids = new Set(all.map((ad) => ad.id));
    for (const { id } of hidden) expect(ids.has(id)).toBe(false);
  });

  it("updates the total when an ad leaves the listing (cached totals follow writes)", async () => {
    const before = (await list(`cityId=${patos.id}`)).body.total;
    const [one] = publicRows(eq(ads.idCity, patos.id));
    db.update(ads).set({ status: "paused" }).where(eq(ads.id, one!.id)).run();
    expect((await list(`cityId=${patos.id}`)).body.total).toBe(before - 1);
    db.update(ads).set({ status: "active" }).where(eq(ads.id, one!.id)).run();
    expect((await list(`cityId=${patos.id}`)).body.total).toBe(before);
  });

  it("counts expiry by the clock, not by the stored status", () => {
    const now = new Date();
    const today = listPublicAds({ page: 1, limit: 12 }, now).total;
    clearPublicListingCaches();
    const inAYear = listPublicAds({ page: 1, limit: 12 }, new Date(now.getTime() + 400 * 86_400_000)).total;
    expect(inAYear).toBeLessThan(today);
  });
});

describe("GET /api/ads/{id}", () => {
  it("returns a public ad with its details", async () => {
    const [first] = (await list()).body.ads;
    const response = await callRoute(adById, `/api/ads/${first!.id}`, { params: { id: String(first!.id) } });
    expect(response.status).toBe(200);
    const ad = (await response.json()) as Card & { status: string; characteristicItems: { label: string; value: string }[] };
    expect(ad).toMatchObject({ id: first!.id, title: first!.title, status: "active", views: first!.views });
    expect(Array.isArray(ad.characteristicItems)).toBe(true);
  });

  it("labels characteristics and shows booleans as Sim/Não", async () => {
    const fridge = (await list("search=geladeira%20brastemp")).body.ads[0]!;
    const response = await callRoute(adById, `/api/ads/${fridge.id}`, { params: { id: String(fridge.id) } });
    const ad = (await response.json()) as { characteristicItems: { key: string; label: string; value: string }[] };
    const delivery = ad.characteristicItems.find((item) => item.key === "fazEntrega");
    expect(delivery?.value).toBe("Não");
    expect(delivery?.label).not.toBe("fazEntrega");
  });

  it("answers 404 'Anúncio não encontrado' for an unknown id and 400 for a bad one", async () => {
    const missing = await callRoute(adById, "/api/ads/999999", { params: { id: "999999" } });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Anúncio não encontrado" });
    const bad = await callRoute(adById, "/api/ads/abc", { params: { id: "abc" } });
    expect(bad.status).toBe(400);
  });

  it("hides a non-active ad from the public but shows it to its owner and to admins", async () => {
    const paused = db.select({ id: ads.id, userId: ads.userId }).from(ads).where(eq(ads.status, "paused")).get()!;
    const path = `/api/ads/${paused.id}`;
    const params = { id: String(paused.id) };
    expect((await callRoute(adById, path, { params })).status).toBe(404);

    const { createSession } = await import("~/models/session/session.server");
    const owner = createSession(paused.userId, { persistent: false });
    const asOwner = await callRoute(adById, path, { params, init: { headers: { Authorization: `Bearer ${owner.token}` } } });
    expect(asOwner.status).toBe(200);
    expect(await asOwner.json()).toMatchObject({ id: paused.id, status: "paused" });

    const admin = db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).get()!;
    const adminSession = createSession(admin.id, { persistent: false });
    const asAdmin = await callRoute(adById, path, { params, init: { headers: { Authorization: `Bearer ${adminSession.token}` } } });
    expect(asAdmin.status).toBe(200);

    const stranger = db
      .insert(users)
      .values({ username: "curioso", email: "curioso@teste.local", fullName: "Curioso" })
      .returning({ id: users.id })
      .get();
    const strangerSession = createSession(stranger.id, { persistent: false });
    const asStranger = await callRoute(adById, path, { params, init: { headers: { Authorization: `Bearer ${strangerSession.token}` } } });
    expect(asStranger.status).toBe(404);
  });

  it("hides an expired ad (stored as active) from the public", async () => {
    const expired = db.select({ id: ads.id }).from(ads).where(and(eq(ads.status, "active"), sql`${ads.expirationDate} <= ${Date.now()}`)).get()!;
    expect((await callRoute(adById, `/api/ads/${expired.id}`, { params: { id: String(expired.id) } })).status).toBe(404);
  });
});

describe("POST /api/ads/{id}/view", () => {
  it("adds exactly one view per call, atomically, and never counts on GET /api/ads/{id}", async () => {
    const [target] = (await list()).body.ads;
    const id = target!.id;
    const viewsOf = () => db.select({ views: ads.views }).from(ads).where(eq(ads.id, id)).get()!.views;
    const start = viewsOf();
    await callRoute(adById, `/api/ads/${id}`, { params: { id: String(id) } });
    expect(viewsOf()).toBe(start);

    const response = await callRoute(countView, `/api/ads/${id}/view`, { params: { id: String(id) }, init: { method: "POST" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ views: start + 1, counted: true });

    // Many openings at once by different people, also from a second connection to the same file: none is lost.
    const Database = (await import("better-sqlite3")).default;
    const other = new Database(sqlite.name);
    other.pragma("busy_timeout = 5000");
    const bump = other.prepare("UPDATE ads SET views = views + 1 WHERE id = ?");
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        i % 2
          ? Promise.resolve(bump.run(id))
          : callRoute(countView, `/api/ads/${id}/view`, { params: { id: String(id) }, context: { clientIp: `192.0.2.${i}` }, init: { method: "POST" } }),
      ),
    );
    other.close();
    expect(viewsOf()).toBe(start + 51);
  });

  it("does not count views of ads that are not public", () => {
    const paused = db.select({ id: ads.id, views: ads.views }).from(ads).where(eq(ads.status, "paused")).get()!;
    expect(countAdView(paused.id, personWithKey("v:visitante"))).toBeNull();
    expect(db.select({ views: ads.views }).from(ads).where(eq(ads.id, paused.id)).get()!.views).toBe(paused.views);
  });

  it("answers 404 for an unknown ad and 400 for a bad id", async () => {
    expect((await callRoute(countView, "/api/ads/999999/view", { params: { id: "999999" }, init: { method: "POST" } })).status).toBe(404);
    expect((await callRoute(countView, "/api/ads/x/view", { params: { id: "x" }, init: { method: "POST" } })).status).toBe(400);
  });
});
