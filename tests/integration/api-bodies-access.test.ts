/**
 * Where the JSON API meets the spec (02 §3, §6, §7) on three cross-cutting points:
 * - adCost (a decimal string like price) is in the owner's and admins' ad JSON, never in public answers;
 * - who may act is answered before what was sent: another user's PUT /api/ads/{id} is 403 whatever the body;
 * - a JSON body that is not an object (null, [], 1, "x") is a 400 with a message, never a 500.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MANAGE_MESSAGES } from "~/models/ad/manage";
import { JSON_BODY_MESSAGES } from "~/web/http.server";
import { action as adsApiAction, loader as adsApiList } from "~/routes/api.ads";
import { action as adApi, loader as adApiGet } from "~/routes/api.ads.$id";
import { action as imagesApi } from "~/routes/api.ads.$id.images";
import { action as statusApi } from "~/routes/api.ads.$id.status";
import { action as moderationApi } from "~/routes/api.ads.$id_.moderation";
import { action as reportApi } from "~/routes/api.ads.$id_.report";
import { action as reviewRequestApi } from "~/routes/api.ads.$id_.review-request";
import { loader as publicAds } from "~/routes/api.ads.public";
import { action as loginApi } from "~/routes/api.auth.login";
import { action as categoriesApi } from "~/routes/api.categories";
import { action as characteristicsApi } from "~/routes/api.characteristics";
import { action as characteristicApi } from "~/routes/api.characteristics.$id";
import { action as paymentsCreateApi } from "~/routes/api.payments.create";
import { loader as adPage } from "~/routes/anuncio.$id";
import { adPageAt, categoryId, cityId, createUser, inDays, multipart, smallPng, subcategoryId, upload, type TestUser } from "../support/ad-fixtures";
import { insertAd, json, type Who } from "../support/manage";
import { callRoute } from "../support/route";

let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([createUser({ name: "Dona" }), createUser({ name: "Outro" }), createUser({ name: "Admin", isAdmin: true })]);
});

/** A raw JSON body (the text as sent, so `null` and `1` reach the server as they are). */
function raw(method: string, who: Who, text: string): { init: RequestInit } {
  return { init: { method, headers: { "Content-Type": "application/json", ...(who ? { Authorization: `Bearer ${who.token}` } : {}) }, body: text } };
}

type AdJson = { id: number; price: string; adCost?: string };

describe("adCost in the ad JSON (spec 02 §3)", () => {
  it("GET /api/ads/{id} carries it for the owner and an admin, not for anyone else", async () => {
    const ad = await insertAd(owner.id, { status: "active" }); // adCostCents 750
    for (const who of [owner, admin]) {
      const body = (await (await callRoute(adApiGet, `/api/ads/${ad.id}`, { params: { id: String(ad.id) }, ...json("GET", who) })).json()) as AdJson;
      expect(body.adCost).toBe("7.50");
      expect(body.price).toBe("1200.00");
    }
    for (const who of [other, null]) {
      const body = (await (await callRoute(adApiGet, `/api/ads/${ad.id}`, { params: { id: String(ad.id) }, ...json("GET", who) })).json()) as AdJson;
      expect(body.id).toBe(ad.id);
      expect(body).not.toHaveProperty("adCost");
    }
  });

  it("GET /api/ads lists it for the owner and for an admin", async () => {
    const ad = await insertAd(owner.id, { status: "paused" });
    for (const [who, query] of [
      [owner, `id=${ad.id}`],
      [admin, `id=${ad.id}`],
    ] as const) {
      const response = await callRoute(adsApiList, `/api/ads?${query}`, json("GET", who));
      const { ads } = (await response.json()) as { ads: AdJson[] };
      expect(ads.find((row) => row.id === ad.id)?.adCost).toBe("7.50");
    }
  });

  it("the PUT answer and the create answer (POST /api/ads) carry it", async () => {
    const ad = await insertAd(owner.id, { status: "active", createdDaysAgo: 5 });
    const edit = {
      adType: "Vender",
      categoryId: categoryId("Casa e Móveis"),
      subcategoryId: subcategoryId("Casa e Móveis", "Móveis"),
      title: ad.title,
      description: ad.description,
      price: "1300.00",
      whatsapp: "34988887777",
      expirationDate: inDays(10),
      status: "active",
    };
    const put = await callRoute(adApi, `/api/ads/${ad.id}`, { params: { id: String(ad.id) }, ...json("PUT", owner, edit) });
    expect(put.status).toBe(200);
    expect(((await put.json()) as AdJson).adCost).toBe("7.50");

    const form = multipart(
      {
        adType: "Vender",
        idCity: String(cityId("Patos de Minas")),
        categoryId: String(categoryId("Casa e Móveis")),
        subcategoryId: String(subcategoryId("Casa e Móveis", "Móveis")),
        title: "Sofá de três lugares",
        description: "Sofá de três lugares em tecido suede, bem conservado, sem rasgos.",
        price: "800.00",
        whatsapp: "34999887766",
        expirationDate: inDays(10),
      },
      [upload(await smallPng(), { name: "sofa.png", type: "image/png" })],
    );
    const created = await callRoute(adsApiAction, "/api/ads", { init: { method: "POST", headers: { Authorization: `Bearer ${owner.token}` }, body: form } });
    expect(created.status).toBe(201);
    expect(((await created.json()) as AdJson).adCost).toMatch(/^\d+\.\d{2}$/);
  });

  it("public answers never carry it: GET /api/ads/public and the ad page, even for the owner", async () => {
    // Paused: only its owner may open the page, so a 200 shows the owner was recognised.
    const ad = await insertAd(owner.id, { status: "paused" });
    const list = (await (await callRoute(publicAds, "/api/ads/public?limit=100")).json()) as { ads: AdJson[] };
    expect(list.ads.length).toBeGreaterThan(0);
    for (const card of list.ads) expect(card).not.toHaveProperty("adCost");
    const page = await callRoute(adPage, adPageAt(ad.id).path, { params: adPageAt(ad.id).params, init: { headers: { Authorization: `Bearer ${owner.token}`, Cookie: owner.cookie } } });
    expect(page.status).toBe(200);
    const data = (await page.json()) as { ad: AdJson };
    expect(data.ad.id).toBe(ad.id);
    expect(data.ad).not.toHaveProperty("adCost");
  });
});

describe("who may act comes before what was sent (spec 02 §6)", () => {
  it.each([
    ["no body", undefined],
    ["an empty object", "{}"],
    ["invalid fields", JSON.stringify({ title: "", price: "abc", categoryId: "x" })],
    ["a malformed JSON", "{nao json"],
    ["null", "null"],
  ])("PUT /api/ads/{id} by another user with %s → 403 'Acesso negado…'", async (_name, text) => {
    const ad = await insertAd(owner.id, { status: "active" });
    const init = text === undefined ? json("PUT", other) : raw("PUT", other, text);
    const response = await callRoute(adApi, `/api/ads/${ad.id}`, { params: { id: String(ad.id) }, ...init });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toBe(MANAGE_MESSAGES.notOwner);
  });

  it("PUT /api/ads/{id}/status by another user with a bad body → 404, as with a good one", async () => {
    const ad = await insertAd(owner.id, { status: "active" });
    for (const text of ["{}", "null", JSON.stringify({ status: "nada" })]) {
      const response = await callRoute(statusApi, `/api/ads/${ad.id}/status`, { params: { id: String(ad.id) }, ...raw("PUT", other, text) });
      expect(response.status).toBe(404);
      expect(((await response.json()) as { message: string }).message).toBe(MANAGE_MESSAGES.notFound);
    }
  });

  it("POST /api/ads/{id}/images by another user without a photo → 404, not the upload's 400", async () => {
    const ad = await insertAd(owner.id, { status: "active" });
    const response = await callRoute(imagesApi, `/api/ads/${ad.id}/images`, {
      params: { id: String(ad.id) },
      init: { method: "POST", headers: { Authorization: `Bearer ${other.token}` }, body: multipart({ nada: "x" }) },
    });
    expect(response.status).toBe(404);
  });

  it("POST /api/ads/{id}/moderation: an unknown ad is 404 and one not waiting is 409, whatever the body", async () => {
    const call = (id: number, text: string) => callRoute(moderationApi, `/api/ads/${id}/moderation`, { params: { id: String(id) }, ...raw("POST", admin, text) });
    expect((await call(999_999, "null")).status).toBe(404);
    const active = await insertAd(owner.id, { status: "active" });
    expect((await call(active.id, '{"decision": "talvez"}')).status).toBe(409);
  });

  it("POST /api/ads/{id}/review-request by another user with a bad body → 404", async () => {
    const ad = await insertAd(owner.id, { status: "rejected" });
    const response = await callRoute(reviewRequestApi, `/api/ads/${ad.id}/review-request`, { params: { id: String(ad.id) }, ...raw("POST", other, "[1, 2]") });
    expect(response.status).toBe(404);
  });
});

describe("a JSON body that is not an object is a 400, never a 500", () => {
  const BODIES = ["null", "[]", "1", '"x"'];

  type Case = { name: string; call: (text: string) => Promise<Response> };
  const cases: Case[] = [
    { name: "POST /api/characteristics", call: (text) => callRoute(characteristicsApi, "/api/characteristics", raw("POST", admin, text)) },
    { name: "PUT /api/characteristics/{id}", call: (text) => callRoute(characteristicApi, "/api/characteristics/1", { params: { id: "1" }, ...raw("PUT", admin, text) }) },
    { name: "POST /api/categories", call: (text) => callRoute(categoriesApi, "/api/categories", raw("POST", admin, text)) },
    {
      name: "POST /api/ads/{id}/moderation",
      call: async (text) => {
        const ad = await insertAd(owner.id, { status: "pending" });
        return callRoute(moderationApi, `/api/ads/${ad.id}/moderation`, { params: { id: String(ad.id) }, ...raw("POST", admin, text) });
      },
    },
    {
      name: "PUT /api/ads/{id} (the owner)",
      call: async (text) => {
        const ad = await insertAd(owner.id, { status: "active" });
        return callRoute(adApi, `/api/ads/${ad.id}`, { params: { id: String(ad.id) }, ...raw("PUT", owner, text) });
      },
    },
    {
      name: "PUT /api/ads/{id}/status (the owner)",
      call: async (text) => {
        const ad = await insertAd(owner.id, { status: "active" });
        return callRoute(statusApi, `/api/ads/${ad.id}/status`, { params: { id: String(ad.id) }, ...raw("PUT", owner, text) });
      },
    },
    {
      name: "POST /api/ads/{id}/review-request (the owner)",
      call: async (text) => {
        const ad = await insertAd(owner.id, { status: "rejected" });
        return callRoute(reviewRequestApi, `/api/ads/${ad.id}/review-request`, { params: { id: String(ad.id) }, ...raw("POST", owner, text) });
      },
    },
    {
      name: "POST /api/ads/{id}/report",
      call: async (text) => {
        const ad = await insertAd(owner.id, { status: "active" });
        return callRoute(reportApi, `/api/ads/${ad.id}/report`, { params: { id: String(ad.id) }, ...raw("POST", null, text) });
      },
    },
    { name: "POST /api/payments/create", call: (text) => callRoute(paymentsCreateApi, "/api/payments/create", raw("POST", owner, text)) },
    { name: "POST /api/auth/login", call: (text) => callRoute(loginApi, "/api/auth/login", raw("POST", null, text)) },
  ];

  for (const { name, call } of cases) {
    it.each(BODIES)(`${name} with the body %s → 400 with a message`, async (text) => {
      const response = await call(text);
      expect(response.status).toBe(400);
      const body = (await response.json()) as { message: string; details?: string[] };
      expect(body.message).toEqual(expect.stringMatching(/\S/));
      expect(body.details).toContain(JSON_BODY_MESSAGES.notObject);
    });
  }
});
