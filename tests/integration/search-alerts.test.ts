/**
 * 'Salvar busca' and its e-mail alerts (issue 23): saving (signed in only, each search once, at most
 * 20), listing in /conta, removing (only one's own), the alerts job (what /categories would show, only
 * ads published since the last e-mail, never a non-public one, at most one e-mail a day), the one-click
 * unsubscribe without a session (a GET never unsubscribes, a forged token removes nothing), and the
 * DKIM signature over the unsubscribe headers.
 */
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.APP_URL = "https://classificados.example";
  const { generateKeyPairSync } = process.getBuiltinModule("node:crypto");
  process.env.DKIM_DOMAIN = "classificados.example";
  process.env.DKIM_SELECTOR = "alertas";
  process.env.DKIM_PRIVATE_KEY = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
});

import { db } from "~/db/client.server";
import { ads, savedSearches } from "~/db/schema";
import { adPath } from "~/models/ad/ad";
import { getEnv } from "~/env.server";
import { MAX_SAVED_SEARCHES, SAVED_SEARCH_MESSAGES, type SavedSearchItem } from "~/models/saved-search/saved-search";
import { runAlertsJob } from "~/models/saved-search/alerts.server";
import { unsubscribeToken } from "~/models/saved-search/saved-searches.server";
import { action as buscas } from "~/routes/buscas";
import * as unsubscribe from "~/routes/buscas_.cancelar.$token";
import { loader as conta } from "~/routes/conta";
import { cityId, createUser, type TestUser } from "../support/ad-fixtures";
import { page, toastOf } from "../support/admin";
import { insertAd } from "../support/manage";
import { readOutbox, type OutboxMail } from "../support/outbox";
import { callRoute } from "../support/route";

const DAY_MS = 86_400_000;

/** The e-mails to `email` in the outbox, oldest first: headers unfolded, and the body quoted-printable decoded. */
function mailsTo(email: string): OutboxMail[] {
  return readOutbox(path.join(getEnv().DATA_DIR, "outbox")).filter((mail) => mail.headers.includes(`To: ${email}`));
}

const save = (user: TestUser | null, fields: Record<string, string>) => callRoute(buscas, "/buscas", page(user, fields));
const searchesOf = (userId: number) => db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).all();

/** An active ad whose title carries `word`, in Patos de Minas. */
async function adWith(userId: number, word: string, status: "active" | "paused" = "active") {
  const ad = await insertAd(userId, { status });
  const title = `Bicicleta ${word}`;
  db.update(ads).set({ title, description: `Bicicleta aro 29 ${word}, revisada.` }).where(eq(ads.id, ad.id)).run();
  return { ...ad, title };
}

describe("saving a search", () => {
  it("sends a visitor to sign in and back to the same search", async () => {
    const response = await save(null, { search: "bicicleta", cityId: "todas" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/categories?search=bicicleta&cityId=todas" })}`);
  });

  it("saves the page's filters once, lists them in /conta in words, and keeps at most 20", async () => {
    const user = await createUser();
    const saved = await save(user, { search: " bicicleta ", category: "", cityId: String(cityId()), minPrice: "100", maxPrice: "1.500", sort: "newest", page: "3" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(`/categories?search=bicicleta&cityId=${cityId()}&minPrice=100&maxPrice=1500`);
    expect((await toastOf(saved))?.message).toBe(SAVED_SEARCH_MESSAGES.saved);
    // No city given: the default city, as the page shows it.
    await save(user, { category: "" });
    expect((await toastOf(await save(user, { search: "bicicleta", cityId: String(cityId()), minPrice: "100", maxPrice: "1500" })))?.message).toBe(
      SAVED_SEARCH_MESSAGES.alreadySaved,
    );

    const listed = (await (await callRoute(conta, "/conta", page(user))).json()) as { searches: SavedSearchItem[] };
    expect(listed.searches.map((search) => [search.description, search.href])).toEqual([
      [`"bicicleta" · Patos de Minas · R$\u00a0100,00 a R$\u00a01.500,00`, `/categories?search=bicicleta&cityId=${cityId()}&minPrice=100&maxPrice=1500`],
      ["Patos de Minas", `/categories?cityId=${cityId()}`],
    ]);

    for (let i = searchesOf(user.id).length; i < MAX_SAVED_SEARCHES; i++) expect((await save(user, { search: `palavra${i}` })).status).toBe(302);
    const full = await save(user, { search: "uma a mais" });
    // Back to the list, with the reason (input-hygiene.test.ts follows it through a post without JavaScript).
    expect(full.headers.get("Location")).toBe(`/categories?search=uma+a+mais&cityId=${cityId()}`);
    expect(await toastOf(full)).toMatchObject({ type: "error", description: SAVED_SEARCH_MESSAGES.full });
    expect(searchesOf(user.id)).toHaveLength(MAX_SAVED_SEARCHES);
  });

  it("removes only the user's own search: another's id is not found and stays", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    await save(owner, { search: "sofá" });
    const [search] = searchesOf(owner.id);
    const refused = await save(other, { intent: "remove", id: String(search!.id) });
    expect(refused.headers.get("Location")).toBe("/conta#buscas");
    expect(await toastOf(refused)).toMatchObject({ type: "error", description: SAVED_SEARCH_MESSAGES.notFound });
    expect(searchesOf(owner.id)).toHaveLength(1);
    const removed = await save(owner, { intent: "remove", id: String(search!.id) });
    expect(removed.headers.get("Location")).toBe("/conta#buscas");
    expect(searchesOf(owner.id)).toHaveLength(0);
  });
});

describe("the alerts job", () => {
  it("mails what the search shows, published since the last e-mail, at most once a day, never a non-public ad", async () => {
    const word = `Zx${Date.now().toString(36)}`;
    const [buyer, seller] = [await createUser({ name: "Bia Compradora" }), await createUser()];
    await save(buyer, { search: word, cityId: "todas" });
    const before = await adWith(seller.id, `${word} antiga`);
    // Published before the search was saved: not news.
    db.update(savedSearches).set({ alertedUntil: new Date() }).where(eq(savedSearches.userId, buyer.id)).run();

    const first = await adWith(seller.id, word);
    const hidden = await adWith(seller.id, `${word} pausada`);
    db.update(ads).set({ status: "paused" }).where(eq(ads.id, hidden.id)).run();
    const elsewhere = await insertAd(seller.id, { status: "active" });

    const now = new Date();
    await runAlertsJob(now);
    const [mail, ...others] = mailsTo(buyer.email);
    expect(others).toEqual([]);
    expect(mail!.body).toContain(`${adPath(first)}\n`);
    for (const ad of [before, hidden, elsewhere]) expect(mail!.body).not.toContain(`${adPath(ad)}\n`);
    expect(mail!.body).toContain("Olá, Bia Compradora!");
    expect(mail!.body).toContain(`Bicicleta ${word} — R$\u00a01.200,00 — Patos de Minas-MG`);

    // The one-click unsubscribe headers, and a DKIM signature covering both.
    const [search] = searchesOf(buyer.id);
    const link = `https://classificados.example/buscas/cancelar/${unsubscribeToken(search!.id)}`;
    expect(mail!.headers).toContain(`List-Unsubscribe: <${link}>`);
    expect(mail!.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail!.body).toContain(link);
    const dkim = mail!.headers.match(/^DKIM-Signature: (.*)$/m)?.[1]?.replace(/\s+/g, "");
    expect(dkim).toMatch(/d=classificados\.example;/);
    expect(dkim).toMatch(/s=alertas;/);
    expect(dkim).toMatch(/h=[^;]*list-unsubscribe:list-unsubscribe-post/i);

    // A second run the same day sends nothing, even with a new match.
    const second = await adWith(seller.id, `${word} nova`);
    // Published after that run (the trigger's clock may read the same millisecond).
    db.update(ads).set({ publishedAt: new Date(now.getTime() + 500) }).where(eq(ads.id, second.id)).run();
    await runAlertsJob(new Date(now.getTime() + 1000));
    expect(mailsTo(buyer.email)).toHaveLength(1);

    // The next day: only what came after the last e-mail.
    await runAlertsJob(new Date(now.getTime() + DAY_MS));
    const latest = mailsTo(buyer.email);
    expect(latest).toHaveLength(2);
    expect(latest[1]!.body).toContain(`${adPath(second)}\n`);
    expect(latest[1]!.body).not.toContain(`${adPath(first)}\n`);
  });
});

describe("when an ad counts as published", () => {
  it("going public after payment or moderation is news; its owner un-pausing it is not", async () => {
    const seller = await createUser();
    const published = (adId: number) => db.select().from(ads).where(eq(ads.id, adId)).get()?.publishedAt?.getTime();
    const paid = await insertAd(seller.id, { status: "pending_payment" });
    expect(published(paid.id)).toBeUndefined();
    db.update(ads).set({ status: "active" }).where(eq(ads.id, paid.id)).run();
    const first = published(paid.id);
    expect(first).toBeGreaterThan(Date.now() - 60_000);
    db.update(ads).set({ publishedAt: new Date(1) }).where(eq(ads.id, paid.id)).run();
    db.update(ads).set({ status: "paused" }).where(eq(ads.id, paid.id)).run();
    db.update(ads).set({ status: "active" }).where(eq(ads.id, paid.id)).run();
    expect(published(paid.id)).toBe(1);
  });
});

describe("unsubscribing from the e-mail's link", () => {
  const token = (id: number) => unsubscribeToken(id);
  const post = (value: string, body = "List-Unsubscribe=One-Click") =>
    callRoute(unsubscribe.action, `/buscas/cancelar/${value}`, {
      params: { token: value },
      init: { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body },
    });

  it("a GET shows a confirmation and changes nothing; the one-click POST removes it without a session", async () => {
    const user = await createUser();
    await save(user, { search: "geladeira" });
    const [search] = searchesOf(user.id);
    const shown = await callRoute(unsubscribe.loader, `/buscas/cancelar/${token(search!.id)}`, { params: { token: token(search!.id) } });
    expect(shown.status).toBe(200);
    expect(await shown.json()).toEqual({ description: '"geladeira" · Patos de Minas' });
    expect(searchesOf(user.id)).toHaveLength(1);

    const done = await post(token(search!.id));
    expect(done.status).toBe(200);
    expect(searchesOf(user.id)).toHaveLength(0);
    // Again (a mail client retrying): still fine, and the page says it is done.
    expect((await post(token(search!.id))).status).toBe(200);
    expect(await (await callRoute(unsubscribe.loader, "/x", { params: { token: token(search!.id) } })).json()).toEqual({ description: null });
  });

  it("a forged token, or another search's, is a 404 and removes nothing", async () => {
    const [mine, theirs] = [await createUser(), await createUser()];
    await save(mine, { search: "fogão" });
    await save(theirs, { search: "fogão" });
    const [target] = searchesOf(theirs.id);
    const [own] = searchesOf(mine.id);
    const ownSignature = token(own!.id).split(".")[1];
    for (const forged of [`${target!.id}.${ownSignature}`, `${target!.id}.`, String(target!.id), `${target!.id}.abc.def`, "x"]) {
      expect((await post(forged)).status).toBe(404);
      expect((await callRoute(unsubscribe.loader, "/x", { params: { token: forged } })).status).toBe(404);
    }
    expect(searchesOf(theirs.id)).toHaveLength(1);
  });
});
