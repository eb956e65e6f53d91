/**
 * Buying a boost ('Impulsionar', ADR 037) on a 360 × 740 phone, JavaScript on and off: from the ad's
 * page to /impulsionar/{id}, the days, the notice that the days keep running, PIX, the confirmation
 * (the webhook, as `npm run payments:confirm` sends it), then the ad on top of /categories with its
 * 'Impulsionado' badge. The ad is written straight into the run's database (tests/support/e2e-ads.ts).
 */
import { deleteAd, insertManagedAd, latestPaymentOf } from "../support/e2e-ads";
import { confirmThroughWebhook } from "../support/e2e-payments";
import { expect, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

test("a boost bought by PIX puts the ad on top of /categories with its badge @nojs", async ({ page, signedInUser }, info) => {
  const js = info.project.use.javaScriptEnabled !== false;
  // With JavaScript the page polls every 3 s, then goes to the dashboard 3 s after the toast.
  test.slow();
  await page.setViewportSize({ width: 360, height: 740 });
  const { email } = await signedInUser("Bruna Impulso");
  const ad = insertManagedAd(email, { status: "active", lastDayInDays: 10 });
  try {
    await page.goto(`/anuncio/${ad.id}`);
    await page.getByRole("link", { name: "Impulsionar" }).click();
    await expect(page).toHaveURL(new RegExp(`/impulsionar/${ad.id}$`));
    await expect(page.getByRole("heading", { name: "Impulsionar anúncio" })).toBeVisible();
    await expect(page.getByText(/continuam correndo se o anúncio deixar de estar público/)).toBeVisible();

    if (js) {
      await waitForHydration(page);
      await page.getByRole("combobox", { name: "Dias" }).selectOption("2");
    } else {
      await page.getByRole("combobox", { name: "Dias" }).selectOption("2");
      await page.getByRole("button", { name: "Calcular" }).click();
    }
    await expect(page).toHaveURL(/dias=2/);
    await expect(page.getByText("2 dias de impulso")).toBeVisible();
    await page.getByLabel("CPF/CNPJ").fill("529.982.247-25");
    await page.getByRole("button", { name: "Pagar R$ 6,00" }).click();

    await expect(page.getByRole("heading", { name: "Pague com PIX" })).toBeVisible();
    await expect(page.getByLabel("PIX copia e cola")).toHaveValue(/^000201.*54046\.00.*6304[0-9A-F]{4}$/);
    const payment = latestPaymentOf(ad.id)!;
    expect((await confirmThroughWebhook(page, payment.id)).status()).toBe(200);
    if (js) {
      await expect(page.getByText("Pagamento confirmado!")).toBeVisible({ timeout: 10_000 });
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 });
    } else {
      await page.getByRole("button", { name: "Já paguei — verificar" }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText("Impulso confirmado!")).toBeVisible();
    }

    await page.goto(`/categories?cityId=${ad.cityId}`);
    const titles = await page.locator(".ad-card-title").allTextContents();
    const position = titles.indexOf(ad.title);
    expect(position).toBeGreaterThanOrEqual(0);
    expect(position).toBeLessThan(3);
    await expect(page.locator("li", { hasText: ad.title }).first().getByText("Impulsionado")).toBeVisible();

    // The ad's page shows the badge too, and the boost page now says until when.
    await page.goto(`/anuncio/${ad.id}`);
    await expect(page.getByText("Impulsionado", { exact: true })).toBeVisible();
    await page.goto(`/impulsionar/${ad.id}`);
    await expect(page.getByText(/Impulsionado até \d{2}\/\d{2}\/\d{4}/).first()).toBeVisible();
  } finally {
    deleteAd(ad.id);
  }
});
