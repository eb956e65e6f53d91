/**
 * The AI quota's one answer (issue #34): the wizard's 'Gerar com IA', the edit page's and
 * POST /api/ai/generate-description refuse a spent month and a burst of calls alike — 429, the same
 * pt-BR message, Retry-After with the known wait (the São Paulo month's turn, the burst's window) —
 * and the pages title their toast 'Limite atingido' (ai-usage.ts) or 'Aguarde'.
 */
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { aiUsage } from "~/db/schema";
import { monthKey } from "~/lib/dates";
import { AI_MESSAGES } from "~/models/ai-usage/ai-usage";
import { quotaKeyOf } from "~/models/ai-usage/ai-usage.server";
import { countAttempt } from "~/models/account/throttle.server";
import { action as generateApi } from "~/routes/api.ai.generate-description";
import { action as editAction } from "~/routes/edit-ad.$id";
import { toast } from "~/web/toast.server";
import { createUser, type TestUser } from "../support/ad-fixtures";
import { formPost, insertAd, json } from "../support/manage";
import { callRoute } from "../support/route";
import { postStep, step1, step2 } from "../support/wizard-posts";

const REQUEST = { adType: "Vender", categoryName: "Casa e Móveis", subcategoryName: "Móveis", title: "Mesa de jantar" };

/** The three surfaces' answers to one 'Gerar com IA' each, for a user already on the wizard's step 2 with an ad to edit. */
async function askEverywhere(user: TestUser, adId: number) {
  const api = await callRoute(generateApi, "/api/ai/generate-description", json("POST", user, REQUEST));
  const wizard = await postStep(user, 2, step2({ intent: "generate", description: "o meu texto" }));
  const edit = await callRoute(editAction, `/edit-ad/${adId}`, { params: { id: String(adId) }, ...formPost(user, { intent: "generate" }) });
  return { api, wizard, edit };
}

async function toastOf(response: Response) {
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0];
  expect(cookie, "the page's answer sets the toast").toMatch(/^toast=/);
  return (await toast.getToast(new Request("http://localhost/", { headers: { Cookie: cookie! } }))).toast;
}

async function onStep2WithAnAd() {
  const user = await createUser();
  await postStep(user, 1, step1());
  const ad = await insertAd(user.id, { status: "active", createdDaysAgo: 5 });
  return { user, adId: ad.id };
}

describe("the AI quota's one answer on the wizard, the edit page and the API", () => {
  it("a spent month: 429, 'Limite de N gerações mensais atingido', Retry-After at the São Paulo month's turn", async () => {
    const { user, adId } = await onStep2WithAnAd();
    db.insert(aiUsage).values({ quotaKey: quotaKeyOf(user.email), userId: user.id, month: monthKey(), totalCalls: 10 }).run();
    const { api, wizard, edit } = await askEverywhere(user, adId);
    const message = AI_MESSAGES.limitReached(10);

    for (const response of [api, wizard, edit]) {
      expect(response.status).toBe(429);
      const seconds = Number(response.headers.get("Retry-After"));
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(31 * 86_400);
    }
    // The API keeps the spec's body (spec 02 §7).
    expect(await api.json()).toEqual({ description: "", source: "limit_reached", message, usage: { totalCalls: 10, limit: 10, remainingCalls: 0, canUse: false } });
    expect(((await wizard.json()) as { formError: string }).formError).toBe(message);
    expect(((await edit.json()) as { generated: string | null }).generated).toBeNull();
    for (const page of [wizard, edit]) expect(await toastOf(page)).toMatchObject({ type: "error", message: AI_MESSAGES.limitTitle, description: message });
  });

  it("a burst of calls: 429, 'Muitas gerações seguidas…', Retry-After of the burst's window, the month untouched", async () => {
    const { user, adId } = await onStep2WithAnAd();
    for (let i = 0; i < 20; i++) countAttempt("ai-description", [`ai-user:${user.id}`]);
    const { api, wizard, edit } = await askEverywhere(user, adId);

    for (const response of [api, wizard, edit]) {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
      expect(Number(response.headers.get("Retry-After"))).toBeLessThanOrEqual(3600);
    }
    expect(await api.json()).toEqual({ message: AI_MESSAGES.tooFast });
    expect(((await wizard.json()) as { formError: string }).formError).toBe(AI_MESSAGES.tooFast);
    for (const page of [wizard, edit]) expect(await toastOf(page)).toMatchObject({ type: "error", message: AI_MESSAGES.tooFastTitle, description: AI_MESSAGES.tooFast });
    expect(db.select().from(aiUsage).all().filter((row) => row.userId === user.id)).toEqual([]);
  });
});
