/**
 * Messages between buyer and seller (issue #37) on a 360 × 740 phone, with JavaScript (the seller sees
 * the badge and the message without a reload, the buyer the reply) and without (@nojs: form posts and
 * reloads): the buyer writes from the ad's page, the seller answers from /mensagens.
 */
import { deleteAd, expect, insertManagedAd } from "../support/e2e-ads";
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
