/**
 * The permission matrix of managing ads (spec 02 §4, §6): anonymous, the owner, another user and an
 * admin × every action × every status, through the JSON API (GET /api/ads, PUT/DELETE /api/ads/{id},
 * PUT /api/ads/{id}/status) and through the pages' forms (/dashboard's intents, /edit-ad/{id}).
 * Every cell gets an ad of its own, so each outcome is read from the database afterwards too.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads, payments } from "~/db/schema";
import { MANAGE_MESSAGES } from "~/models/ad/manage";
import { getAdPricePerDayCents } from "~/models/setting/setting.server";
import { action as adsApiAction, loader as adsApiList } from "~/routes/api.ads";
import { action as adApi } from "~/routes/api.ads.$id";
import { action as imagesApi } from "~/routes/api.ads.$id.images";
import { action as statusApi } from "~/routes/api.ads.$id.status";
import { loader as statsApi } from "~/routes/api.ads.stats";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/dashboard";
import { action as editAction, loader as editLoader } from "~/routes/edit-ad.$id";
import { categoryId, createUser, inDays, multipart, smallPng, subcategoryId, upload, type TestUser } from "../support/ad-fixtures";
import { adNow, formPost, insertAd, json, MATRIX_STATES, pageHeaders, type Who } from "../support/manage";
import { callRoute } from "../support/route";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([createUser({ name: "Dona" }), createUser({ name: "Outro" }), createUser({ name: "Admin", isAdmin: true })]);
});

const STATES = Object.keys(MATRIX_STATES);
type Actor = "anonymous" | "owner" | "other" | "admin";
const ACTORS: Actor[] = ["anonymous", "owner", "other", "admin"];
const who = (actor: Actor): Who => ({ anonymous: null, owner, other, admin })[actor];

/** Expected answers, by actor, in the order of STATES (active, paused, pp today, pp earlier, expired, rejected, pending). */
type Row = Record<Actor, number[]>;

const newAd = (state: string) => insertAd(owner.id, MATRIX_STATES[state]!);

function cells(table: Row) {
  return ACTORS.flatMap((actor) => STATES.map((state, i) => ({ actor, state, expected: table[actor][i]! })));
}

describe("DELETE /api/ads/{id}", () => {
  // Owners: pending_payment or expired. Admins: active or paused. Someone else's ad is not there at all.
  const table: Row = {
    anonymous: [401, 401, 401, 401, 401, 401, 401],
    owner: [409, 409, 200, 200, 200, 409, 409],
    other: [404, 404, 404, 404, 404, 404, 404],
    admin: [200, 200, 409, 409, 409, 409, 409],
  };
  it.each(cells(table))("$actor × $state → $expected", async ({ actor, state, expected }) => {
    const ad = await newAd(state);
    const response = await callRoute(adApi, `/api/ads/${ad.id}`, { params: { id: String(ad.id) }, ...json("DELETE", who(actor)) });
    expect(response.status).toBe(expected);
    expect(Boolean(adNow(ad.id))).toBe(expected !== 200);
    if (expected === 409) {
      const body = (await response.json()) as { title: string; message: string };
      expect(body.title).toBe(MANAGE_MESSAGES.deleteTitle);
      expect(body.message).toBe(actor === "admin" ? MANAGE_MESSAGES.adminDeleteOnly : MANAGE_MESSAGES.userDeleteOnly);
    }
  });
});

describe("PUT /api/ads/{id}/status", () => {
  // An owner may pause an active ad and reactivate a paused one; nothing else. Admins set active, paused, pending_payment.
  const toPaused: Row = {
    anonymous: [401, 401, 401, 401, 401, 401, 401],
    owner: [200, 409, 409, 409, 409, 409, 409],
    other: [404, 404, 404, 404, 404, 404, 404],
    admin: [200, 200, 200, 200, 200, 200, 200],
  };
  const toActive: Row = {
    anonymous: [401, 401, 401, 401, 401, 401, 401],
    owner: [409, 200, 409, 409, 409, 409, 409],
    other: [404, 404, 404, 404, 404, 404, 404],
    admin: [200, 200, 200, 200, 200, 200, 200],
  };
  const put = (id: number, actor: Actor, status: string) =>
    callRoute(statusApi, `/api/ads/${id}/status`, { params: { id: String(id) }, ...json("PUT", who(actor), { status }) });

  it.each(cells(toPaused))("paused: $actor × $state → $expected", async ({ actor, state, expected }) => {
    const ad = await newAd(state);
    expect((await put(ad.id, actor, "paused")).status).toBe(expected);
    expect(adNow(ad.id)!.status).toBe(expected === 200 ? "paused" : ad.status);
  });

  it.each(cells(toActive))("active: $actor × $state → $expected", async ({ actor, state, expected }) => {
    const ad = await newAd(state);
    expect((await put(ad.id, actor, "active")).status).toBe(expected);
    expect(adNow(ad.id)!.status).toBe(expected === 200 ? "active" : ad.status);
  });

  it("lets an admin set pending_payment, never rejected or expired; an owner never pending_payment", async () => {
    const ad = await newAd("active");
    expect((await put(ad.id, "owner", "pending_payment")).status).toBe(409);
    expect((await put(ad.id, "admin", "rejected")).status).toBe(409);
    expect((await put(ad.id, "admin", "expired")).status).toBe(409);
    expect((await put(ad.id, "admin", "pending_payment")).status).toBe(200);
    expect(adNow(ad.id)!.status).toBe("pending_payment");
    expect((await put(ad.id, "owner", "nonsense")).status).toBe(400);
  });
});

/** A valid update payload, with the fields a client may not set thrown in. */
function updateBody(stored: { status: string }, state: string, extra: Record<string, unknown> = {}) {
  return {
    adType: "Trocar",
    categoryId: categoryId("Casa e Móveis"),
    subcategoryId: subcategoryId("Casa e Móveis", "Móveis"),
    title: "",
    description: "Mesa de jantar renovada, com seis cadeiras estofadas.",
    price: 1500.5,
    whatsapp: "34988887777",
    expirationDate: inDays(10),
    ...(state === "expired" ? {} : { status: stored.status }),
    adCost: "0.01",
    views: 999_999,
    userId: other.id,
    ...extra,
  };
}

describe("PUT /api/ads/{id}", () => {
  // Owners edit active ads, ads awaiting payment since an earlier day, and expired ones (a reactivation).
  const table: Row = {
    anonymous: [401, 401, 401, 401, 401, 401, 401],
    owner: [200, 409, 409, 200, 200, 409, 409],
    other: [403, 403, 403, 403, 403, 403, 403],
    admin: [200, 200, 200, 200, 200, 200, 200],
  };
  it.each(cells(table))("$actor × $state → $expected", async ({ actor, state, expected }) => {
    const ad = await newAd(state);
    const response = await callRoute(adApi, `/api/ads/${ad.id}`, { params: { id: String(ad.id) }, ...json("PUT", who(actor), updateBody(ad, state)) });
    expect(response.status).toBe(expected);
    const after = adNow(ad.id)!;
    // Never set by a client: views, owner; the cost only ever by the server.
    expect(after.views).toBe(7);
    expect(after.userId).toBe(owner.id);
    if (expected !== 200) {
      expect(after.updatedAt.getTime()).toBe(ad.updatedAt.getTime());
      if (actor === "other") expect(((await response.json()) as { message: string }).message).toBe(MANAGE_MESSAGES.notOwner);
      return;
    }
    expect(after.adType).toBe("Trocar");
    expect(after.title).toBe("Trocar - Casa e Móveis");
    expect(after.priceCents).toBe(150050);
    expect(after.whatsapp).toBe("(34) 9 8888-7777");
    expect(after.adCostCents).not.toBe(1);
    if (state === "expired") expect(after.status).toBe("pending_payment");
    else expect(after.status).toBe(ad.status);
  });

  it("keeps the date of an active ad and refuses an owner's status it may not reach", async () => {
    const ad = await newAd("active");
    const put = (body: Record<string, unknown>) => callRoute(adApi, `/api/ads/${ad.id}`, { params: { id: String(ad.id) }, ...json("PUT", owner, body) });
    expect((await put(updateBody(ad, "active", { expirationDate: inDays(200) }))).status).toBe(200);
    expect(adNow(ad.id)!.expirationDate.getTime()).toBe(ad.expirationDate.getTime());
    const refused = await put(updateBody(ad, "active", { status: "pending_payment" }));
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { details: string[] }).details[0]).toMatch(/^status: Não é possível alterar o status/);
    const missing = await put(updateBody(ad, "active", { status: undefined }));
    expect(((await missing.json()) as { message: string }).message).toBe(MANAGE_MESSAGES.statusRequired);
    // Pausing through the edit is the owner's right.
    expect((await put(updateBody(ad, "active", { status: "paused" }))).status).toBe(200);
    expect(adNow(ad.id)!.status).toBe("paused");
  });

  it("ignores a status sent for an ad awaiting payment: it stays pending_payment, with the new cost", async () => {
    const ad = await newAd("pending_payment (earlier)");
    const response = await callRoute(adApi, `/api/ads/${ad.id}`, {
      params: { id: String(ad.id) },
      ...json("PUT", owner, updateBody(ad, "pending_payment (earlier)", { status: "active", expirationDate: inDays(6) })),
    });
    expect(response.status).toBe(200);
    const after = adNow(ad.id)!;
    expect(after.status).toBe("pending_payment");
    expect(after.adCostCents).toBeGreaterThan(0);
  });

  it("sends changed text through the moderation again: refused → 422 with the reasons, nothing saved", async () => {
    const ad = await newAd("active");
    const response = await callRoute(adApi, `/api/ads/${ad.id}`, {
      params: { id: String(ad.id) },
      ...json("PUT", owner, updateBody(ad, "active", { description: "Vendo revolver calibre 38 com munição." })),
    });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { message: string; details: string[] };
    expect(body.message).toBe("Anúncio rejeitado automaticamente");
    expect(body.details.join(" ")).toMatch(/armas/i);
    expect(adNow(ad.id)!.description).toBe(ad.description);

    // A word that needs a person: the owner's live ad waits in the admin queue.
    const review = await newAd("active");
    const queued = await callRoute(adApi, `/api/ads/${review.id}`, {
      params: { id: String(review.id) },
      ...json("PUT", owner, updateBody(review, "active", { description: "Óleo de CBD importado, frasco lacrado." })),
    });
    expect(queued.status).toBe(200);
    expect(adNow(review.id)!.status).toBe("pending");
    expect(adNow(review.id)!.moderation?.recommendation).toBe("needs_review");
  });

  it("answers the spec's validation messages", async () => {
    const ad = await newAd("active");
    const put = (body: Record<string, unknown>) => callRoute(adApi, `/api/ads/${ad.id}`, { params: { id: String(ad.id) }, ...json("PUT", owner, body) });
    const message = async (body: Record<string, unknown>) => ((await (await put(body)).json()) as { message: string }).message;
    expect(await message(updateBody(ad, "active", { description: "  " }))).toBe("Descrição é obrigatória");
    expect(await message(updateBody(ad, "active", { adType: "" }))).toBe("Tipo é obrigatório");
    expect(await message(updateBody(ad, "active", { categoryId: 0 }))).toBe("Categoria é obrigatória");
    expect(await message(updateBody(ad, "active", { price: "9000000,01" }))).toBe("Valor máximo permitido é R$ 9.000.000,00");
    const expired = await newAd("expired");
    const reactivate = (body: Record<string, unknown>) =>
      callRoute(adApi, `/api/ads/${expired.id}`, { params: { id: String(expired.id) }, ...json("PUT", owner, body) });
    expect(((await (await reactivate(updateBody(expired, "expired", { expirationDate: "" }))).json()) as { message: string }).message).toBe(
      "Data de expiração é obrigatória",
    );
    expect(((await (await reactivate(updateBody(expired, "expired", { expirationDate: inDays(2) }))).json()) as { message: string }).message).toBe("* mínimo 3 dias");
    expect(adNow(expired.id)!.status).toBe("active");
  });
});

describe("POST /api/ads/{id}/images (the photo manager's twin)", () => {
  // Photos change like the ad itself, except that an ad awaiting payment keeps them editable on its first day.
  const table: Row = {
    anonymous: [401, 401, 401, 401, 401, 401, 401],
    owner: [201, 409, 201, 201, 201, 409, 409],
    other: [404, 404, 404, 404, 404, 404, 404],
    admin: [201, 201, 201, 201, 201, 201, 201],
  };
  it.each(cells(table))("$actor × $state → $expected", async ({ actor, state, expected }) => {
    const ad = await newAd(state);
    const body = multipart({}, [upload(await smallPng(), { field: "image", name: "foto.png", type: "image/png" })]);
    const response = await callRoute(imagesApi, `/api/ads/${ad.id}/images`, { params: { id: String(ad.id) }, init: { method: "POST", headers: json("POST", who(actor)).init.headers, body } });
    expect(response.status).toBe(expected);
  });
});

describe("GET /api/ads and /api/ads/stats", () => {
  it("gives a user only their own ads, whatever userId says; an admin everyone's, or one user's", async () => {
    const mine = await newAd("active");
    const list = async (user: Who, query = "") => {
      const response = await callRoute(adsApiList, `/api/ads?limit=100${query}`, json("GET", user));
      expect(response.status).toBe(user ? 200 : 401);
      return user ? ((await response.json()) as { ads: { id: number; user: { id: number } }[]; total: number }) : null;
    };
    expect((await list(owner))!.ads.map((ad) => ad.id)).toContain(mine.id);
    const stolen = (await list(other, `&userId=${owner.id}`))!;
    expect(stolen.ads.every((ad) => ad.user.id === other.id)).toBe(true);
    expect(stolen.ads.map((ad) => ad.id)).not.toContain(mine.id);
    expect((await list(other, `&id=${mine.id}`))!.total).toBe(0);
    expect((await list(admin, `&id=${mine.id}`))!.ads.map((ad) => ad.id)).toEqual([mine.id]);
    expect((await list(admin, `&userId=${owner.id}`))!.ads.every((ad) => ad.user.id === owner.id)).toBe(true);
    await list(null);
  });

  it("filters by effective status, sorts newest first and takes only the spec's page sizes", async () => {
    const user = await createUser({ name: "Filtros" });
    const active = await insertAd(user.id, { status: "active", createdDaysAgo: 3 });
    const expired = await insertAd(user.id, { status: "active", createdDaysAgo: 2, lastDayInDays: -1 });
    const paused = await insertAd(user.id, { status: "paused", createdDaysAgo: 1 });
    const ids = async (query: string) =>
      ((await (await callRoute(adsApiList, `/api/ads?${query}`, json("GET", user))).json()) as { ads: { id: number; status: string }[] }).ads.map((ad) => ad.id);
    expect(await ids("sortBy=createdAt&sortOrder=desc")).toEqual([paused.id, expired.id, active.id]);
    expect(await ids("status=expired")).toEqual([expired.id]);
    expect(await ids("status=active")).toEqual([active.id]);
    expect((await callRoute(adsApiList, "/api/ads?limit=30", json("GET", user))).status).toBe(400);
    expect((await callRoute(adsApiList, "/api/ads?sortBy=views", json("GET", user))).status).toBe(400);
    const stats = await (await callRoute(statsApi, `/api/ads/stats?userId=${owner.id}&statsOnly=true`, json("GET", user))).json();
    expect(stats).toEqual({ totalAds: 3, activeAds: 1, pendingPaymentAds: 0, pausedAds: 1, expiredAds: 1, soldAds: 0, totalViews: 21 });
    expect((await callRoute(statsApi, "/api/ads/stats", json("GET", null))).status).toBe(401);
  });

  it("refuses other methods", async () => {
    expect((await callRoute(adsApiAction, "/api/ads", json("PUT", owner, {}))).status).toBe(405);
    expect((await callRoute(adApi, "/api/ads/1", { params: { id: "1" }, ...json("POST", owner, {}) })).status).toBe(405);
  });
});

describe("the dashboard's forms", () => {
  const post = (actor: Actor, fields: Record<string, string>) => callRoute(dashboardAction, "/dashboard", formPost(who(actor), fields));

  it("sends anonymous visitors to /login with 'Acesso negado' and the way back", async () => {
    const response = await callRoute(dashboardLoader, "/dashboard?status=active");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard%3Fstatus%3Dactive");
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
    expect((await post("anonymous", { intent: "pause", id: "1" })).headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  // The same outcomes as the API, through the intents.
  const deletes: Row = {
    anonymous: [0, 0, 0, 0, 0, 0, 0],
    owner: [0, 0, 1, 1, 1, 0, 0],
    other: [0, 0, 0, 0, 0, 0, 0],
    admin: [1, 1, 0, 0, 0, 0, 0],
  };
  it.each(cells(deletes))("delete: $actor × $state → removed: $expected", async ({ actor, state, expected }) => {
    const ad = await newAd(state);
    const response = await post(actor, { intent: "delete", id: String(ad.id), back: "/dashboard?page=2" });
    expect(response.status).toBe(302);
    expect(Boolean(adNow(ad.id))).toBe(expected === 0);
    if (actor !== "anonymous") expect(response.headers.get("Location")).toBe("/dashboard?page=2");
  });

  const pauses: Row = {
    anonymous: [0, 0, 0, 0, 0, 0, 0],
    owner: [1, 0, 0, 0, 0, 0, 0],
    other: [0, 0, 0, 0, 0, 0, 0],
    admin: [1, 1, 1, 1, 1, 1, 1],
  };
  it.each(cells(pauses))("pause: $actor × $state → paused: $expected", async ({ actor, state, expected }) => {
    const ad = await newAd(state);
    await post(actor, { intent: "pause", id: String(ad.id) });
    expect(adNow(ad.id)!.status).toBe(expected ? "paused" : ad.status);
  });

  const reactivations: Row = {
    anonymous: [0, 0, 0, 0, 0, 0, 0],
    owner: [0, 1, 0, 0, 0, 0, 0],
    other: [0, 0, 0, 0, 0, 0, 0],
    admin: [1, 1, 1, 1, 1, 1, 1],
  };
  it.each(cells(reactivations))("reactivate: $actor × $state → active: $expected", async ({ actor, state, expected }) => {
    const ad = await newAd(state);
    await post(actor, { intent: "reactivate", id: String(ad.id) });
    expect(adNow(ad.id)!.status).toBe(expected ? "active" : ad.status);
  });

  it("lets only admins use the status menu", async () => {
    const ad = await newAd("active");
    await post("owner", { intent: "set-status", id: String(ad.id), status: "pending_payment" });
    expect(adNow(ad.id)!.status).toBe("active");
    await post("admin", { intent: "set-status", id: String(ad.id), status: "pending_payment" });
    expect(adNow(ad.id)!.status).toBe("pending_payment");
  });

  it("sends 'Reativar Anúncio' of an expired ad to the edit page with the 5-second toast, and nothing else", async () => {
    const expired = await newAd("expired");
    const response = await post("owner", { intent: "reactivate-expired", id: String(expired.id) });
    expect(response.headers.get("Location")).toBe(`/edit-ad/${expired.id}?reactivate=true`);
    expect(response.headers.get("Set-Cookie")).toMatch(/^toast=/);
    const active = await newAd("active");
    expect((await post("owner", { intent: "reactivate-expired", id: String(active.id) })).headers.get("Location")).toBe("/dashboard");
    expect((await post("other", { intent: "reactivate-expired", id: String(expired.id) })).headers.get("Location")).toBe("/dashboard");
  });

  it("never redirects outside the dashboard", async () => {
    const ad = await newAd("active");
    const response = await post("owner", { intent: "pause", id: String(ad.id), back: "https://evil.example/x" });
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});

describe("the edit page", () => {
  const open = (actor: Actor, id: number, query = "") => callRoute(editLoader, `/edit-ad/${id}${query}`, { params: { id: String(id) }, init: { headers: pageHeaders(who(actor)) } });

  const opens: Row = {
    anonymous: [302, 302, 302, 302, 302, 302, 302],
    // Paused: the 'Anúncio Pausado' notice (200); expired: first to ?reactivate=true.
    owner: [200, 200, 409, 200, 302, 409, 409],
    other: [403, 403, 403, 403, 403, 403, 403],
    admin: [200, 200, 200, 200, 302, 200, 200],
  };
  it.each(cells(opens))("opens: $actor × $state → $expected", async ({ actor, state, expected }) => {
    const ad = await newAd(state);
    const response = await open(actor, ad.id);
    expect(response.status).toBe(expected);
    if (expected === 302 && actor !== "anonymous") expect(response.headers.get("Location")).toBe(`/edit-ad/${ad.id}?reactivate=true`);
    if (expected === 403) expect(((await response.json()) as { message: string }).message).toBe(MANAGE_MESSAGES.notOwner);
    if (expected === 409) expect(((await response.json()) as { message: string }).message).toMatch(/^Este anúncio não pode ser editado no momento\. Status: /);
    if (state === "paused" && actor === "owner") expect(((await response.json()) as { mode: string }).mode).toBe("paused");
  });

  const save = (actor: Actor, id: number, fields: Record<string, string>, query = "") =>
    callRoute(editAction, `/edit-ad/${id}${query}`, { params: { id: String(id) }, ...formPost(who(actor), { intent: "save", ...fields }) });
  const fields = (extra: Record<string, string> = {}) => ({
    adType: "Vender",
    categoryId: String(categoryId("Casa e Móveis")),
    subcategoryId: String(subcategoryId("Casa e Móveis", "Móveis")),
    title: "Mesa de jantar de peroba",
    description: "Mesa de jantar de peroba com seis cadeiras.",
    price: "R$ 1.500,00",
    whatsapp: "",
    ...extra,
  });

  it("saves an active ad and goes back to the dashboard with 'Anúncio atualizado com sucesso.'", async () => {
    const ad = await newAd("active");
    const response = await save("owner", ad.id, fields({ status: "active" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(adNow(ad.id)!.title).toBe("Mesa de jantar de peroba");
  });

  it("reactivates an expired ad: pending_payment, the new date and cost, then /payment/{id}", async () => {
    const ad = await newAd("expired");
    const response = await save("owner", ad.id, fields({ expirationDate: inDays(8), status: "active" }), "?reactivate=true");
    expect(response.headers.get("Location")).toBe(`/payment/${ad.id}`);
    const after = adNow(ad.id)!;
    expect(after.status).toBe("pending_payment");
    expect(after.expirationDate.getTime()).toBeGreaterThan(Date.now());
    expect(after.adCostCents).toBe(8 * getAdPricePerDayCents());
  });

  it("sends an edited ad awaiting payment to its payment", async () => {
    const ad = await newAd("pending_payment (earlier)");
    const response = await save("owner", ad.id, fields({ expirationDate: inDays(10) }));
    expect(response.headers.get("Location")).toBe(`/payment/${ad.id}`);
  });

  it("answers 400 with the fields' messages and saves nothing", async () => {
    const ad = await newAd("active");
    const response = await save("owner", ad.id, fields({ description: "", status: "" }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(body.result.error.description).toEqual(["Descrição é obrigatória"]);
    expect(adNow(ad.id)!.description).toBe(ad.description);
  });

  it("refuses a paused ad's edit and another user's", async () => {
    const paused = await newAd("paused");
    expect((await save("owner", paused.id, fields({ status: "paused" }))).headers.get("Location")).toBe(`/edit-ad/${paused.id}`);
    expect(adNow(paused.id)!.title).toBe(paused.title);
    const active = await newAd("active");
    expect((await save("other", active.id, fields({ status: "active" }))).headers.get("Location")).toBe("/dashboard");
    expect(adNow(active.id)!.title).toBe(active.title);
  });

  it("keeps a deleted ad's payments, moved to the archive", async () => {
    const ad = await newAd("expired");
    db.insert(payments).values({ adId: ad.id, userId: owner.id, amountCents: 750, paymentMethod: "PIX", status: "received", metadata: { payerName: "Dona" } }).run();
    await post("owner", { intent: "delete", id: String(ad.id) });
    expect(adNow(ad.id)).toBeUndefined();
    const kept = db.select().from(payments).where(eq(payments.userId, owner.id)).all();
    expect(kept.some((payment) => (payment.metadata as { removedAd?: { id: number } }).removedAd?.id === ad.id)).toBe(true);
    const holder = db.select().from(ads).where(eq(ads.id, kept[0]!.adId)).get()!;
    expect(holder.status).toBe("paused");
    expect(holder.expirationDate.getTime()).toBe(0);
  });

  const post = (actor: Actor, fields: Record<string, string>) => callRoute(dashboardAction, "/dashboard", formPost(who(actor), fields));
});
