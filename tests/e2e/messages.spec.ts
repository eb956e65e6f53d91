/**
 * Messages between buyer and seller (issue #37) on a 360 × 740 phone, with JavaScript (the seller sees
 * the badge and the message without a reload, the buyer the reply) and without (@nojs: form posts and
 * reloads): the buyer writes from the ad's page, the seller answers from /mensagens.
 */
import { deleteAd, expect, insertManagedAd, withE2eDatabase } from "../support/e2e-ads";
import { insertUser, signIn, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

test.use({ viewport: { width: 360, height: 740 } });

test("a buyer writes from the ad, the seller sees the badge and answers, the buyer reads the answer @nojs", async ({ page, browser, baseURL, javaScriptEnabled }) => {
  const seller = insertUser("Sara Vendedora");
  const buyer = insertUser("Bruno Comprador");
  const ad = insertManagedAd(seller.email, { status: "active", createdDaysAgo: 1 });
  const sellerContext = await browser.newContext({ viewport: { width: 360, height: 740 }, javaScriptEnabled, baseURL });
  try {
    await signIn(page.context(), baseURL!, buyer.id);
    await signIn(sellerContext, baseURL!, seller.id);
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto("/");
    if (javaScriptEnabled) await waitForHydration(sellerPage);
    await expect(sellerPage.getByTestId("unread-messages")).toHaveCount(0);

    await page.goto(`/anuncio/${ad.id}`);
    if (javaScriptEnabled) await waitForHydration(page);
    await page.getByLabel("Mensagem", { exact: true }).fill("Olá! <b>Ainda</b> está disponível?");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page).toHaveURL(/\/mensagens\/\d+/);
    await expect(page.getByTestId("message-text").last()).toHaveText("Olá! <b>Ainda</b> está disponível?");

    // The seller's badge: without a reload with JavaScript, on the next page load without it.
    if (!javaScriptEnabled) await sellerPage.reload();
    await expect(sellerPage.getByTestId("unread-messages").first()).toHaveText(/1/, { timeout: 15_000 });
    await sellerPage.getByRole("button", { name: "Menu" }).or(sellerPage.locator("summary", { hasText: "Menu" })).first().click();
    await sellerPage.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: /Mensagens/ }).click();
    await expect(sellerPage).toHaveURL(/\/mensagens$/);
    await sellerPage.getByRole("link", { name: new RegExp(ad.title) }).click();
    await expect(sellerPage.getByRole("heading", { name: "Bruno Comprador" })).toBeVisible();
    await expect(sellerPage.getByTestId("message-text").first()).toHaveText("Olá! <b>Ainda</b> está disponível?");
    if (javaScriptEnabled) await waitForHydration(sellerPage);
    await sellerPage.getByLabel("Sua mensagem").fill("Sim, pode vir ver amanhã às 10.");
    await sellerPage.getByRole("button", { name: "Enviar", exact: true }).click();
    await expect(sellerPage.getByTestId("message-text").last()).toHaveText("Sim, pode vir ver amanhã às 10.");

    // The buyer's open conversation: the answer arrives by itself with JavaScript, on reload without.
    if (!javaScriptEnabled) await page.reload();
    await expect(page.getByTestId("message-text").last()).toHaveText("Sim, pode vir ver amanhã às 10.", { timeout: 8_000 });
  } finally {
    await sellerContext.close();
    deleteAd(ad.id);
  }
});

test("an ad without a WhatsApp number offers messages and shows no number anywhere @nojs", async ({ page, request, javaScriptEnabled }) => {
  const seller = insertUser("Sílvia Sem Número");
  const ad = insertManagedAd(seller.email, { status: "active", createdDaysAgo: 1 });
  withE2eDatabase((sqlite) => sqlite.prepare("UPDATE ads SET whatsapp = NULL WHERE id = ?").run(ad.id));
  try {
    await page.goto(`/anuncio/${ad.id}`);
    if (javaScriptEnabled) await waitForHydration(page);
    const main = page.locator("main");
    await expect(main.getByRole("button", { name: "Enviar mensagem" }).or(main.getByRole("link", { name: /Enviar mensagem|Entrar para enviar/ })).first()).toBeVisible();
    // No chat with a number (the share button's wa.me/?text= link names none), no contact counter, no
    // number in the page's text.
    await expect(page.locator('a[href*="wa.me/5"], a[href*="api.whatsapp.com/send?phone"], a[href$="/contato"]')).toHaveCount(0);
    await expect(main).not.toContainText("9577-3046");

    // Nor in the public list's JSON, and the contact counter has nothing to send anyone to.
    const list = (await (await request.get(`/api/ads/public?search=${encodeURIComponent(ad.title.split(" ")[1]!)}`)).json()) as { ads: Array<Record<string, unknown>> };
    const item = list.ads.find((candidate) => candidate.id === ad.id);
    expect(item).toBeDefined();
    expect(JSON.stringify(item)).not.toContain("9577");
    expect((await request.get(`/anuncio/${ad.id}/contato`, { maxRedirects: 0 })).status()).toBe(404);
  } finally {
    deleteAd(ad.id);
  }
});
