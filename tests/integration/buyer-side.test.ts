/**
 * The buyer's side (issue 15): the new orders and the price range of the public list (API validation,
 * results, plans), search that understands Portuguese, reports (throttle, the API and the form; the
 * counting rule is in reports.test.ts) and views counted once per visitor and day.
 */
import { and, eq, gt, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db, sqlite } from "~/db/client.server";
import { adReports, ads, categories, cities, subcategories, users } from "~/db/schema";
import { addDaysToKey, expirationInstantFromKey, todayKey } from "~/lib/dates";
import { publicAdsStatements } from "~/models/listing/listing.server";
import { listAdReports, reportAd } from "~/models/report/reports.server";
import { ensureSearchIndex } from "~/models/listing/search-index.server";
import { viewDay } from "~/models/ad/people.server";
import { countAdView } from "~/models/ad/views.server";
import { createSession } from "~/models/session/session.server";
import { action as reportPage } from "~/routes/anuncio.$id_.denunciar";
import { loader as adPage } from "~/routes/anuncio.$id";
import { action as reportApi } from "~/routes/api.ads.$id_.report";
import { action as countView } from "~/routes/api.ads.$id_.view";
import { loader as publicAds } from "~/routes/api.ads.public";
import { loader as loginPage } from "~/routes/login";
import { loader as registerPage } from "~/routes/register";
import { adPageAt } from "../support/ad-fixtures";
import { personWithKey, visitorCookie } from "../support/people";
import { callRoute } from "../support/route";

type Card = { id: number; title: string; description: string; price: string; createdAt: string; city: string; views: number; subcategory: { name: string } | null };
type ListBody = { ads: Card[]; total: number };

async function list(query = ""): Promise<{ status: number; body: ListBody }> {
  const response = await callRoute(publicAds, `/api/ads/public${query ? `?${query}` : ""}`);
  return { status: response.status, body: (await response.json()) as ListBody };
}

/** Every page of a query, in order. */
async function all(query: string): Promise<Card[]> {
  const first = await list(`${query}&limit=50`);
  const cards = [...first.body.ads];
  for (let page = 2; cards.length < first.body.total; page++) cards.push(...(await list(`${query}&limit=50&page=${page}`)).body.ads);
  return cards;
}

const publicCount = (where?: ReturnType<typeof sql>) =>
  db
    .select({ n: sql<number>`count(*)` })
    .from(ads)
    .where(and(eq(ads.status, "active"), gt(ads.expirationDate, new Date()), where))
    .get()!.n;

let patos: { id: number; name: string; state: string };
let casa: { id: number };
let seller: { id: number };

/** A fresh public ad of its own (so counts and reports are this test's alone). */
function insertAd(fields: Partial<typeof ads.$inferInsert> = {}) {
  return db
    .insert(ads)
    .values({
      title: "Banqueta de madeira",
      description: "Banqueta de madeira maciça, anúncio de teste.",
      priceCents: 15_000,
      status: "active",
      userId: seller.id,
      categoryId: casa.id,
      adType: "Vender",
      expirationDate: expirationInstantFromKey(addDaysToKey(todayKey(), 10)),
      city: patos.name,
      idCity: patos.id,
      state: patos.state,
      ...fields,
    })
    .returning({ id: ads.id })
    .get();
}

beforeAll(() => {
  patos = db.select({ id: cities.id, name: cities.name, state: cities.state }).from(cities).where(eq(cities.name, "Patos de Minas")).get()!;
  casa = db.select({ id: categories.id }).from(categories).where(eq(categories.name, "Casa e Móveis")).get()!;
  seller = db.select({ id: users.id }).from(users).where(eq(users.isAdmin, false)).get()!;
});

describe("GET /api/ads/public: orders and price range", () => {
  it("sorts newest first with sortBy=createdAt", async () => {
    const cards = await all(`cityId=${patos.id}&sortBy=createdAt&sortOrder=desc`);
    expect(cards.length).toBe(publicCount(sql`${ads.idCity} = ${patos.id}`));
    const times = cards.map((card) => new Date(card.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("sorts by price both ways, ads without a price (A combinar) last in both", async () => {
    for (const order of ["asc", "desc"] as const) {
      const cards = await all(`sortBy=price&sortOrder=${order}`);
      expect(cards.length).toBe(publicCount());
      const priced = cards.filter((card) => card.price !== "");
      const firstFree = cards.findIndex((card) => card.price === "");
      expect(firstFree).toBeGreaterThan(0);
      expect(cards.slice(firstFree).every((card) => card.price === "")).toBe(true);
      const prices = priced.map((card) => Number(card.price));
      expect(prices).toEqual([...prices].sort((a, b) => (order === "asc" ? a - b : b - a)));
    }
    // sortBy=price alone is ascending.
    expect((await list("sortBy=price")).body.ads.map((c) => c.id)).toEqual((await list("sortBy=price&sortOrder=asc")).body.ads.map((c) => c.id));
  });

  it("filters by a price range in reais, ends included, leaving out ads without a price", async () => {
    const cards = await all("minPrice=500&maxPrice=1800");
    const truth = publicCount(sql`${ads.priceCents} BETWEEN 50000 AND 180000`);
    expect(truth).toBeGreaterThan(0);
    expect(cards.length).toBe(truth);
    for (const card of cards) {
      expect(Number(card.price)).toBeGreaterThanOrEqual(500);
      expect(Number(card.price)).toBeLessThanOrEqual(1800);
    }
    expect(cards.some((card) => card.price === "1800.00")).toBe(true);
    expect((await list("minPrice=1000000")).body.total).toBe(publicCount(sql`${ads.priceCents} >= 100000000`));
  });

  it("counts an ad whose price changed into a range at once (the cached total follows the price)", async () => {
    const range = "minPrice=77700&maxPrice=77800";
    const { id } = insertAd({ priceCents: 15_000 });
    const before = (await list(range)).body.total;
    db.update(ads).set({ priceCents: 7_775_000 }).where(eq(ads.id, id)).run();
    const after = await list(range);
    expect(after.body.total).toBe(before + 1);
    expect(after.body.ads.map((card) => card.id)).toContain(id);
  });

  it("combines the range and an order with the other filters and a search", async () => {
    const { body } = await list(`cityId=${patos.id}&categoryId=${casa.id}&maxPrice=5000&sortBy=price&sortOrder=desc`);
    expect(body.total).toBe(publicCount(sql`${ads.idCity} = ${patos.id} AND ${ads.categoryId} = ${casa.id} AND ${ads.priceCents} <= 500000`));
    const prices = body.ads.map((card) => Number(card.price));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const searched = await list("search=vendo&sortBy=price&sortOrder=asc&minPrice=100");
    expect(searched.status).toBe(200);
    for (const card of searched.body.ads) expect(Number(card.price)).toBeGreaterThanOrEqual(100);
  });

  it("gives the same page whichever plan reads it (the order's index walked, or the matches read and sorted)", () => {
    ensureSearchIndex();
    const filters = [
      { sort: "newest" as const },
      { sort: "price_asc" as const, cityId: patos.id },
      { sort: "price_desc" as const, minPriceCents: 10_000 },
      { sort: "views" as const, maxPriceCents: 500_000 },
      { sort: "newest" as const, search: "vendo" },
      { sort: "price_asc" as const, search: "casa", minPriceCents: 1 },
    ];
    for (const filter of filters) {
      const run = (total: number | "unknown") => {
        const { page } = publicAdsStatements({ page: 1, limit: 12, ...filter }, new Date(), total);
        return (sqlite.prepare(page.sql).all(...(page.params as unknown[])) as { id: number }[]).map((row) => row.id);
      };
      const walked = run("unknown");
      expect(walked.length).toBeGreaterThan(0);
      expect(run(1)).toEqual(walked);
    }
  });

  it("a walked search keeps its copy of the matches only while nothing changes: a new matching ad is found at once", () => {
    ensureSearchIndex();
    const newest = () => {
      const { page } = publicAdsStatements({ page: 1, limit: 12, sort: "newest", search: "banqueta" }, new Date(), "unknown");
      return (sqlite.prepare(page.sql).all(...(page.params as unknown[])) as { id: number }[]).map((row) => row.id);
    };
    const before = newest();
    const { id } = insertAd({ title: "Banqueta alta de bar", createdAt: new Date(Date.now() + 60_000) });
    expect(before).not.toContain(id);
    ensureSearchIndex();
    expect(newest()[0]).toBe(id);
  });
});

describe("GET /api/ads/public: search that understands Portuguese", () => {
  const shihTzu = () => db.select({ id: ads.id }).from(ads).where(eq(ads.title, "Filhotes de Shih Tzu")).get()!;

  it("finds the Shih Tzu under Animais e Pet › Cachorros by 'cachorro', 'cachorros', 'cães', 'caes' and while typing 'cach'", async () => {
    const { id } = shihTzu();
    for (const term of ["cachorro", "cachorros", "Cachorros", "cães", "caes", "cão", "cach", "shih"]) {
      const { body } = await list(`search=${encodeURIComponent(term)}&limit=50`);
      expect(body.ads.map((ad) => ad.id), term).toContain(id);
    }
  });

  it("matches plural and singular alike: 'carro' and 'carros' find the same cars", async () => {
    const carro = new Set((await all("search=carro")).map((ad) => ad.id));
    const carros = new Set((await all("search=carros")).map((ad) => ad.id));
    expect(carros.size).toBeGreaterThanOrEqual(4);
    // "carro" may find more: it is also the beginning of "carroceria".
    for (const id of carros) expect(carro.has(id)).toBe(true);
    const cars = await all("search=carros");
    expect(cars.some((ad) => ad.subcategory?.name === "Carros")).toBe(true);
  });

  it("searches characteristic values and the subcategory name, and follows edits and renames", async () => {
    const { id } = insertAd({ characteristics: { material: "Jequitibá Zqxmadeira" } });
    expect((await list("search=zqxmadeira")).body.ads.map((ad) => ad.id)).toEqual([id]);
    expect((await list(`search=${encodeURIComponent("jequitiba zqxmadeira")}`)).body.total).toBe(1);

    const sub = db.insert(subcategories).values({ name: "Banquetas Zqxsub", categoryId: casa.id }).returning({ id: subcategories.id }).get();
    db.update(ads).set({ subcategoryId: sub.id }).where(eq(ads.id, id)).run();
    expect((await list("search=zqxsubs")).body.ads.map((ad) => ad.id)).toEqual([id]);
    db.update(subcategories).set({ name: "Tamboretes Zqxrenamed" }).where(eq(subcategories.id, sub.id)).run();
    expect((await list("search=zqxsub")).body.total).toBe(0);
    expect((await list("search=zqxrenamed")).body.ads.map((ad) => ad.id)).toEqual([id]);

    db.delete(ads).where(eq(ads.id, id)).run();
    expect((await list("search=zqxrenamed")).body.total).toBe(0);
  });

  it("combines with every filter and keeps the total exact", async () => {
    const { body } = await list(`search=casa&cityId=${patos.id}&adType=Vender&maxPrice=1000000`);
    for (const ad of body.ads) expect(ad.city).toBe("Patos de Minas");
    const all50 = await all(`search=casa&cityId=${patos.id}&adType=Vender&maxPrice=1000000`);
    expect(all50.length).toBe(body.total);
  });
});

describe("reports ('Denunciar anúncio')", () => {
  it("throttles reports per visitor (5 an hour) and per address (30 an hour)", async () => {
    const now = new Date();
    const targets = Array.from({ length: 7 }, () => insertAd().id);
    const throttled = personWithKey("v:throttled");
    const results: Awaited<ReturnType<typeof reportAd>>[] = [];
    for (const adId of targets.slice(0, 6)) results.push(await reportAd({ adId, reporter: throttled, ip: null, reason: "outro", details: null }, now));
    expect(results.slice(0, 5).every((r) => r.ok)).toBe(true);
    expect(results[5]).toMatchObject({ ok: false, status: 429 });
    expect(results[5]!.ok === false && results[5]!.status === 429 && results[5]!.retryAfterMinutes).toBeGreaterThan(0);
    // Refused reports were not recorded.
    expect(db.select({ n: sql<number>`count(*)` }).from(adReports).where(eq(adReports.reporter, "v:throttled")).get()!.n).toBe(5);
    // An hour later the visitor may report again.
    expect((await reportAd({ adId: targets[6]!, reporter: throttled, ip: null, reason: "outro", details: null }, new Date(now.getTime() + 61 * 60_000))).ok).toBe(true);

    // Many visitors behind one address: the 31st report from it in an hour is refused.
    const shared: Awaited<ReturnType<typeof reportAd>>[] = [];
    for (let i = 0; i < 31; i++) shared.push(await reportAd({ adId: insertAd().id, reporter: personWithKey(`v:nat${i}`), ip: "203.0.113.9", reason: "outro", details: null }, now));
    expect(shared.slice(0, 30).every((r) => r.ok)).toBe(true);
    expect(shared[30]).toMatchObject({ ok: false, status: 429 });
  });

  it("POST /api/ads/{id}/report validates the body and answers 404 for an ad that is not public", async () => {
    const { id } = insertAd();
    const post = (body: unknown, adId = id, headers: Record<string, string> = {}) =>
      callRoute(reportApi, `/api/ads/${adId}/report`, {
        params: { id: String(adId) },
        init: { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: JSON.stringify(body) },
      });
    for (const bad of [{}, { reason: "spam" }, { reason: "golpe", details: "x".repeat(501) }]) {
      const response = await post(bad);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toBe("Denúncia inválida");
    }
    const sent = await post({ reason: "produto_proibido", details: "Venda de medicamento controlado" });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ status: "sent" });
    // Without the cookie, the address (here: none known) and the day are the reporter: once.
    expect(await (await post({ reason: "golpe" })).json()).toMatchObject({ status: "already" });
    // A visitor without the cookie gets one; the same day it still counts as the address, from the next day on as itself.
    const cookie = sent.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(cookie).toMatch(/^vid=[^.;]+\.[^.;]+$/);
    expect(await (await post({ reason: "golpe" }, id, { Cookie: cookie })).json()).toMatchObject({ status: "already" });
    const returning = await visitorCookie();
    expect(await (await post({ reason: "golpe" }, id, { Cookie: returning })).json()).toMatchObject({ status: "sent" });
    const again = await post({ reason: "golpe" }, id, { Cookie: returning });
    expect(await again.json()).toMatchObject({ status: "already" });

    const paused = db.select({ id: ads.id }).from(ads).where(eq(ads.status, "paused")).get()!;
    expect((await post({ reason: "golpe" }, paused.id)).status).toBe(404);
  });

  it("the report form works as a plain form post (no JavaScript), with pt-BR errors", async () => {
    const { id } = insertAd();
    const submit = (fields: Record<string, string>) =>
      callRoute(reportPage, `/anuncio/${id}/denunciar`, {
        params: { id: String(id) },
        init: { method: "POST", body: new URLSearchParams(fields), headers: { "Content-Type": "application/x-www-form-urlencoded" } },
      });
    const missing = await submit({ details: "sem motivo" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ ok: false, fieldErrors: { reason: "Escolha um motivo para a denúncia" }, values: { details: "sem motivo" } });
    const ok = await submit({ reason: "anuncio_falso", details: "" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ ok: true });
    expect(listAdReports(id)).toMatchObject([{ reason: "anuncio_falso", details: null }]);
  });
});

describe("views: at most once per person, ad and day", () => {
  const viewsOf = (id: number) => db.select({ views: ads.views }).from(ads).where(eq(ads.id, id)).get()!.views;
  const post = (id: number, headers: Record<string, string> = {}, clientIp?: string) =>
    callRoute(countView, `/api/ads/${id}/view`, { params: { id: String(id) }, context: { clientIp }, init: { method: "POST", headers } });

  it("counts a visitor's first opening of the day only, by its cookie or its account", async () => {
    const { id } = insertAd();
    const first = await post(id);
    expect(await first.json()).toEqual({ views: 1, counted: true });
    const cookie = first.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(first.headers.get("Set-Cookie")).toMatch(/HttpOnly; SameSite=Lax/);
    const again = await post(id, { Cookie: cookie });
    expect(await again.json()).toEqual({ views: 1, counted: false });
    expect(again.headers.get("Set-Cookie")).toBeNull();
    // A returning browser (its cookie minted on an earlier day) is another person.
    expect(await (await post(id, { Cookie: await visitorCookie() })).json()).toEqual({ views: 2, counted: true });
    // A signed-in user is counted by their account, whichever browser.
    const session = createSession(seller.id, { persistent: false });
    expect(await (await post(id, { Authorization: `Bearer ${session.token}` })).json()).toMatchObject({ counted: true });
    expect(await (await post(id, { Authorization: `Bearer ${session.token}`, Cookie: cookie })).json()).toMatchObject({ counted: false });
    expect(viewsOf(id)).toBe(3);
  });

  it("counts again the next São Paulo day, and sweeps the days before", () => {
    const { id } = insertAd();
    const today = new Date();
    expect(countAdView(id, personWithKey("v:daily"), today)).toEqual({ views: 1, counted: true });
    expect(countAdView(id, personWithKey("v:daily"), today)).toEqual({ views: 1, counted: false });
    const tomorrow = new Date(today.getTime() + 86_400_000);
    expect(countAdView(id, personWithKey("v:daily"), tomorrow)).toEqual({ views: 2, counted: true });
    const remaining = sqlite.prepare("SELECT count(*) FROM ad_view_days WHERE day < ?").pluck().get(viewDay(tomorrow));
    expect(remaining).toBe(0);
  });

  it("is atomic: many openings at once by one visitor count once, by many count each", async () => {
    const { id } = insertAd();
    const one = await visitorCookie();
    const same = await Promise.all(Array.from({ length: 20 }, () => post(id, { Cookie: one })));
    expect(same.filter((r) => r.status === 200)).toHaveLength(20);
    expect(viewsOf(id)).toBe(1);
    const many = await Promise.all(Array.from({ length: 20 }, () => visitorCookie()));
    await Promise.all(many.map((cookie, i) => post(id, { Cookie: cookie }, `192.0.2.${i + 1}`)));
    expect(viewsOf(id)).toBe(21);
  });

  it("does not count (or remember) openings of an ad that is not public", () => {
    const { id } = insertAd({ status: "paused" });
    expect(countAdView(id, personWithKey("v:someone"))).toBeNull();
    expect(sqlite.prepare("SELECT count(*) FROM ad_view_days WHERE ad_id = ?").pluck().get(id)).toBe(0);
    expect(viewsOf(id)).toBe(0);
  });

  it("the ad page counts a document opening once per visitor and sets the visitor's cookie", async () => {
    const { id } = insertAd();
    const open = (headers: Record<string, string> = {}) =>
      callRoute(adPage, adPageAt(id).path, { params: adPageAt(id).params, init: { headers: { "Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document", ...headers } } });
    const first = await open();
    expect(await first.json()).toMatchObject({ counted: true, ad: { views: 1 } });
    const cookie = first.headers.get("Set-Cookie")!.split(";")[0]!;
    const reload = await open({ Cookie: cookie });
    // Taken care of by the server (so the browser does not count it either), but not counted again.
    expect(await reload.json()).toMatchObject({ counted: true, ad: { views: 1 } });
    expect(viewsOf(id)).toBe(1);
  });
});

describe("sign-in pages without Google configured", () => {
  it("do not offer 'Continuar com Google'", async () => {
    for (const [loader, path] of [
      [loginPage, "/login"],
      [registerPage, "/register"],
    ] as const) {
      const response = await callRoute(loader, path);
      expect(await response.json()).toEqual({ google: false });
    }
  });
});

describe("search index and listing consistency", () => {
  it("indexes every public ad (nothing left in the queue after a search)", async () => {
    await list("search=casa");
    expect(sqlite.prepare("SELECT count(*) FROM ads_search_queue").pluck().get()).toBe(0);
    const indexed = sqlite.prepare("SELECT count(*) FROM ads_search").pluck().get() as number;
    expect(indexed).toBe(db.select({ n: sql<number>`count(*)` }).from(ads).get()!.n);
    expect(db.select({ n: sql<number>`count(*)` }).from(ads).where(isNotNull(ads.priceCents)).get()!.n).toBeGreaterThan(0);
  });
});
