/**
 * Issue 21, the paid AI: the moderation test is not free for every account (administrators without
 * limit, everyone else against the monthly quota of 'Gerar com IA'), and deleting the account and
 * signing up again with the same e-mail does not give a fresh quota. Without a provider configured
 * the local rules answer, so nothing here reaches a real AI.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { aiUsage } from "~/db/schema";
import { monthKey } from "~/lib/dates";
import { deleteAccount } from "~/models/account/deletion.server";
import { quotaKeyOf, sweepDeletedAccountsUsage } from "~/models/ai-usage/ai-usage.server";
import { action as generateApi } from "~/routes/api.ai.generate-description";
import { loader as usageApi } from "~/routes/api.ai.usage-status";
import { action as loginApi } from "~/routes/api.auth.login";
import { action as moderationTestApi } from "~/routes/api.moderation.[test]";
import { action as moderationImageApi } from "~/routes/api.moderation.test-image";
import { action as registerApi } from "~/routes/api.register";
import { action as moderationPage, loader as moderationPageLoader } from "~/routes/moderation-test";
import { createUser, type TestUser } from "../support/ad-fixtures";
import { formPost, json, pageHeaders } from "../support/manage";
import { callRoute } from "../support/route";

const LIMIT = 10;
const TEXT_TEST = { categoryName: "Carros", description: "Vendo Gol 1.0 2015, completo, revisões em dia." };
const DESCRIPTION_REQUEST = { adType: "Vender", categoryName: "Veículos", title: "Fiat Strada 2019" };

type Usage = { totalCalls: number; limit: number; remainingCalls: number; canUse: boolean };

async function usageOf(who: { token: string }) {
  const response = await callRoute(usageApi, "/api/ai/usage-status", { init: { headers: { Authorization: `Bearer ${who.token}` } } });
  return (await response.json()) as Usage;
}

const testText = (who: TestUser) => callRoute(moderationTestApi, "/api/moderation/test", json("POST", who, TEXT_TEST));

describe("the moderation test and the AI quota", () => {
  it("a regular account spends one call per test, from the same quota as 'Gerar com IA', and gets 429 when it is spent", async () => {
    const user = await createUser();
    expect((await testText(user)).status).toBe(200);
    expect((await callRoute(generateApi, "/api/ai/generate-description", json("POST", user, DESCRIPTION_REQUEST))).status).toBe(200);
    expect(await usageOf(user)).toMatchObject({ totalCalls: 2, remainingCalls: LIMIT - 2 });

    for (let i = 2; i < LIMIT; i++) expect((await testText(user)).status).toBe(200);
    const refused = await testText(user);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: `Limite de ${LIMIT} gerações mensais atingido` });
    // The image test and the page share the count.
    const image = await callRoute(moderationImageApi, "/api/moderation/test-image", json("POST", user, { categoryName: "Carros", imageUrl: "https://exemplo.com.br/foto.jpg" }));
    expect(image.status).toBe(429);
    const page = await callRoute(moderationPage, "/moderation-test", formPost(user, { intent: "text", ...TEXT_TEST }));
    expect(page.status).toBe(429);
    expect(JSON.stringify(await page.json())).toContain(`Limite de ${LIMIT} gerações mensais atingido`);
    const loaded = (await (await callRoute(moderationPageLoader, "/moderation-test", { init: { headers: pageHeaders(user) } })).json()) as { usage: Usage | null };
    expect(loaded.usage).toMatchObject({ remainingCalls: 0, canUse: false });
  });

  it("an image address the server refuses costs nothing", async () => {
    const user = await createUser();
    const refused = await callRoute(moderationImageApi, "/api/moderation/test-image", json("POST", user, { categoryName: "Carros", imageUrl: "http://127.0.0.1/foto.jpg" }));
    expect(refused.status).toBe(400);
    expect((await usageOf(user)).totalCalls).toBe(0);
  });

  it("an administrator tests without limit and spends nothing", async () => {
    const admin = await createUser({ isAdmin: true });
    for (let i = 0; i < LIMIT + 3; i++) expect((await testText(admin)).status).toBe(200);
    const page = await callRoute(moderationPage, "/moderation-test", formPost(admin, { intent: "text", ...TEXT_TEST }));
    expect(page.status).toBe(200);
    expect(db.select().from(aiUsage).where(eq(aiUsage.userId, admin.id)).all()).toEqual([]);
    const loaded = (await (await callRoute(moderationPageLoader, "/moderation-test", { init: { headers: pageHeaders(admin) } })).json()) as { usage: Usage | null };
    expect(loaded.usage).toBeNull();
  });

  it("still needs a signed-in user", async () => {
    expect((await callRoute(moderationTestApi, "/api/moderation/test", json("POST", null, TEXT_TEST))).status).toBe(401);
  });
});

describe("the monthly count outlives the account", () => {
  it("deleting the account and registering the same e-mail again keeps the month's count", async () => {
    const first = await createUser();
    for (let i = 0; i < LIMIT; i++) expect((await testText(first)).status).toBe(200);
    expect(await deleteAccount(first.id, { confirmEmail: first.email })).toEqual({ ok: true });

    // The same e-mail, typed in capitals this time, through the real sign-up.
    const email = first.email.toUpperCase();
    expect((await callRoute(registerApi, "/api/register", { init: { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ name: "De Novo", email, password: "Senha@123" }) } })).status).toBe(201);
    const login = await callRoute(loginApi, "/api/auth/login", { init: { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: "Senha@123" }) } });
    const again = { ...first, token: ((await login.json()) as { token: string }).token };
    expect(await usageOf(again)).toEqual({ totalCalls: LIMIT, limit: LIMIT, remainingCalls: 0, canUse: false });
    const generated = await callRoute(generateApi, "/api/ai/generate-description", json("POST", again, DESCRIPTION_REQUEST));
    expect(generated.status).toBe(429);
  }, 30_000);

  it("keeps no e-mail in the table, and a deleted account's count only until its month ends", async () => {
    const user = await createUser();
    expect((await testText(user)).status).toBe(200);
    const row = db.select().from(aiUsage).where(eq(aiUsage.quotaKey, quotaKeyOf(user.email))).get()!;
    expect(JSON.stringify(row)).not.toContain(user.email.split("@")[0]);
    expect(await deleteAccount(user.id, { confirmEmail: user.email })).toEqual({ ok: true });
    expect(db.select().from(aiUsage).where(eq(aiUsage.id, row.id)).get()).toMatchObject({ userId: null, totalCalls: 1, month: monthKey() });

    sweepDeletedAccountsUsage(new Date());
    expect(db.select().from(aiUsage).where(eq(aiUsage.id, row.id)).get()).toBeDefined();
    const nextMonth = new Date(Date.now() + 32 * 24 * 60 * 60 * 1000);
    sweepDeletedAccountsUsage(nextMonth);
    expect(db.select().from(aiUsage).where(eq(aiUsage.id, row.id)).get()).toBeUndefined();
  });
});
