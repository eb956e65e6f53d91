/**
 * The admin's JSON API (spec 02 §7): reference-data writes, the price setting, the statistics, the
 * moderation decisions and the owner's review request — who may call each (anonymous 401, user 403,
 * admin), the spec's validation messages, the cascade and the in-use rules.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads, categories, characteristics, cities, moderationDecisions, settings, subcategories } from "~/db/schema";
import { addDaysToKey, expirationInstantFromKey, todayKey } from "~/lib/dates";
import { loader as adPrice } from "~/routes/api.ad-price";
import { action as moderationApi } from "~/routes/api.ads.$id_.moderation";
import { action as reviewRequest } from "~/routes/api.ads.$id_.review-request";
import { action as categoriesAction, loader as categoriesList } from "~/routes/api.categories";
import { action as categoryAction } from "~/routes/api.categories.$id";
import { action as characteristicsAction, loader as characteristicsList } from "~/routes/api.characteristics";
import { action as characteristicAction } from "~/routes/api.characteristics.$id";
import { action as citiesAction, loader as citiesList } from "~/routes/api.cities";
import { action as cityAction } from "~/routes/api.cities.$id";
import { action as settingAction, loader as settingLoader } from "~/routes/api.settings.$key";
import { loader as stats } from "~/routes/api.stats";
import { action as subcategoriesAction } from "~/routes/api.subcategories";
import { action as subcategoryAction } from "~/routes/api.subcategories.$id";
import { api, asAdmin, asUser, type Caller } from "../support/admin";
import { adminApiHandlers, WRITE_METHODS } from "../support/admin-routes";
import { callRoute } from "../support/route";

let admin: Caller;
let user: Caller;
let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

beforeAll(async () => {
  admin = await asAdmin();
  user = await asUser();
});

type Json = Record<string, unknown>;
const json = async (response: Response) => (await response.json()) as Json;

function anyCity() {
  return db.select().from(cities).where(eq(cities.name, "Coromandel")).get()!;
}

/** An ad straight in the database (the wizard is not what these tests are about). */
function insertAd(values: { categoryId: number; subcategoryId?: number | null; cityId?: number; userId?: number; status?: (typeof ads.$inferInsert)["status"]; days?: number }) {
  const city = values.cityId ? db.select().from(cities).where(eq(cities.id, values.cityId)).get()! : anyCity();
  return db
    .insert(ads)
    .values({
      title: "Vender - Teste",
      description: "Anúncio de um teste de administração.",
      categoryId: values.categoryId,
      subcategoryId: values.subcategoryId ?? null,
      userId: values.userId ?? user.id,
      status: values.status ?? "active",
      expirationDate: expirationInstantFromKey(addDaysToKey(todayKey(), values.days ?? 10)),
      city: city.name,
      idCity: city.id,
      state: city.state,
    })
    .returning()
    .get();
}

async function newCategory(body: Json = {}) {
  const response = await callRoute(categoriesAction, "/api/categories", api("POST", { name: unique("Categoria"), icon: "guitar", ...body }, admin));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; name: string; icon: string; isActive: boolean; label: string | null };
}

// ---------------------------------------------------------------------------------------------
// Authorization: every admin endpoint, three callers
// ---------------------------------------------------------------------------------------------

// Every loader and action of the API routes that call requireAdmin (found in app/routes, so a new one
// cannot be left out), but those public on purpose, named here with the reason.
const adminApi = await adminApiHandlers({
  "api.categories loader": "the category list is the public reference data",
  "api.categories.$id loader": "one category, public reference data",
  "api.subcategories loader": "the subcategory list is the public reference data",
  "api.subcategories.$id loader": "one subcategory, public reference data",
  "api.characteristics loader": "the characteristics of a category: the public wizard and filters read them",
  "api.characteristics.$id loader": "one characteristic, public reference data",
  "api.cities loader": "the city list is the public reference data",
  "api.cities.$id loader": "one city, public reference data",
  "api.settings.$key loader": "the public settings (the price per day the wizard shows)",
});

/** A loader answers GET; an action, each write method it does not answer 405 to (an empty JSON body). */
async function guardedCalls(): Promise<{ name: string; run: (caller: Caller | null) => Promise<Response> }[]> {
  const calls = [];
  for (const handler of adminApi.guarded) {
    const methods = handler.kind === "loader" ? ["GET"] : [];
    if (handler.kind === "action") {
      for (const method of WRITE_METHODS) {
        const probe = await callRoute(handler.fn, handler.path, { params: handler.params, ...api(method, {}, null) });
        if (probe.status !== 405) methods.push(method);
      }
    }
    for (const method of methods) {
      calls.push({
        name: `${method} ${handler.path}`,
        run: (caller: Caller | null) => callRoute(handler.fn, handler.path, { params: handler.params, ...api(method, method === "GET" ? undefined : {}, caller) }),
      });
    }
  }
  return calls;
}
const calls = await guardedCalls();

describe("who may write reference data, settings and read statistics", () => {
  it("finds the admin endpoints in app/routes", () => {
    expect(calls.map((call) => call.name)).toEqual(
      expect.arrayContaining(["POST /api/categories", "DELETE /api/cities/999999", "GET /api/stats", "POST /api/ads/999999/moderation"]),
    );
  });

  it.each(calls)("$name: 401 without a session", async ({ run }) => {
    const response = await run(null);
    expect(response.status).toBe(401);
  });

  it.each(calls)("$name: 403 for a signed-in user who is not an admin", async ({ run }) => {
    const response = await run(user);
    expect(response.status).toBe(403);
    expect(await json(response)).toEqual({ message: "Acesso restrito a administradores." });
  });

  it.each(calls)("$name: let through for the admin (no such row, or a body to complete)", async ({ run }) => {
    const response = await run(admin);
    expect([200, 201, 400, 404]).toContain(response.status);
  });

  it.each(adminApi.public)("$name is public on purpose: a visitor is not refused", async ({ fn, path, params }) => {
    const response = await callRoute(fn, path, { params, ...api("GET", undefined, null) });
    expect([401, 403]).not.toContain(response.status);
  });

  it("refuses a cookie-authenticated write from another site", async () => {
    const response = await callRoute(categoriesAction, "/api/categories", {
      init: { method: "POST", headers: { Cookie: admin.cookie, Origin: "https://evil.example", "Content-Type": "application/json" }, body: JSON.stringify({ name: "Invasora" }) },
    });
    expect(response.status).toBe(403);
  });

  it("answers 405 with Allow for a method an endpoint does not take", async () => {
    const response = await callRoute(categoriesAction, "/api/categories", api("DELETE", undefined, admin));
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, POST");
  });
});

// ---------------------------------------------------------------------------------------------
// Categories, subcategories, characteristics
// ---------------------------------------------------------------------------------------------

describe("categories", () => {
  it("creates a category that the public list shows at once, and updates it", async () => {
    const created = await newCategory({ label: "Tipo de instrumento", description: "Violões e afins" });
    expect(created).toMatchObject({ icon: "guitar", isActive: true, label: "Tipo de instrumento" });
    const list = (await (await callRoute(categoriesList, "/api/categories")).json()) as { id: number }[];
    expect(list.map((c) => c.id)).toContain(created.id);

    const response = await callRoute(categoryAction, `/api/categories/${created.id}`, { params: { id: String(created.id) }, ...api("PUT", { isActive: false }, admin) });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ id: created.id, name: created.name, isActive: false, icon: "guitar" });
    const after = (await (await callRoute(categoriesList, "/api/categories")).json()) as { id: number }[];
    expect(after.map((c) => c.id)).not.toContain(created.id);
  });

  it.each([
    [{ name: "" }, "Nome é obrigatório"],
    [{}, "Nome é obrigatório"],
    [{ name: "A" }, "Nome deve ter pelo menos 2 caracteres"],
    [{ name: "Ok nome", label: "L" }, "Label deve ter pelo menos 2 caracteres"],
    [{ name: "Ok nome", icon: "foguete" }, "Escolha um ícone da lista"],
  ])("refuses %j with '%s'", async (body, message) => {
    const response = await callRoute(categoriesAction, "/api/categories", api("POST", body, admin));
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ message });
  });

  it("refuses a second category of the same name, whatever the case", async () => {
    const created = await newCategory();
    const response = await callRoute(categoriesAction, "/api/categories", api("POST", { name: created.name.toUpperCase() }, admin));
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ message: "Já existe uma categoria com este nome" });
  });

  it("deletes a category with its subcategories and characteristics", async () => {
    const created = await newCategory();
    const sub = await callRoute(subcategoriesAction, "/api/subcategories", api("POST", { name: "Violões", categoryId: created.id }, admin));
    expect(sub.status).toBe(201);
    const char = await callRoute(
      characteristicsAction,
      "/api/characteristics",
      api("POST", { name: "cordas", label: "Cordas", dataType: "select", options: "Aço, Nylon", categoryId: created.id }, admin),
    );
    expect(char.status).toBe(201);

    const response = await callRoute(categoryAction, `/api/categories/${created.id}`, { params: { id: String(created.id) }, ...api("DELETE", undefined, admin) });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ message: "Categoria excluída com sucesso!", subcategories: 1, characteristics: 1 });
    expect(db.select().from(categories).where(eq(categories.id, created.id)).get()).toBeUndefined();
    expect(db.select().from(subcategories).where(eq(subcategories.categoryId, created.id)).all()).toEqual([]);
    expect(db.select().from(characteristics).where(eq(characteristics.categoryId, created.id)).all()).toEqual([]);
  });

  it("refuses to delete a category that ads use, and keeps the ads", async () => {
    const created = await newCategory();
    const ad = insertAd({ categoryId: created.id });
    const response = await callRoute(categoryAction, `/api/categories/${created.id}`, { params: { id: String(created.id) }, ...api("DELETE", undefined, admin) });
    expect(response.status).toBe(409);
    expect((await json(response)).message).toMatch(/^Não é possível excluir a categoria ".+": 1 anúncio usa esta categoria/);
    expect(db.select().from(ads).where(eq(ads.id, ad.id)).get()).toBeDefined();
    expect(db.select().from(categories).where(eq(categories.id, created.id)).get()).toBeDefined();
  });

  it("answers 404 for a category that does not exist", async () => {
    const response = await callRoute(categoryAction, "/api/categories/999999", { params: { id: "999999" }, ...api("PUT", { name: "Nada" }, admin) });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ message: "Categoria não encontrada" });
  });
});

describe("subcategories", () => {
  it("creates, renames and deletes a subcategory", async () => {
    const category = await newCategory();
    const created = await callRoute(subcategoriesAction, "/api/subcategories", api("POST", { name: "Guitarras", categoryId: category.id }, admin));
    const sub = (await created.json()) as { id: number };
    const renamed = await callRoute(subcategoryAction, `/api/subcategories/${sub.id}`, { params: { id: String(sub.id) }, ...api("PUT", { name: "Guitarras elétricas" }, admin) });
    expect(await json(renamed)).toMatchObject({ id: sub.id, name: "Guitarras elétricas", categoryId: category.id });
    const deleted = await callRoute(subcategoryAction, `/api/subcategories/${sub.id}`, { params: { id: String(sub.id) }, ...api("DELETE", undefined, admin) });
    expect(deleted.status).toBe(200);
    expect(db.select().from(subcategories).where(eq(subcategories.id, sub.id)).get()).toBeUndefined();
  });

  it("validates the name and the category", async () => {
    const short = await callRoute(subcategoriesAction, "/api/subcategories", api("POST", { name: "X", categoryId: 1 }, admin));
    expect(await json(short)).toMatchObject({ message: "Nome deve ter pelo menos 2 caracteres" });
    const noCategory = await callRoute(subcategoriesAction, "/api/subcategories", api("POST", { name: "Boa" }, admin));
    expect(await json(noCategory)).toMatchObject({ message: "Categoria é obrigatória" });
    const unknownCategory = await callRoute(subcategoriesAction, "/api/subcategories", api("POST", { name: "Boa", categoryId: 999999 }, admin));
    expect(unknownCategory.status).toBe(404);
  });

  it("refuses to delete a subcategory that ads use (the ads keep it)", async () => {
    const category = await newCategory();
    const sub = (await (await callRoute(subcategoriesAction, "/api/subcategories", api("POST", { name: "Baixos", categoryId: category.id }, admin))).json()) as { id: number };
    const ad = insertAd({ categoryId: category.id, subcategoryId: sub.id });
    const response = await callRoute(subcategoryAction, `/api/subcategories/${sub.id}`, { params: { id: String(sub.id) }, ...api("DELETE", undefined, admin) });
    expect(response.status).toBe(409);
    expect((await json(response)).message).toContain("1 anúncio usa esta subcategoria");
    expect(db.select({ subcategoryId: ads.subcategoryId }).from(ads).where(eq(ads.id, ad.id)).get()).toEqual({ subcategoryId: sub.id });
  });
});

describe("characteristics", () => {
  it("creates a select from comma-separated options and edits it with one option per line", async () => {
    const category = await newCategory();
    const created = await callRoute(
      characteristicsAction,
      "/api/characteristics",
      api("POST", { name: "estado", label: "Estado", dataType: "select", options: "Novo, Seminovo ,Usado", categoryId: category.id, isRequired: true }, admin),
    );
    const characteristic = (await created.json()) as { id: number; options: string[]; isRequired: boolean };
    expect(characteristic).toMatchObject({ options: ["Novo", "Seminovo", "Usado"], isRequired: true });
    const edited = await callRoute(characteristicAction, `/api/characteristics/${characteristic.id}`, {
      params: { id: String(characteristic.id) },
      ...api("PUT", { options: "Novo\nUsado\nPara peças" }, admin),
    });
    expect(await json(edited)).toMatchObject({ options: ["Novo", "Usado", "Para peças"], label: "Estado", dataType: "select" });
    const list = (await (await callRoute(characteristicsList, `/api/characteristics?categoryId=${category.id}`)).json()) as { id: number }[];
    expect(list.map((c) => c.id)).toEqual([characteristic.id]);
  });

  it("keeps min/max only for numbers and a character limit only for text", async () => {
    const category = await newCategory();
    const number = await json(
      await callRoute(characteristicsAction, "/api/characteristics", api("POST", { name: "ano", label: "Ano", dataType: "number", minValue: "1950", maxValue: 2030, charLimit: 10, categoryId: category.id }, admin)),
    );
    expect(number).toMatchObject({ minValue: 1950, maxValue: 2030, charLimit: null, options: null });
    const text = await json(
      await callRoute(characteristicsAction, "/api/characteristics", api("POST", { name: "modelo", label: "Modelo", dataType: "text", charLimit: 60, minValue: 3, categoryId: category.id }, admin)),
    );
    expect(text).toMatchObject({ charLimit: 60, minValue: null, maxValue: null });
  });

  it.each([
    [{ name: "x", label: "Cor" }, "Nome deve ter pelo menos 2 caracteres"],
    [{ name: "cor", label: "C" }, "Label deve ter pelo menos 2 caracteres"],
    [{ name: "cor" }, "Label é obrigatório"],
    [{ name: "cor", label: "Cor", dataType: "select" }, "Informe ao menos uma opção"],
    [{ name: "cor", label: "Cor", dataType: "select", options: ["Azul", "Verde, escuro"] }, "Uma opção não pode conter vírgula (os anúncios guardam as escolhas separadas por vírgula)"],
    [{ name: "ano", label: "Ano", dataType: "number", minValue: 10, maxValue: 5 }, "O mínimo deve ser menor ou igual ao máximo"],
    [{ name: "ano", label: "Ano", dataType: "number", minValue: "dez" }, "Informe um número"],
    [{ name: "a.b", label: "Ano" }, "Nome não pode conter ponto, aspas nem colchetes"],
  ])("refuses %j with '%s'", async (body, message) => {
    const response = await callRoute(characteristicsAction, "/api/characteristics", api("POST", { categoryId: 1, ...body }, admin));
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ message });
  });

  it("moves the ads' values along when a characteristic is renamed", async () => {
    const category = await newCategory();
    const created = (await (
      await callRoute(characteristicsAction, "/api/characteristics", api("POST", { name: "cor", label: "Cor", categoryId: category.id }, admin))
    ).json()) as { id: number };
    const ad = insertAd({ categoryId: category.id });
    db.update(ads).set({ characteristics: { cor: "Azul", extra: "sim" } }).where(eq(ads.id, ad.id)).run();
    await callRoute(characteristicAction, `/api/characteristics/${created.id}`, { params: { id: String(created.id) }, ...api("PUT", { name: "corPrincipal" }, admin) });
    expect(db.select({ c: ads.characteristics }).from(ads).where(eq(ads.id, ad.id)).get()?.c).toEqual({ corPrincipal: "Azul", extra: "sim" });
  });

  it("deletes a characteristic; ads keep their value", async () => {
    const category = await newCategory();
    const created = (await (
      await callRoute(characteristicsAction, "/api/characteristics", api("POST", { name: "cor", label: "Cor", categoryId: category.id }, admin))
    ).json()) as { id: number };
    const response = await callRoute(characteristicAction, `/api/characteristics/${created.id}`, { params: { id: String(created.id) }, ...api("DELETE", undefined, admin) });
    expect(await json(response)).toMatchObject({ message: "Característica excluída com sucesso!" });
  });
});

// ---------------------------------------------------------------------------------------------
// Cities
// ---------------------------------------------------------------------------------------------

describe("cities", () => {
  it("creates a city the public list shows at once, renames it with its ads, and deletes it", async () => {
    const response = await callRoute(citiesAction, "/api/cities", api("POST", { name: "  Monte  Carmelo ", state: "mg" }, admin));
    expect(response.status).toBe(201);
    const city = (await response.json()) as { id: number; name: string; state: string };
    expect(city).toMatchObject({ name: "Monte Carmelo", state: "MG" });
    const list = (await (await callRoute(citiesList, "/api/cities")).json()) as { id: number }[];
    expect(list.map((c) => c.id)).toContain(city.id);

    const category = db.select().from(categories).get()!;
    const ad = insertAd({ categoryId: category.id, cityId: city.id });
    const renamed = await callRoute(cityAction, `/api/cities/${city.id}`, { params: { id: String(city.id) }, ...api("PUT", { name: "Monte Carmelo de Minas" }, admin) });
    expect(await json(renamed)).toEqual({ id: city.id, name: "Monte Carmelo de Minas", state: "MG" });
    expect(db.select({ city: ads.city }).from(ads).where(eq(ads.id, ad.id)).get()).toEqual({ city: "Monte Carmelo de Minas" });

    const inUse = await callRoute(cityAction, `/api/cities/${city.id}`, { params: { id: String(city.id) }, ...api("DELETE", undefined, admin) });
    expect(inUse.status).toBe(409);
    expect((await json(inUse)).message).toBe("Não é possível excluir Monte Carmelo de Minas - MG: 1 anúncio está nesta cidade.");

    db.delete(ads).where(eq(ads.id, ad.id)).run();
    const deleted = await callRoute(cityAction, `/api/cities/${city.id}`, { params: { id: String(city.id) }, ...api("DELETE", undefined, admin) });
    expect(await json(deleted)).toMatchObject({ message: "Cidade excluída com sucesso!" });
  });

  it.each([
    [{ name: "", state: "MG" }, "Nome da cidade é obrigatório"],
    [{ name: "Uma cidade de nome comprido demais", state: "MG" }, "Nome da cidade pode ter no máximo 30 caracteres"],
    [{ name: "Cidade Boa", state: "XX" }, "Selecione um estado"],
    [{ name: "Cidade Boa" }, "Selecione um estado"],
  ])("refuses %j with '%s'", async (body, message) => {
    const response = await callRoute(citiesAction, "/api/cities", api("POST", body, admin));
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ message });
  });

  it("refuses a city that is already there", async () => {
    const response = await callRoute(citiesAction, "/api/cities", api("POST", { name: "patos de minas", state: "MG" }, admin));
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ message: "Esta cidade já está cadastrada neste estado" });
  });

  it("never deletes nor renames Patos de Minas - MG", async () => {
    const patos = db.select().from(cities).where(eq(cities.name, "Patos de Minas")).get()!;
    const deleted = await callRoute(cityAction, `/api/cities/${patos.id}`, { params: { id: String(patos.id) }, ...api("DELETE", undefined, admin) });
    expect(deleted.status).toBe(409);
    expect(await json(deleted)).toEqual({ message: "Patos de Minas - MG é a cidade padrão e não pode ser excluída." });
    const renamed = await callRoute(cityAction, `/api/cities/${patos.id}`, { params: { id: String(patos.id) }, ...api("PUT", { name: "Patos" }, admin) });
    expect(renamed.status).toBe(409);
    expect(db.select().from(cities).where(eq(cities.id, patos.id)).get()?.name).toBe("Patos de Minas");
  });
});

// ---------------------------------------------------------------------------------------------
// Settings and statistics
// ---------------------------------------------------------------------------------------------

describe("PUT /api/settings/{key}", () => {
  const put = (value: unknown, key = "ad_price_per_day") => callRoute(settingAction, `/api/settings/${key}`, { params: { key }, ...api("PUT", { value }, admin) });

  it("sets the per-day price, which GET /api/ad-price answers at once", async () => {
    const response = await put("3,75");
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ message: "Configuração atualizada com sucesso!", key: "ad_price_per_day", value: "3.75" });
    expect(await json(await callRoute(adPrice, "/api/ad-price"))).toEqual({ pricePerDay: "3.75" });
    expect(await json(await callRoute(settingLoader, "/api/settings/ad_price_per_day", { params: { key: "ad_price_per_day" } }))).toMatchObject({ value: "3.75" });
    await put(2.5);
    expect(db.select({ value: settings.value }).from(settings).where(eq(settings.key, "ad_price_per_day")).get()).toEqual({ value: "2.50" });
  });

  it.each([0, "0", -1, "abc", "", null])("refuses %j: 'Erro na validação' / 'Por favor, insira um preço válido maior que zero.'", async (value) => {
    const response = await put(value);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ message: "Erro na validação", details: ["Por favor, insira um preço válido maior que zero."] });
  });

  it("answers 404 for a key that cannot be set", async () => {
    expect((await put("1", "session_secret")).status).toBe(404);
  });
});

describe("GET /api/stats", () => {
  it("answers the four totals, counting what is in the database", async () => {
    const before = await json(await callRoute(stats, "/api/stats", api("GET", undefined, admin)));
    expect(Object.keys(before).sort()).toEqual(["activeAds", "income", "pendingAds", "totalAds", "totalUsers"]);
    expect(Object.keys(before.income as object).sort()).toEqual(["adFees", "boosts", "extensions"]);
    const category = db.select().from(categories).get()!;
    insertAd({ categoryId: category.id, status: "pending" });
    insertAd({ categoryId: category.id, status: "active" });
    insertAd({ categoryId: category.id, status: "active", days: -2 }); // expired: not active any more
    const after = await json(await callRoute(stats, "/api/stats", api("GET", undefined, admin)));
    expect(after.totalAds).toBe((before.totalAds as number) + 3);
    expect(after.pendingAds).toBe((before.pendingAds as number) + 1);
    expect(after.activeAds).toBe((before.activeAds as number) + 1);
    expect(after.totalUsers).toBe(before.totalUsers);
  });
});

// ---------------------------------------------------------------------------------------------
// Moderation decisions and review requests
// ---------------------------------------------------------------------------------------------

describe("moderation through the API", () => {
  const decide = (adId: number, body: unknown, caller: Caller = admin) =>
    callRoute(moderationApi, `/api/ads/${adId}/moderation`, { params: { id: String(adId) }, ...api("POST", body, caller) });
  const ask = (adId: number, caller: Caller | null, body?: unknown) =>
    callRoute(reviewRequest, `/api/ads/${adId}/review-request`, { params: { id: String(adId) }, ...api("POST", body, caller) });

  it("approves a pending ad and records who and when", async () => {
    const category = db.select().from(categories).get()!;
    const ad = insertAd({ categoryId: category.id, status: "pending" });
    const response = await decide(ad.id, { decision: "approved" });
    expect(await json(response)).toEqual({ adId: ad.id, status: "active" });
    const [decision] = db.select().from(moderationDecisions).where(eq(moderationDecisions.adId, ad.id)).all();
    expect(decision).toMatchObject({ userId: admin.id, decision: "approved" });
    expect((await decide(ad.id, { decision: "approved" })).status).toBe(409);
  });

  it("needs a reason to reject", async () => {
    const category = db.select().from(categories).get()!;
    const ad = insertAd({ categoryId: category.id, status: "pending" });
    const response = await decide(ad.id, { decision: "rejected", reason: "  " });
    expect(response.status).toBe(400);
    expect(await json(response)).toMatchObject({ message: "Informe o motivo da rejeição" });
  });

  it("lets the owner of a rejected ad ask for a human review, which puts it back in the queue", async () => {
    const category = db.select().from(categories).get()!;
    const ad = insertAd({ categoryId: category.id, status: "pending", userId: user.id });
    await decide(ad.id, { decision: "rejected", reason: "Fotos de outro produto" });
    expect(db.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id)).get()).toEqual({ status: "rejected" });

    expect((await ask(ad.id, null)).status).toBe(401);
    const stranger = await asUser();
    expect((await ask(ad.id, stranger)).status).toBe(404);
    expect((await ask(ad.id, admin)).status).toBe(404);

    const response = await ask(ad.id, user, { reason: "As fotos são do meu produto." });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ message: "Revisão solicitada", adId: ad.id, status: "pending" });
    expect(db.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id)).get()).toEqual({ status: "pending" });
    const decisions = db.select().from(moderationDecisions).where(eq(moderationDecisions.adId, ad.id)).orderBy(moderationDecisions.id).all();
    expect(decisions.map((d) => [d.decision, d.userId, d.reason])).toEqual([
      ["rejected", admin.id, "Fotos de outro produto"],
      ["review_requested", null, "As fotos são do meu produto."],
    ]);

    const again = await ask(ad.id, user);
    expect(again.status).toBe(409);
    expect(await json(again)).toEqual({ message: "Este anúncio já está aguardando uma revisão humana." });
  });

  it("refuses a review request for a rejected ad whose date has passed (it is reactivated instead)", async () => {
    const category = db.select().from(categories).get()!;
    const ad = insertAd({ categoryId: category.id, status: "rejected", userId: user.id, days: -1 });
    const response = await ask(ad.id, user);
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ message: "Este anúncio já expirou: reative-o para publicá-lo de novo." });
  });

  it("refuses a review request for an ad that is not rejected", async () => {
    const category = db.select().from(categories).get()!;
    const ad = insertAd({ categoryId: category.id, status: "active", userId: user.id });
    const response = await ask(ad.id, user);
    expect(response.status).toBe(409);
    expect(await json(response)).toEqual({ message: "Só um anúncio rejeitado ou ocultado por denúncias pode pedir revisão humana." });
  });
});
