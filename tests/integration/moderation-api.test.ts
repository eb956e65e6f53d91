/**
 * The moderation test calls (spec 02 §2 '/moderation-test', §7): POST /api/moderation/test,
 * POST /api/moderation/test-image and the page's own form posts, without AI keys (the local rules).
 * Image addresses that would reach into our own network are refused before any request is made.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { MODERATION_SAMPLES, MODERATION_TEST_CATEGORIES } from "~/models/moderation/moderation-test";
import { action as testText } from "~/routes/api.moderation.[test]";
import { action as testImage } from "~/routes/api.moderation.test-image";
import { action as pageAction, loader as pageLoader } from "~/routes/moderation-test";
import { bearer, browser, createUser, urlencoded, type TestUser } from "../support/ad-fixtures";
import { callRoute } from "../support/route";

let user: TestUser;

beforeAll(async () => {
  // An administrator tests without limit; what a regular account's tests cost is in ai-cost.test.ts.
  user = await createUser({ isAdmin: true });
});

type Result = { recommendation: string; confidence: number; issues: string[]; timestamp: string; suggestion?: string; provider: string; notes?: string[] };

const postJson = (fn: Parameters<typeof callRoute>[0], path: string, body: unknown, headers: Record<string, string> = bearer(user)) =>
  callRoute(fn, path, { init: { method: "POST", headers: { "Content-Type": "application/json", ...headers }, body: typeof body === "string" ? body : JSON.stringify(body) } });

describe("POST /api/moderation/test", () => {
  it.each([
    ["vendo revólver com munição", "Eletrônicos", "rejected"],
    ["iPhone 14, pagamento adiantado via pix", "Celulares", "rejected"],
    ["Vendo maconha prensada", "Roupas", "rejected"],
    ["Tênis Nike réplica primeira linha", "Roupas", "rejected"],
    ["armário de cozinha 6 portas, ótimo estado", "Móveis", "approved"],
    ["Gol 1.0 2015 completo, 80 mil km", "Carros", "approved"],
    ["Carabina de pressão 5.5 com luneta", "Eletrônicos", "needs_review"],
  ])("%j in %s → %s, with the spec's shape", async (description, categoryName, recommendation) => {
    const response = await postJson(testText, "/api/moderation/test", { description, categoryName });
    expect(response.status).toBe(200);
    const result = (await response.json()) as Result;
    expect(result.recommendation).toBe(recommendation);
    expect(result.confidence).toBeGreaterThanOrEqual(0);
    expect(result.confidence).toBeLessThanOrEqual(1);
    expect(Array.isArray(result.issues)).toBe(true);
    expect(new Date(result.timestamp).toISOString()).toBe(result.timestamp);
    expect(result.provider).toBe("local");
    if (recommendation === "approved") expect(result.issues).toEqual([]);
    else {
      expect(result.issues.length).toBeGreaterThan(0);
      expect(result.suggestion).toEqual(expect.stringMatching(/\S/));
    }
  });

  it("gives the four sample cases the verdicts their labels promise", async () => {
    expect(MODERATION_SAMPLES).toHaveLength(4);
    for (const sample of MODERATION_SAMPLES) {
      const result = (await (await postJson(testText, "/api/moderation/test", sample)).json()) as Result;
      const expected = sample.label.includes("rejeitado") ? "rejected" : "approved";
      expect([sample.label, result.recommendation]).toEqual([sample.label, expected]);
    }
  });

  it("offers the spec's seven categories", () => {
    expect(MODERATION_TEST_CATEGORIES).toEqual(["Carros", "Imóveis", "Celulares", "Roupas", "Motos", "Eletrônicos", "Móveis"]);
  });

  it.each([
    [{ description: "", categoryName: "Carros" }, "Preencha a descrição e selecione uma categoria"],
    [{ description: "   ", categoryName: "Carros" }, "Preencha a descrição e selecione uma categoria"],
    [{ description: "Gol 2015" }, "Preencha a descrição e selecione uma categoria"],
    [{ description: "Gol 2015", categoryName: "Armas" }, "Preencha a descrição e selecione uma categoria"],
    [{ description: "x".repeat(401), categoryName: "Carros" }, "A descrição pode ter no máximo 400 caracteres"],
  ])("refuses %j with 400", async (body, message) => {
    const response = await postJson(testText, "/api/moderation/test", body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(message);
  });

  it("refuses a body that is not JSON with 400, anonymous callers with 401, and GET-like methods with 405", async () => {
    expect((await postJson(testText, "/api/moderation/test", "{oops")).status).toBe(400);
    expect((await postJson(testText, "/api/moderation/test", { description: "Gol", categoryName: "Carros" }, {})).status).toBe(401);
    const put = await callRoute(testText, "/api/moderation/test", { init: { method: "PUT", headers: bearer(user) } });
    expect(put.status).toBe(405);
  });
});

describe("POST /api/moderation/test-image", () => {
  it.each([
    "http://127.0.0.1/foto.png",
    "http://localhost:3000/images/demo-001-1",
    "http://10.0.0.5/foto.jpg",
    "http://192.168.0.1/foto.jpg",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::1]/foto.png",
    "http://0.0.0.0/foto.png",
    "http://2130706433/foto.png", // 127.0.0.1 as one number
    "http://[::ffff:127.0.0.1]/foto.png",
  ])("refuses the private or loopback address %s with 400", async (imageUrl) => {
    const response = await postJson(testImage, "/api/moderation/test-image", { imageUrl, categoryName: "Carros" });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/não é permitido|inválido|não foi possível encontrar/i);
  });

  it.each(["file:///etc/passwd", "ftp://example.com/a.png", "javascript:alert(1)", "data:image/png;base64,iVBORw0KGgo=", "gopher://x/", "não é url"])(
    "refuses %s (only http and https) with 400",
    async (imageUrl) => {
      const response = await postJson(testImage, "/api/moderation/test-image", { imageUrl, categoryName: "Carros" });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/http:\/\/ ou https:\/\/|inválido/);
    },
  );

  it("refuses credentials in the URL", async () => {
    const response = await postJson(testImage, "/api/moderation/test-image", { imageUrl: "http://user:pass@example.com/a.png", categoryName: "Carros" });
    expect(response.status).toBe(400);
  });

  it("needs a URL and a category, and a signed-in user", async () => {
    const missing = await postJson(testImage, "/api/moderation/test-image", { imageUrl: "", categoryName: "Carros" });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe("Informe o endereço da imagem e selecione uma categoria");
    expect((await postJson(testImage, "/api/moderation/test-image", { imageUrl: "https://example.com/a.png" })).status).toBe(400);
    expect((await postJson(testImage, "/api/moderation/test-image", { imageUrl: "https://example.com/a.png", categoryName: "Carros" }, {})).status).toBe(401);
  });
});

describe("/moderation-test (the page's form posts)", () => {
  const post = (fields: Record<string, string>) =>
    callRoute(pageAction, "/moderation-test", {
      init: { method: "POST", headers: { ...browser(user), "Content-Type": "application/x-www-form-urlencoded" }, body: urlencoded(fields) },
    });

  it("judges a description and shows the verdict", async () => {
    const response = await post({ intent: "text", categoryName: "Eletrônicos", description: "vendo revólver com munição" });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: Result; error: null };
    expect(body.result.recommendation).toBe("rejected");
    expect(body.result.issues.length).toBeGreaterThan(0);
  });

  it("says what is missing, keeping what was typed", async () => {
    const response = await post({ intent: "text", categoryName: "", description: "Sofá 3 lugares" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "Preencha a descrição e selecione uma categoria", values: { description: "Sofá 3 lugares" } });
  });

  it("refuses a loopback image address on the page too", async () => {
    const response = await post({ intent: "image", categoryName: "Carros", imageUrl: "http://127.0.0.1:1/x.png" });
    expect(response.status).toBe(400);
  });

  it("fills the form from a sample link, and sends an anonymous visitor to the login", async () => {
    const sample = await callRoute(pageLoader, "/moderation-test?sample=3", { init: { headers: { Cookie: user.cookie } } });
    expect(await sample.json()).toEqual({ sample: { categoryName: MODERATION_SAMPLES[3].categoryName, description: MODERATION_SAMPLES[3].description }, usage: null });
    const anonymous = await callRoute(pageLoader, "/moderation-test");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe("/login?redirectTo=%2Fmoderation-test");
    const junk = await callRoute(pageLoader, "/moderation-test?sample=99", { init: { headers: { Cookie: user.cookie } } });
    expect(await junk.json()).toEqual({ sample: null, usage: null });
  });
});
