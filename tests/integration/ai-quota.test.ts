/**
 * "Gerar com IA" through the app (spec 02 §4, §7, §8): POST /api/ai/generate-description and
 * GET /api/ai/usage-status with the monthly quota (AI_MONTHLY_LIMIT=10) counted atomically in
 * ai_usage, the providers in order against local fake Gemini and OpenAI servers (each failing in turn),
 * and the per-provider counters. The environment names the fakes before any app module is loaded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FAKE_GEMINI_KEY, startFakeGemini, type FakeGemini } from "../support/fake-gemini";
import { FAKE_OPENAI_KEY, startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { callRoute } from "../support/route";

let gemini: FakeGemini;
let openai: FakeOpenAi;
let generate: typeof import("~/routes/api.ai.generate-description").action;
let status: typeof import("~/routes/api.ai.usage-status").loader;
let fixtures: typeof import("../support/ad-fixtures");
let usage: typeof import("~/models/ai-usage/ai-usage.server");

beforeAll(async () => {
  [gemini, openai] = await Promise.all([startFakeGemini(), startFakeOpenAi()]);
  process.env.AI_MONTHLY_LIMIT = "10";
  process.env.GEMINI_API_KEY = FAKE_GEMINI_KEY;
  process.env.GEMINI_BASE_URL = gemini.url;
  process.env.OPENAI_API_KEY = FAKE_OPENAI_KEY;
  process.env.OPENAI_BASE_URL = openai.baseURL;
  // Long enough for 20 concurrent calls on a busy test machine; the "hang" cases wait it out.
  process.env.AI_TIMEOUT_MS = "2000";
  generate = (await import("~/routes/api.ai.generate-description")).action;
  status = (await import("~/routes/api.ai.usage-status")).loader;
  fixtures = await import("../support/ad-fixtures");
  usage = await import("~/models/ai-usage/ai-usage.server");
});

afterAll(async () => {
  await Promise.all([gemini?.close(), openai?.close()]);
});

beforeEach(() => {
  gemini.reset();
  openai.reset();
  // The fall-throughs are logged; keep the output readable.
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

type Answer = { description: string; source: string; usage: { totalCalls: number; limit: number; remainingCalls: number; canUse: boolean }; message?: string };

const REQUEST = {
  adType: "Vender",
  categoryName: "Veículos",
  subcategoryName: "Motos",
  title: "Honda CG 160 Fan 2022",
  price: "R$ 15.500,00",
  characteristics: { ano: "2022", quilometragem: "18000" },
  customCharacteristics: { Garantia: "3 meses" },
  whatsapp: "(34) 9 9123-8841",
  maxLength: 400,
};

function ask(user: { token: string } | null, body: unknown = REQUEST) {
  return callRoute(generate, "/api/ai/generate-description", {
    init: {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(user ? { Authorization: `Bearer ${user.token}` } : {}) },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
  });
}

async function statusOf(user: { token: string }) {
  const response = await callRoute(status, "/api/ai/usage-status", { init: { headers: { Authorization: `Bearer ${user.token}` } } });
  expect(response.status).toBe(200);
  return response.json();
}

function countersOf(userId: number) {
  const rows = fixtures.usageRowOf(userId);
  expect(rows.length).toBeLessThanOrEqual(1);
  const row = rows[0];
  return row ? { totalCalls: row.totalCalls, geminiCalls: row.geminiCalls, openaiCalls: row.openaiCalls } : null;
}

describe("the monthly quota", () => {
  it("lets exactly 10 of 20 concurrent calls through; the other 10 get 429 'limit_reached'", async () => {
    const user = await fixtures.createUser();
    const responses = await Promise.all(Array.from({ length: 20 }, () => ask(user)));
    const answers = await Promise.all(responses.map(async (response) => ({ status: response.status, body: (await response.json()) as Answer })));

    const served = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 429);
    expect(served).toHaveLength(10);
    expect(refused).toHaveLength(10);
    // Gemini serves them unless one of the 20 waits past AI_TIMEOUT_MS on a loaded machine and falls
    // through to OpenAI: the quota is the point here, the order of the providers is tested below.
    for (const { body } of served) {
      expect(["gemini", "openai"]).toContain(body.source);
      expect(body.description.length).toBeGreaterThan(20);
    }
    const byOpenAi = served.filter((a) => a.body.source === "openai").length;
    // Each served call saw its own count: 1..10, never two the same.
    expect(served.map((a) => a.body.usage.totalCalls).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const { body } of refused) {
      expect(body).toEqual({
        description: "",
        source: "limit_reached",
        message: "Limite de 10 gerações mensais atingido",
        usage: { totalCalls: 10, limit: 10, remainingCalls: 0, canUse: false },
      });
    }
    // Refused calls never reached a provider; the counters match what was served.
    expect(gemini.requests).toHaveLength(10);
    expect(openai.requests).toHaveLength(byOpenAi);
    expect(countersOf(user.id)).toEqual({ totalCalls: 10, geminiCalls: 10 - byOpenAi, openaiCalls: byOpenAi });
    expect(await statusOf(user)).toEqual({ totalCalls: 10, limit: 10, remainingCalls: 0, canUse: false });

    // And it stays spent.
    const again = await ask(user);
    expect(again.status).toBe(429);
    expect(countersOf(user.id)!.totalCalls).toBe(10);
  });

  it("stops a script past 20 calls a minute (429 'Muitas gerações seguidas', Retry-After) without spending the quota", async () => {
    const user = await fixtures.createUser();
    const answers = [];
    // One after another, like a person pressing the button again and again: never stopped by the burst limit.
    for (let i = 0; i < 20; i++) answers.push(await ask(user));
    expect(answers.map((r) => r.status)).toEqual([...Array(10).fill(200), ...Array(10).fill(429)]);
    const tooFast = await ask(user);
    expect(tooFast.status).toBe(429);
    expect(await tooFast.json()).toEqual({ message: "Muitas gerações seguidas. Aguarde um minuto e tente de novo." });
    expect(Number(tooFast.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(countersOf(user.id)!.totalCalls).toBe(10);
  });

  it("keeps each user's quota apart", async () => {
    const [a, b] = await Promise.all([fixtures.createUser(), fixtures.createUser()]);
    for (let i = 0; i < 3; i++) expect((await ask(a)).status).toBe(200);
    expect(await statusOf(a)).toEqual({ totalCalls: 3, limit: 10, remainingCalls: 7, canUse: true });
    expect(await statusOf(b)).toEqual({ totalCalls: 0, limit: 10, remainingCalls: 10, canUse: true });
  });

  it("counts São Paulo months: 23:30 on the 30th of November is still November", async () => {
    // The model directly, with the clock given.
    {
      const user = await fixtures.createUser();
      const lateNovember = new Date("2026-12-01T02:30:00Z"); // 30/11 23:30 in São Paulo
      const earlyDecember = new Date("2026-12-01T03:10:00Z"); // 01/12 00:10
      for (let i = 0; i < 10; i++) expect(usage.reserveCall(user, lateNovember)).toBe(i + 1);
      expect(usage.reserveCall(user, lateNovember)).toBeNull();
      expect(usage.usageStatus(user, lateNovember)).toEqual({ totalCalls: 10, limit: 10, remainingCalls: 0, canUse: false });
      expect(usage.usageStatus(user, earlyDecember)).toEqual({ totalCalls: 0, limit: 10, remainingCalls: 10, canUse: true });
      expect(usage.reserveCall(user, earlyDecember)).toBe(1);
      expect(fixtures.usageRowOf(user.id).map((row) => [row.month, row.totalCalls]).sort()).toEqual([
        ["2026-11", 10],
        ["2026-12", 1],
      ]);
    }
  });

  it("does not spend the quota on a refused request", async () => {
    const user = await fixtures.createUser();
    expect((await ask(user, "não é json")).status).toBe(400);
    expect((await ask(user, { ...REQUEST, categoryName: "" })).status).toBe(400);
    expect((await ask(user, { ...REQUEST, adType: undefined })).status).toBe(400);
    expect((await ask(user, { ...REQUEST, maxLength: 5000 })).status).toBe(400);
    expect((await ask(user, { ...REQUEST, title: "t".repeat(201) })).status).toBe(400);
    expect(countersOf(user.id)).toBeNull();
    expect(gemini.requests).toHaveLength(0);
  });

  it("answers 401 to anonymous callers, for both endpoints", async () => {
    expect((await ask(null)).status).toBe(401);
    expect((await callRoute(status, "/api/ai/usage-status")).status).toBe(401);
  });

  it("answers 405 to GET on the generator", async () => {
    const user = await fixtures.createUser();
    const response = await callRoute(generate, "/api/ai/generate-description", { init: { method: "GET", headers: { Authorization: `Bearer ${user.token}` } } });
    expect(response.status).toBe(405);
  });
});

describe("each provider failing in turn", () => {
  it("Gemini answers first, with the ad's facts, and is counted", async () => {
    const user = await fixtures.createUser();
    const response = await ask(user);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Answer;
    expect(body.source).toBe("gemini");
    expect(body.usage).toEqual({ totalCalls: 1, limit: 10, remainingCalls: 9, canUse: true });
    const sent = gemini.requests[0]!.texts.join("\n");
    expect(sent).toContain("Honda CG 160 Fan 2022");
    expect(sent).not.toContain("15.500"); // the request's price stays out of the text
    expect(sent).toContain("Garantia");
    expect(openai.requests).toHaveLength(0);
    expect(countersOf(user.id)).toEqual({ totalCalls: 1, geminiCalls: 1, openaiCalls: 0 });
  });

  it.each(["error500", "hang", "malformed", "blocked", "empty"] as const)("Gemini %s → OpenAI answers, and is counted as OpenAI", async (mode) => {
    const user = await fixtures.createUser();
    gemini.setMode(mode);
    const body = (await (await ask(user)).json()) as Answer;
    expect(body.source).toBe("openai");
    expect(body.description).toContain("nota fiscal");
    expect(gemini.requests).toHaveLength(1);
    expect(openai.requests).toHaveLength(1);
    expect(countersOf(user.id)).toEqual({ totalCalls: 1, geminiCalls: 0, openaiCalls: 1 });
  });

  it.each(["error500", "hang", "malformed", "empty"] as const)("Gemini down and OpenAI %s → the local writer, still one call of the quota", async (mode) => {
    const user = await fixtures.createUser();
    gemini.setMode("error500");
    openai.setMode(mode);
    const body = (await (await ask(user)).json()) as Answer;
    expect(body.source).toBe("local");
    expect(body.description.length).toBeGreaterThan(40);
    expect(body.description.length).toBeLessThanOrEqual(400);
    expect(body.description).toContain("Honda CG 160 Fan 2022");
    expect(countersOf(user.id)).toEqual({ totalCalls: 1, geminiCalls: 0, openaiCalls: 0 });
    expect(await statusOf(user)).toEqual({ totalCalls: 1, limit: 10, remainingCalls: 9, canUse: true });
  });

  it("cuts a long AI answer to 400 characters", async () => {
    const user = await fixtures.createUser();
    gemini.setReply(() => "Moto muito conservada, revisões em dia e pneus novos. ".repeat(40));
    const body = (await (await ask(user)).json()) as Answer;
    expect(body.source).toBe("gemini");
    expect(body.description.length).toBeLessThanOrEqual(400);
    expect(body.description.length).toBeGreaterThan(300);
  });

  it("counts a mixed month right: gemini, openai and local calls add up to the total", async () => {
    const user = await fixtures.createUser();
    await ask(user); // gemini
    gemini.setMode("error500");
    await ask(user); // openai
    await ask(user); // openai
    openai.setMode("error500");
    await ask(user); // local
    expect(countersOf(user.id)).toEqual({ totalCalls: 4, geminiCalls: 1, openaiCalls: 2 });
    expect(await statusOf(user)).toEqual({ totalCalls: 4, limit: 10, remainingCalls: 6, canUse: true });
  });
});
