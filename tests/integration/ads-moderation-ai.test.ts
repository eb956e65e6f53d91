/**
 * The automatic moderation of a created ad with AI providers configured (spec 02 §1, §8): Gemini sees
 * the text and the stored photos, then OpenAI's moderation endpoint, then the local rules — each
 * failing in turn against local fakes. The local rules are a floor under any AI approval. A rejected
 * ad is not created and leaves no photo; "needs_review" is created and remembered.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { FAKE_GEMINI_KEY, startFakeGemini, type FakeGemini } from "../support/fake-gemini";
import { FAKE_OPENAI_KEY, startFakeOpenAi, type FakeOpenAi } from "../support/fake-openai";
import { callRoute } from "../support/route";

let gemini: FakeGemini;
let openai: FakeOpenAi;
let createAdApi: typeof import("~/routes/api.ads").action;
let f: typeof import("../support/ad-fixtures");
let user: Awaited<ReturnType<typeof f.createUser>>;

beforeAll(async () => {
  [gemini, openai] = await Promise.all([startFakeGemini(), startFakeOpenAi()]);
  process.env.GEMINI_API_KEY = FAKE_GEMINI_KEY;
  process.env.GEMINI_BASE_URL = gemini.url;
  process.env.OPENAI_API_KEY = FAKE_OPENAI_KEY;
  process.env.OPENAI_BASE_URL = openai.baseURL;
  process.env.AI_TIMEOUT_MS = "1500";
  createAdApi = (await import("~/routes/api.ads")).action;
  f = await import("../support/ad-fixtures");
  user = await f.createUser();
});

afterAll(async () => {
  await Promise.all([gemini?.close(), openai?.close()]);
});

beforeEach(() => {
  gemini.reset();
  openai.reset();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

type Refusal = { message: string; details: string[]; suggestion?: string };

function fields(description: string, title = "") {
  return {
    adType: "Vender",
    idCity: String(f.cityId()),
    categoryId: String(f.categoryId("Eletrônicos e Celulares")),
    subcategoryId: String(f.subcategoryId("Eletrônicos e Celulares", "Celulares e Smartphones")),
    title,
    expirationDate: f.inDays(4),
    description,
  };
}

async function post(description: string, photos = 2, title = "") {
  const files = await Promise.all(Array.from({ length: photos }, async (_, i) => f.upload(await f.cameraJpeg({ width: 900, height: 600 }), { name: `c${i}.jpg` })));
  return callRoute(createAdApi, "/api/ads", { init: { method: "POST", headers: f.bearer(user), body: f.multipart(fields(description, title), files) } });
}

const rejectEverything = (suggestion: string) => () =>
  JSON.stringify({ recommendation: "rejected", confidence: 0.97, issues: ["Foto mostra produto diferente do anunciado"], suggestion });

describe("POST /api/ads with AI moderation", () => {
  it("asks Gemini with the text and the stored photos (re-encoded JPEGs), and stores its approval", async () => {
    const response = await post("Samsung Galaxy S21 128 GB, tela perfeita, com carregador.", 2, "Galaxy S21");
    expect(response.status).toBe(201);
    const ad = f.adRow(((await response.json()) as { id: number }).id)!;
    expect(ad.moderation).toMatchObject({ recommendation: "approved", provider: "gemini" });
    expect(ad.moderation?.notes ?? []).toEqual([]);
    expect(gemini.requests).toHaveLength(1);
    const [request] = gemini.requests;
    expect(request!.wantsJson).toBe(true);
    expect(request!.texts.join("\n")).toContain("Samsung Galaxy S21 128 GB");
    expect(request!.texts.join("\n")).toContain("Galaxy S21");
    expect(request!.images).toHaveLength(2);
    for (const image of request!.images) {
      expect(image.mimeType).toBe("image/jpeg");
      // What was stored, not what was sent: no EXIF from the camera reaches the provider either.
      expect(image.bytes.includes("Fulano")).toBe(false);
    }
    expect(openai.requests).toHaveLength(0);
  });

  it("refuses what Gemini rejects (even when the local rules see nothing), with its reasons and suggestion, keeping nothing", async () => {
    gemini.setReply(rejectEverything("Use fotos do próprio aparelho."));
    const before = f.storedOriginals();
    const count = f.adsOf(user.id).length;
    const response = await post("Samsung Galaxy S21 128 GB, tela perfeita.");
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({
      message: "Anúncio rejeitado automaticamente",
      details: ["Foto mostra produto diferente do anunciado"],
      suggestion: "Use fotos do próprio aparelho.",
    });
    expect(f.adsOf(user.id)).toHaveLength(count);
    expect(f.newOriginals(before)).toEqual([]);
  });

  it("always tells a refused advertiser what to change, even when the AI gives no suggestion", async () => {
    gemini.setReply(rejectEverything(""));
    const response = await post("Samsung Galaxy S21 128 GB, tela perfeita.");
    expect(response.status).toBe(422);
    const body = (await response.json()) as Refusal;
    expect(body.details.length).toBeGreaterThan(0);
    expect(body.suggestion).toEqual(expect.stringMatching(/\S/));
  });

  it("keeps the local rules as a floor: a Gemini approval does not let 'pagamento adiantado' through", async () => {
    const response = await post("iPhone 14 lacrado. Pagamento adiantado via PIX antes do envio.");
    expect(response.status).toBe(422);
    const body = (await response.json()) as Refusal;
    expect(body.details.length).toBeGreaterThan(0);
    expect(body.suggestion).toEqual(expect.stringMatching(/\S/));
    expect(gemini.requests).toHaveLength(1);
  });

  it("creates an ad Gemini is unsure about, marked needs_review", async () => {
    gemini.setReply(() => JSON.stringify({ recommendation: "needs_review", confidence: 0.6, issues: ["Aparelho sem nota fiscal"], suggestion: "Informe a procedência." }));
    const response = await post("iPhone 11 funcionando, bateria em 85%.");
    expect(response.status).toBe(201);
    const ad = f.adRow(((await response.json()) as { id: number }).id)!;
    expect(ad.status).toBe("pending_payment");
    expect(ad.moderation).toMatchObject({ recommendation: "needs_review", provider: "gemini", issues: ["Aparelho sem nota fiscal"] });
  });

  it("Gemini down → OpenAI's moderation endpoint judges text and photos; a severe flag refuses", async () => {
    gemini.setMode("error500");
    openai.setFlagged(["illicit/violent"]);
    const response = await post("Samsung Galaxy S21 128 GB, tela perfeita.");
    expect(response.status).toBe(422);
    expect(((await response.json()) as Refusal).details.length).toBeGreaterThan(0);
    const moderationCalls = openai.requests.filter((r) => r.path === "/v1/moderations");
    expect(moderationCalls.length).toBeGreaterThan(0);
    const inputs = moderationCalls.flatMap((r) => (Array.isArray(r.body.input) ? r.body.input : [r.body.input])) as Array<{ type?: string }>;
    expect(inputs.filter((input) => input.type === "image_url")).toHaveLength(2);
  });

  it("Gemini down → OpenAI approves → created, the verdict from OpenAI", async () => {
    gemini.setMode("hang");
    const response = await post("Samsung Galaxy S21 128 GB, tela perfeita.", 1);
    expect(response.status).toBe(201);
    const ad = f.adRow(((await response.json()) as { id: number }).id)!;
    expect(ad.moderation).toMatchObject({ recommendation: "approved", provider: "openai" });
  });

  it("both down → the local rules decide, and the verdict says the photos were not looked at", async () => {
    gemini.setMode("error500");
    openai.setMode("error500");
    const ok = await post("Samsung Galaxy S21 128 GB, tela perfeita.", 1);
    expect(ok.status).toBe(201);
    const ad = f.adRow(((await ok.json()) as { id: number }).id)!;
    expect(ad.moderation).toMatchObject({ recommendation: "approved", provider: "local", notes: ["Imagens não analisadas: os provedores de IA não responderam"] });

    const refused = await post("vendo revólver com munição", 1);
    expect(refused.status).toBe(422);
  });
});
