/**
 * Issue #20: the relevance order of a search ("Mais relevantes", `sortBy=relevance`). A word in the
 * title, category or subcategory ranks above one in the characteristics, and those above one in the
 * description; views, then id, break ties. Stuffing a word earns nothing over writing it once.
 * Pages stay exact across ranks, on both plans (few matches read and sorted, many walked).
 */
import { randomBytes } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads } from "~/db/schema";
import { activeChips, apiQueryOf, canonicalSearch, filtersHref, withoutSearch } from "~/models/listing/listing-links";
import { pageFilterFromUrl } from "~/models/listing/listing-query.server";
import { clearPublicListingCaches } from "~/models/listing/listing.server";
import { loader as publicAds } from "~/routes/api.ads.public";
import { loader as categoriesPage } from "~/routes/categories";
import { createUser } from "../support/ad-fixtures";
import { insertAd } from "../support/manage";
import { callRoute } from "../support/route";

type Card = { id: number; title: string; views: number; category: { name: string }; subcategory: { name: string } | null };
type ListBody = { ads: Card[]; total: number };

async function list(query: string): Promise<{ status: number; body: ListBody }> {
  const response = await callRoute(publicAds, `/api/ads/public?${query}`);
  return { status: response.status, body: (await response.json()) as ListBody };
}

/** Every page of a query, `limit` at a time, in order. */
async function all(query: string, limit = 50): Promise<Card[]> {
  const first = await list(`${query}&limit=${limit}`);
  const cards = [...first.body.ads];
  for (let page = 2; cards.length < first.body.total; page++) {
    const next = (await list(`${query}&limit=${limit}&page=${page}`)).body.ads;
    expect(next.length).toBeGreaterThan(0);
    cards.push(...next);
  }
  return cards;
}

let sellerId: number;

/** A public ad of the test's seller with these texts and views (the helper's own words replaced). */
async function adWith(fields: { title: string; description?: string; characteristics?: Record<string, string>; views: number }) {
  const { id } = await insertAd(sellerId, { status: "active" });
  db.update(ads)
    .set({
      title: fields.title,
      description: fields.description ?? "Anúncio de teste, sem a palavra procurada.",
      characteristics: fields.characteristics ?? {},
      views: fields.views,
    })
    .where(eq(ads.id, id))
    .run();
  return id;
}

/** A made-up word of this run (letters, ending in r so that its plural in -es has the same stem): the matches are the test's alone. */
const invented = (prefix: string) => `${prefix}${randomBytes(3).toString("hex").replace(/\d/g, "x")}r`;

beforeAll(async () => {
  sellerId = (await createUser()).id;
});

describe("the demo's 'carro'", () => {
  it("puts the cars first by relevance, while views (the default of the API) still puts the house first", async () => {
    const byViews = (await list("search=carro&limit=50")).body.ads;
    expect(byViews[0]!.title).toBe("Casa 3 quartos com área gourmet");

    const { status, body } = await list("search=carro&sortBy=relevance&sortOrder=desc&limit=50");
    expect(status).toBe(200);
    expect(body.total).toBe(byViews.length);
    expect(new Set(body.ads.map((ad) => ad.id))).toEqual(new Set(byViews.map((ad) => ad.id)));
    const house = body.ads.findIndex((ad) => ad.title === "Casa 3 quartos com área gourmet");
    const cars = body.ads.filter((ad) => ad.subcategory?.name === "Carros");
    expect(cars.length).toBeGreaterThan(0);
    // Every ad found by its title, category or subcategory comes before the house, found by its description.
    expect(body.ads.slice(0, cars.length).every((ad) => ad.subcategory?.name === "Carros" || /carr/i.test(ad.title))).toBe(true);
    expect(house).toBeGreaterThanOrEqual(cars.length);
    // Within the cars, the most viewed first.
    const carViews = cars.map((ad) => ad.views);
    expect(carViews).toEqual([...carViews].sort((a, b) => b - a));
  });

  it("without a search, relevance is the views order (and never an error)", async () => {
    const relevance = await list("sortBy=relevance&limit=50");
    expect(relevance.status).toBe(200);
    expect(relevance.body.ads.map((ad) => ad.id)).toEqual((await list("limit=50")).body.ads.map((ad) => ad.id));
    // Words that are all punctuation are no search either.
    const punctuation = await list(`search=${encodeURIComponent("!!! ??")}&sortBy=relevance&limit=50`);
    expect(punctuation.status).toBe(200);
    expect(punctuation.body.ads.map((ad) => ad.id)).toEqual(relevance.body.ads.map((ad) => ad.id));
  });
});

describe("the ranking rule", () => {
  let word: string;
  let ids: Record<string, number>;

  beforeAll(async () => {
    word = invented("zumbarc");
    const capital = word[0]!.toUpperCase() + word.slice(1);
    ids = {
      title: await adWith({ title: `Bicicleta ${capital} aro 29`, views: 5 }),
      // The abuse case: the word over and over in the title gets the title's rank, no more.
      stuffedTitle: await adWith({ title: `${capital} ${word} ${word} ${word} ${word} ${word}`, views: 3 }),
      characteristics: await adWith({ title: "Bicicleta aro 26", characteristics: { marca: capital }, views: 100 }),
      description: await adWith({ title: "Bicicleta infantil", description: `Bicicleta boa, da marca ${word}.`, views: 1000 }),
      // ...and over and over in the description only reaches the description's rank.
      stuffedDescription: await adWith({ title: "Bicicleta usada", description: `${word} `.repeat(60), views: 50 }),
    };
  });

  it("title above characteristics above description, views breaking ties; repetition counts once", async () => {
    const cards = await all(`search=${word}&sortBy=relevance`);
    expect(cards.map((ad) => ad.id)).toEqual([ids.title, ids.stuffedTitle, ids.characteristics, ids.description, ids.stuffedDescription]);
  });

  it("ranks the same way while the word is still being typed, and for its plural", async () => {
    const expected = [ids.title, ids.stuffedTitle, ids.characteristics, ids.description, ids.stuffedDescription];
    expect((await all(`search=${word.slice(0, -2)}&sortBy=relevance`)).map((ad) => ad.id)).toEqual(expected);
    expect((await all(`search=${word}es&sortBy=relevance`)).map((ad) => ad.id)).toEqual(expected);
  });

  it("is stable page by page: one ad a page gives the same order, each ad once", async () => {
    const whole = (await all(`search=${word}&sortBy=relevance`)).map((ad) => ad.id);
    const oneByOne = (await all(`search=${word}&sortBy=relevance`, 1)).map((ad) => ad.id);
    expect(oneByOne).toEqual(whole);
    // Past the end: nothing, with the total.
    const past = await list(`search=${word}&sortBy=relevance&limit=5&page=2`);
    expect(past.body).toEqual({ ads: [], total: 5 });
  });

  it("with two words, each word in the title outweighs any in the characteristics", async () => {
    const second = invented("quelv");
    const both = await adWith({ title: `${word} ${second}`, views: 0 });
    const oneInTitle = await adWith({ title: `Bicicleta ${second}`, description: word, views: 10 });
    const bothInCharacteristics = await adWith({ title: "Bicicleta", characteristics: { marca: word, modelo: second }, views: 900 });
    const cards = await all(`search=${encodeURIComponent(`${word} ${second}`)}&sortBy=relevance`);
    expect(cards.map((ad) => ad.id)).toEqual([both, oneInTitle, bothInCharacteristics]);
  });

  it("follows an edit at once: a title that gains the word moves up", async () => {
    db.update(ads).set({ title: `Bicicleta infantil ${word}` }).where(eq(ads.id, ids.description!)).run();
    const cards = await all(`search=${word}&sortBy=relevance`);
    expect(cards.slice(0, 3).map((ad) => ad.id)).toEqual([ids.description, ids.title, ids.stuffedTitle]);
  });
});

describe("a rank larger than a page of few matches (walked on the views index)", () => {
  const created: number[] = [];
  let word: string;

  beforeAll(async () => {
    word = invented("trombic");
    // More than FEW_MATCHES (500) ads in the first rank, so its pages walk the views index.
    for (let i = 0; i < 520; i++) created.push(await adWith({ title: `Item ${word} ${i}`, views: (i * 37) % 101 }));
    created.push(await adWith({ title: "Item comum", characteristics: { marca: word }, views: 5000 }));
    created.push(await adWith({ title: "Item comum", description: word, views: 9000 }));
  });

  afterAll(() => {
    db.delete(ads).where(inArray(ads.id, created)).run();
    clearPublicListingCaches();
  });

  it("reads every page in the rule's order, across the ranks, without gaps or repeats", async () => {
    const rows = db
      .select({ id: ads.id, title: ads.title, views: ads.views })
      .from(ads)
      .where(inArray(ads.id, created))
      .all();
    const tier = (row: { title: string; id: number }) => (row.title.includes(word) ? 2 : row.id === created[520] ? 1 : 0);
    const expected = rows.sort((a, b) => tier(b) - tier(a) || b.views - a.views || b.id - a.id).map((row) => row.id);
    const cards = await all(`search=${word}&sortBy=relevance`, 50);
    expect(cards.map((ad) => ad.id)).toEqual(expected);
    // A page that straddles two ranks: the last of the titles, then the characteristics.
    const straddling = await list(`search=${word}&sortBy=relevance&limit=12&page=44`);
    expect(straddling.body.ads.map((ad) => ad.id)).toEqual(expected.slice(516, 522));
  });
});

describe("the API's parameters", () => {
  it.each([
    ["sortBy=relevancia", "sortBy: deve ser views, createdAt, price ou relevance"],
    ["sortBy=relevance&sortOrder=asc", "sortOrder: com sortBy=relevance só é aceito desc"],
    ["search=carro&sortBy=RELEVANCE", "sortBy: deve ser views, createdAt, price ou relevance"],
  ])("%s answers 400 in pt-BR", async (query, detail) => {
    const response = await callRoute(publicAds, `/api/ads/public?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; details: string[] };
    expect(body.message).toBe("Parâmetros de busca inválidos");
    expect(body.details.join(" ")).toContain(detail.split(": ")[1]);
  });
});

describe("/categories", () => {
  const page = async (query: string) => {
    const response = await callRoute(categoriesPage, `/categories?${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as { applied: { sort: string }; result: { ads: { title: string }[] } };
  };

  it("a search is shown by relevance unless the visitor chose an order", async () => {
    const searched = await page("search=carro&cityId=todas");
    expect(searched.applied.sort).toBe("relevance");
    expect(searched.result.ads[0]!.title).not.toBe("Casa 3 quartos com área gourmet");
    const byViews = await page("search=carro&cityId=todas&sort=views");
    expect(byViews.applied.sort).toBe("views");
    expect(byViews.result.ads[0]!.title).toBe("Casa 3 quartos com área gourmet");
    expect((await page("cityId=todas")).applied.sort).toBe("views");
    // A made-up order is dropped, as any bad value in the page's URL.
    expect(pageFilterFromUrl(new URL("http://localhost/categories?search=carro&sort=aleatorio")).sort).toBe("relevance");
  });

  it.each([
    // A new search takes relevance: the menu's "Mais vistos" was only the default of the list without words.
    [{ search: "carro", prevSearch: "", sort: "views", prevCategory: "" }, "search=carro"],
    // The same search with an order the visitor picks keeps it.
    [{ search: "carro", prevSearch: "carro", sort: "views", prevCategory: "" }, "search=carro&sort=views"],
    [{ search: "carro", prevSearch: "carro", sort: "relevance", prevCategory: "" }, "search=carro"],
    // A new search keeps an order chosen before it.
    [{ search: "moto", prevSearch: "carro", sort: "price_asc", prevCategory: "" }, "search=moto&sort=price_asc"],
    [{ search: "moto", prevSearch: "carro", sort: "views", prevCategory: "" }, "search=moto&sort=views"],
    // Clearing the words returns to the list's default.
    [{ search: "", prevSearch: "carro", sort: "relevance", prevCategory: "" }, ""],
  ])("the form %j is written back as %j", (fields, expected) => {
    expect(canonicalSearch(new URL(`http://localhost/categories?${new URLSearchParams(fields)}`))).toBe(expected);
  });

  it("removing the words of a search shown by relevance goes back to the default order, not to sort=relevance", () => {
    const applied = { search: "carro", categoryId: null, subcategoryId: null, cityId: null, allCities: true, adType: null, minPrice: "", maxPrice: "", page: 1 };
    expect(filtersHref(withoutSearch({ ...applied, sort: "relevance" }))).toBe("/categories?cityId=todas");
    expect(filtersHref(withoutSearch({ ...applied, sort: "newest" }))).toBe("/categories?cityId=todas&sort=newest");
    expect(activeChips({ ...applied, sort: "relevance" }, [], [], []).map((chip) => chip.label)).toEqual(['"carro"']);
    expect(activeChips({ ...applied, sort: "views" }, [], [], [])).toContainEqual({ label: "Mais vistos", href: "/categories?search=carro&cityId=todas" });
  });

  it("the infinite scroll asks the API for the next pages in the same relevance order", async () => {
    const applied = { search: "carro", categoryId: null, subcategoryId: null, cityId: null, allCities: true, adType: null, minPrice: "", maxPrice: "", page: 1 };
    const query = apiQueryOf({ ...applied, sort: "relevance" });
    expect(query).toBe("search=carro&sortBy=relevance&sortOrder=desc");
    const first = (await list(`${query}&limit=3`)).body.ads;
    const second = (await list(`${query}&limit=3&page=2`)).body.ads;
    expect([...first, ...second].map((ad) => ad.id)).toEqual((await list(`${query}&limit=6`)).body.ads.map((ad) => ad.id));
  });
});
