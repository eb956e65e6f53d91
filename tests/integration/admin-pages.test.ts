/**
 * The admin screens (spec 02 §2, §5, §8): who gets in (visitors to /login, users to / — or
 * 'Acesso Negado' on /admin-old), the forms' validation messages and toasts, the delete confirmation,
 * the moderation queue's decisions.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads, categories, characteristics, cities, moderationDecisions, subcategories } from "~/db/schema";
import { addDaysToKey, expirationInstantFromKey, todayKey } from "~/lib/dates";
import * as adminCities from "~/routes/admin.cities";
import * as createCategory from "~/routes/admin.create-category";
import * as createCity from "~/routes/admin.create-city";
import * as deleteRoute from "~/routes/admin.delete";
import * as editCategory from "~/routes/admin.edit-category.$id";
import * as editCharacteristic from "~/routes/admin.edit-characteristic.$id";
import * as moderation from "~/routes/admin.moderation";
import * as settingsPage from "~/routes/admin.settings";
import * as statsPage from "~/routes/admin.stats";
import * as adminOld from "~/routes/admin-old";
import { asAdmin, asUser, page, toastOf, type Caller } from "../support/admin";
import { adminPageHandlers, type RouteHandler } from "../support/admin-routes";
import { callRoute } from "../support/route";

let admin: Caller;
let user: Caller;
let counter = 0;
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++counter}`;

beforeAll(async () => {
  admin = await asAdmin();
  user = await asUser();
});

type Reply = { result?: { status?: string; error?: Record<string, string[] | null> }; toast?: { type: string; message: string; description: string } };

function anyCategory() {
  return db.select().from(categories).get()!;
}

function insertAd(values: { categoryId: number; subcategoryId?: number | null; cityId?: number; status?: (typeof ads.$inferInsert)["status"]; userId?: number }) {
  const city = values.cityId ? db.select().from(cities).where(eq(cities.id, values.cityId)).get()! : db.select().from(cities).where(eq(cities.name, "Coromandel")).get()!;
  return db
    .insert(ads)
    .values({
      title: "Vender - Teste de página",
      description: "Anúncio de um teste das páginas de administração.",
      categoryId: values.categoryId,
      subcategoryId: values.subcategoryId ?? null,
      userId: values.userId ?? user.id,
      status: values.status ?? "active",
      expirationDate: expirationInstantFromKey(addDaysToKey(todayKey(), 10)),
      city: city.name,
      idCity: city.id,
      state: city.state,
      moderation:
        values.status === "pending"
          ? { recommendation: "needs_review", confidence: 0.6, issues: ["Preço muito abaixo do mercado"], provider: "local", timestamp: new Date().toISOString() }
          : null,
    })
    .returning()
    .get();
}

// ---------------------------------------------------------------------------------------------
// Who gets in
// ---------------------------------------------------------------------------------------------

// Every loader and action of the admin pages, found in app/routes (a new page cannot be left out).
const pages = await adminPageHandlers();
/** What a loader needs besides its params to answer the admin with its page. */
const QUERY: Record<string, string> = { "admin.delete": "?tipo=cidade&id=1" };
/**
 * Pages an admin may open only for a row in a given state: a conversation is read by an admin only once it
 * was reported (issue #37), so conversation 1 of a fresh database answers the admin 404 like anyone else
 * (tests/integration/messages.test.ts reads a reported one).
 */
const NOT_FOUND_FOR_THE_ADMIN = new Set(["admin.conversas.$id"]);
/** A loader is asked with GET, an action with an empty form post (the guard answers before the form is read). */
const request = ({ kind, route, path, params }: RouteHandler, caller: Caller | null) => ({
  params,
  path: `${path}${QUERY[route] ?? ""}`,
  ...page(caller, kind === "action" ? {} : undefined),
});

describe("the /admin pages", () => {
  it("are found in app/routes", () => {
    expect(pages.map((handler) => handler.name)).toEqual(expect.arrayContaining(["admin loader", "admin._index loader", "admin.settings action", "admin.payments action"]));
  });

  it.each(pages)("$name: a visitor is sent to /login and back", async (handler) => {
    const { path, ...init } = request(handler, null);
    const response = await callRoute(handler.fn, path, init);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fadmin/);
  });

  it.each(pages)("$name: a user who is not an admin is sent to / with 'Acesso Negado'", async (handler) => {
    const { path, ...init } = request(handler, user);
    const response = await callRoute(handler.fn, path, init);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await toastOf(response)).toMatchObject({ type: "error", message: "Acesso Negado", description: "Você precisa ser um administrador para acessar esta página." });
  });

  it.each(pages.filter((handler) => handler.kind === "loader"))("$name: the admin gets the page", async (handler) => {
    const { path, ...init } = request(handler, admin);
    const response = await callRoute(handler.fn, path, init);
    expect(response.status).toBe(NOT_FOUND_FOR_THE_ADMIN.has(handler.route) ? 404 : 200);
  });

  it("an admin's write from another site is refused", async () => {
    const response = await callRoute(createCategory.action, "/admin/create-category", {
      init: { method: "POST", headers: { Cookie: admin.cookie, Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" }, body: "name=Invasora" },
    });
    expect(response.status).toBe(403);
    expect(db.select().from(categories).where(eq(categories.name, "Invasora")).get()).toBeUndefined();
  });
});

describe("/admin-old", () => {
  it.each([
    ["a visitor", null],
    ["a user who is not an admin", "user"],
  ] as const)("shows %s 'Acesso Negado' (403)", async (_who, who) => {
    const response = await callRoute(adminOld.loader, "/admin-old", page(who === "user" ? user : null));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ denied: true });
    const write = await callRoute(adminOld.action, "/admin-old", page(who === "user" ? user : null, { intent: "create-category", name: "Invasora" }));
    expect(write.status).toBe(403);
  });

  it.each(["categorias", "caracteristicas", "moderacao", "estatisticas"])("gives the admin the tab %s", async (tab) => {
    const response = await callRoute(adminOld.loader, `/admin-old?aba=${tab}`, page(admin));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { tab: string; report: unknown; queue: unknown[] };
    expect(body.tab).toBe(tab);
    if (tab === "estatisticas") expect(body.report).toBeTruthy();
  });

  it("creates a characteristic from the quick form with comma-separated options", async () => {
    const target = anyCategory();
    const name = `qf${Date.now().toString(36)}`;
    const response = await callRoute(
      adminOld.action,
      "/admin-old",
      page(admin, { intent: "create-characteristic", categoryId: String(target.id), name, label: "Acabamento", dataType: "select", options: "Fosco, Brilhante" }),
    );
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ message: "Característica criada com sucesso!" });
    expect(db.select({ options: characteristics.options }).from(characteristics).where(eq(characteristics.name, name)).get()).toEqual({ options: ["Fosco", "Brilhante"] });
  });

  it("answers a quick category form's errors beside its fields, with 'Erro ao criar categoria'", async () => {
    const response = await callRoute(adminOld.action, "/admin-old", page(admin, { intent: "create-category", name: "A", label: "B" }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply & { intent: string };
    expect(body.intent).toBe("create-category");
    expect(body.result?.error).toMatchObject({ name: ["Nome deve ter pelo menos 2 caracteres"], label: ["Label deve ter pelo menos 2 caracteres"] });
    expect(body.toast).toMatchObject({ type: "error", message: "Erro ao criar categoria", description: "Nome deve ter pelo menos 2 caracteres" });
  });
});

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

describe("category pages", () => {
  it("creates a category ('Categoria criada com sucesso!') and goes on to edit it", async () => {
    const name = unique("Instrumentos");
    const response = await callRoute(createCategory.action, "/admin/create-category", page(admin, { name, label: "Tipo", icon: "guitar", isActive: "on" }));
    expect(response.status).toBe(302);
    const created = db.select().from(categories).where(eq(categories.name, name)).get()!;
    expect(created).toMatchObject({ icon: "guitar", isActive: true, label: "Tipo" });
    expect(response.headers.get("Location")).toBe(`/admin/edit-category/${created.id}`);
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Categoria criada com sucesso!" });
  });

  it.each([
    [{ name: "" }, { name: ["Nome é obrigatório"] }],
    [{ name: "A" }, { name: ["Nome deve ter pelo menos 2 caracteres"] }],
    [{ name: "Boa", label: "L" }, { label: ["Label deve ter pelo menos 2 caracteres"] }],
  ])("answers %j with %j and 'Erro ao criar categoria'", async (form, errors) => {
    const response = await callRoute(createCategory.action, "/admin/create-category", page(admin, form));
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(body.result?.error).toMatchObject(errors);
    expect(body.toast).toMatchObject({ type: "error", message: "Erro ao criar categoria" });
  });

  it("updates a category ('Categoria atualizada com sucesso!'); an unticked box deactivates it", async () => {
    const created = db.insert(categories).values({ name: unique("Editar"), icon: "home" }).returning().get();
    const response = await callRoute(editCategory.action, `/admin/edit-category/${created.id}`, {
      params: { id: String(created.id) },
      ...page(admin, { intent: "category", name: `${created.name} novo`, icon: "sofa" }),
    });
    expect(response.status).toBe(302);
    expect(await toastOf(response)).toMatchObject({ message: "Categoria atualizada com sucesso!" });
    expect(db.select().from(categories).where(eq(categories.id, created.id)).get()).toMatchObject({ name: `${created.name} novo`, icon: "sofa", isActive: false });
  });

  it("adds subcategories and characteristics from the edit page's quick forms", async () => {
    const created = db.insert(categories).values({ name: unique("Rápida"), icon: "home" }).returning().get();
    const here = { params: { id: String(created.id) } };
    const sub = await callRoute(editCategory.action, `/admin/edit-category/${created.id}`, { ...here, ...page(admin, { intent: "create-subcategory", name: "Pianos", isActive: "on" }) });
    expect(sub.headers.get("Location")).toBe(`/admin/edit-category/${created.id}#subcategorias`);
    expect(await toastOf(sub)).toMatchObject({ message: "Subcategoria criada com sucesso!" });
    const char = await callRoute(editCategory.action, `/admin/edit-category/${created.id}`, {
      ...here,
      ...page(admin, { intent: "create-characteristic", name: "teclas", label: "Teclas", dataType: "number", minValue: "1", maxValue: "88" }),
    });
    expect(await toastOf(char)).toMatchObject({ message: "Característica criada com sucesso!" });
    const bad = await callRoute(editCategory.action, `/admin/edit-category/${created.id}`, { ...here, ...page(admin, { intent: "create-characteristic", name: "cor", label: "" }) });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as Reply;
    expect(body.result?.error).toMatchObject({ label: ["Label é obrigatório"] });
    expect(body.toast).toMatchObject({ message: "Erro ao criar característica" });
    const loaded = (await (await callRoute(editCategory.loader, `/admin/edit-category/${created.id}`, { ...here, ...page(admin) })).json()) as {
      subcategories: { name: string }[];
      characteristics: { name: string; minValue: number; maxValue: number }[];
    };
    expect(loaded.subcategories.map((s) => s.name)).toEqual(["Pianos"]);
    expect(loaded.characteristics).toMatchObject([{ name: "teclas", minValue: 1, maxValue: 88 }]);
  });

  it("edits a characteristic's options one per line", async () => {
    const target = db.insert(categories).values({ name: unique("Opções"), icon: "home" }).returning().get();
    const char = db.insert(characteristics).values({ name: "tamanho", label: "Tamanho", dataType: "select", options: ["P", "M"], categoryId: target.id }).returning().get();
    const response = await callRoute(editCharacteristic.action, `/admin/edit-characteristic/${char.id}`, {
      params: { id: String(char.id) },
      ...page(admin, { name: "tamanho", label: "Tamanho", dataType: "select", options: "P\r\nM\r\nG\r\n", categoryId: String(target.id) }),
    });
    expect(response.headers.get("Location")).toBe(`/admin/edit-category/${target.id}#caracteristicas`);
    expect(await toastOf(response)).toMatchObject({ message: "Característica atualizada com sucesso!" });
    expect(db.select({ options: characteristics.options }).from(characteristics).where(eq(characteristics.id, char.id)).get()).toEqual({ options: ["P", "M", "G"] });
  });

  it("answers 404 for a category that does not exist", async () => {
    const response = await callRoute(editCategory.loader, "/admin/edit-category/999999", { params: { id: "999999" }, ...page(admin) });
    expect(response.status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------
// Delete confirmations
// ---------------------------------------------------------------------------------------------

describe("/admin/delete", () => {
  it("asks first (GET changes nothing), then deletes with 'Categoria excluída com sucesso!'", async () => {
    const created = db.insert(categories).values({ name: unique("Apagar"), icon: "home" }).returning().get();
    db.insert(subcategories).values({ name: "Uma", categoryId: created.id }).run();
    const ask = await callRoute(deleteRoute.loader, `/admin/delete?tipo=categoria&id=${created.id}&voltar=/admin/categories`, page(admin));
    expect(ask.status).toBe(200);
    expect(await ask.json()).toMatchObject({ kind: "categoria", id: created.id, name: created.name, back: "/admin/categories", details: expect.stringContaining("1 subcategoria") });
    expect(db.select().from(categories).where(eq(categories.id, created.id)).get()).toBeDefined();

    const response = await callRoute(deleteRoute.action, "/admin/delete", page(admin, { tipo: "categoria", id: String(created.id), voltar: `/admin/edit-category/${created.id}` }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/categories");
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Categoria excluída com sucesso!" });
    expect(db.select().from(categories).where(eq(categories.id, created.id)).get()).toBeUndefined();
    expect(db.select().from(subcategories).where(eq(subcategories.categoryId, created.id)).all()).toEqual([]);
  });

  it("refuses a category ads use with 'Erro ao excluir categoria' and the reason", async () => {
    const created = db.insert(categories).values({ name: unique("Usada"), icon: "home" }).returning().get();
    insertAd({ categoryId: created.id });
    const response = await callRoute(deleteRoute.action, "/admin/delete", page(admin, { tipo: "categoria", id: String(created.id), voltar: "/admin/categories" }));
    expect(response.headers.get("Location")).toBe("/admin/categories");
    expect(await toastOf(response)).toMatchObject({ type: "error", message: "Erro ao excluir categoria", description: expect.stringContaining("1 anúncio usa esta categoria") });
    expect(db.select().from(categories).where(eq(categories.id, created.id)).get()).toBeDefined();
  });

  it("deletes a city ('Cidade excluída com sucesso!') but never Patos de Minas - MG", async () => {
    const city = db.insert(cities).values({ name: unique("Vila").slice(0, 30), state: "GO" }).returning().get();
    const done = await callRoute(deleteRoute.action, "/admin/delete", page(admin, { tipo: "cidade", id: String(city.id), voltar: "/admin/cities" }));
    expect(await toastOf(done)).toMatchObject({ message: "Cidade excluída com sucesso!" });
    const patos = db.select().from(cities).where(eq(cities.name, "Patos de Minas")).get()!;
    const ask = await callRoute(deleteRoute.loader, `/admin/delete?tipo=cidade&id=${patos.id}`, page(admin));
    expect(await ask.json()).toMatchObject({ blocked: "Patos de Minas - MG é a cidade padrão e não pode ser excluída." });
    const refused = await callRoute(deleteRoute.action, "/admin/delete", page(admin, { tipo: "cidade", id: String(patos.id), voltar: "/admin/cities" }));
    expect(await toastOf(refused)).toMatchObject({ type: "error", message: "Erro ao excluir cidade", description: "Patos de Minas - MG é a cidade padrão e não pode ser excluída." });
    expect(db.select().from(cities).where(eq(cities.id, patos.id)).get()).toBeDefined();
  });

  it("never sends anyone off the site", async () => {
    const city = db.insert(cities).values({ name: unique("Outra").slice(0, 30), state: "GO" }).returning().get();
    const response = await callRoute(deleteRoute.action, "/admin/delete", page(admin, { tipo: "cidade", id: String(city.id), voltar: "https://evil.example/" }));
    expect(response.headers.get("Location")).toBe("/admin/cities");
  });
});

// ---------------------------------------------------------------------------------------------
// Cities and the price
// ---------------------------------------------------------------------------------------------

describe("city pages", () => {
  it("creates a city: 'Cidade criada com sucesso!' and back to the Cidades section", async () => {
    const name = unique("Serra").slice(0, 30);
    const response = await callRoute(createCity.action, "/admin/create-city", page(admin, { name, state: "MG" }));
    expect(response.headers.get("Location")).toBe("/admin/cities");
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Cidade criada com sucesso!" });
    expect(db.select().from(cities).where(eq(cities.name, name)).get()).toMatchObject({ state: "MG" });
  });

  it.each([
    [{ name: "", state: "MG" }, { name: ["Nome da cidade é obrigatório"] }],
    [{ name: "Nome de cidade longo demais para caber", state: "MG" }, { name: ["Nome da cidade pode ter no máximo 30 caracteres"] }],
    [{ name: "Boa Vista", state: "" }, { state: ["Selecione um estado"] }],
    [{ name: "Boa Vista", state: "ZZ" }, { state: ["Selecione um estado"] }],
  ])("answers %j with %j and 'Erro ao criar cidade'", async (form, errors) => {
    const response = await callRoute(createCity.action, "/admin/create-city", page(admin, form));
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(body.result?.error).toMatchObject(errors);
    expect(body.toast).toMatchObject({ type: "error", message: "Erro ao criar cidade" });
  });

  it("refuses a duplicate with 'Erro ao criar cidade' and the reason", async () => {
    const response = await callRoute(createCity.action, "/admin/create-city", page(admin, { name: "Coromandel", state: "MG" }));
    expect(response.status).toBe(409);
    expect(((await response.json()) as Reply).toast).toMatchObject({ message: "Erro ao criar cidade", description: "Esta cidade já está cadastrada neste estado" });
  });

  it("lists the 27 states in the form's schema and marks the default city", async () => {
    const { BRAZILIAN_STATES } = await import("~/models/city/city-form");
    expect(BRAZILIAN_STATES).toHaveLength(27);
    const list = (await (await callRoute(adminCities.loader, "/admin/cities", page(admin))).json()) as { cities: { name: string; isDefault: boolean }[] };
    expect(list.cities.filter((c) => c.isDefault).map((c) => c.name)).toEqual(["Patos de Minas"]);
  });
});

describe("/admin/settings", () => {
  it("saves the price: 'Configuração atualizada com sucesso!'", async () => {
    const response = await callRoute(settingsPage.action, "/admin/settings", page(admin, { value: "4,20" }));
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Configuração atualizada com sucesso!" });
    const loaded = (await (await callRoute(settingsPage.loader, "/admin/settings", page(admin))).json()) as { priceCents: number };
    expect(loaded.priceCents).toBe(420);
  });

  it.each(["0", "-3", "abc", ""])("refuses %j: 'Erro na validação' / 'Por favor, insira um preço válido maior que zero.'", async (value) => {
    const response = await callRoute(settingsPage.action, "/admin/settings", page(admin, { value }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as Reply;
    expect(body.result?.error).toMatchObject({ value: ["Por favor, insira um preço válido maior que zero."] });
    expect(body.toast).toMatchObject({ type: "error", message: "Erro na validação", description: "Por favor, insira um preço válido maior que zero." });
  });
});

// ---------------------------------------------------------------------------------------------
// The moderation queue
// ---------------------------------------------------------------------------------------------

describe("/admin/moderation", () => {
  it("lists pending ads with the automatic reasons", async () => {
    const ad = insertAd({ categoryId: anyCategory().id, status: "pending" });
    const body = (await (await callRoute(moderation.loader, "/admin/moderation", page(admin))).json()) as {
      items: { id: number; moderation: { issues: string[] }; owner: { email: string } }[];
    };
    const item = body.items.find((i) => i.id === ad.id);
    expect(item).toMatchObject({ moderation: { issues: ["Preço muito abaixo do mercado"] }, owner: { email: user.email } });
  });

  it("approves: the ad is active and the decision recorded", async () => {
    const ad = insertAd({ categoryId: anyCategory().id, status: "pending" });
    const response = await callRoute(moderation.action, "/admin/moderation", page(admin, { adId: String(ad.id), decision: "approved", voltar: "/admin-old?aba=moderacao" }));
    expect(response.headers.get("Location")).toBe("/admin-old?aba=moderacao");
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Anúncio aprovado" });
    expect(db.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id)).get()).toEqual({ status: "active" });
    expect(db.select().from(moderationDecisions).where(eq(moderationDecisions.adId, ad.id)).get()).toMatchObject({ decision: "approved", userId: admin.id });
  });

  it("rejects with a reason; without one it says 'Informe o motivo da rejeição'", async () => {
    const ad = insertAd({ categoryId: anyCategory().id, status: "pending" });
    const missing = await callRoute(moderation.action, "/admin/moderation", page(admin, { adId: String(ad.id), decision: "rejected", reason: "" }));
    expect(await toastOf(missing)).toMatchObject({ type: "error", message: "Erro ao atualizar status", description: "Informe o motivo da rejeição" });
    expect(db.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id)).get()).toEqual({ status: "pending" });

    const response = await callRoute(moderation.action, "/admin/moderation", page(admin, { adId: String(ad.id), decision: "rejected", reason: "Produto proibido" }));
    expect(await toastOf(response)).toMatchObject({ type: "success", message: "Anúncio rejeitado" });
    expect(db.select({ status: ads.status }).from(ads).where(eq(ads.id, ad.id)).get()).toEqual({ status: "rejected" });
    expect(db.select().from(moderationDecisions).where(eq(moderationDecisions.adId, ad.id)).get()).toMatchObject({ decision: "rejected", reason: "Produto proibido" });
  });
});

describe("/admin/stats", () => {
  it("gives 30 São Paulo days ending today and 12 months", async () => {
    const body = (await (await callRoute(statsPage.loader, "/admin/stats", page(admin))).json()) as { report: { daily: { day: string }[]; monthly: unknown[] } };
    expect(body.report.daily).toHaveLength(30);
    expect(body.report.daily.at(-1)?.day).toBe(todayKey());
    expect(body.report.monthly).toHaveLength(12);
  });
});



describe("a refused form", () => {
  it("answers its toast in the page's own data, not in the toast cookie the page has already read", async () => {
    const response = await callRoute(createCity.action, "/admin/create-city", page(admin, { name: "" }));
    expect(await toastOf(response)).toBeNull();
    expect(((await response.json()) as Reply).toast).toEqual({ type: "error", message: "Erro ao criar cidade", description: "Nome da cidade é obrigatório" });
  });
});
