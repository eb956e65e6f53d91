/**
 * Honest about money on a 360 × 740 phone (issue #36, item 5), with JavaScript and without (@nojs): the
 * payment page warns that an ad without WhatsApp leaves buyers no way to reach the seller; the pay button
 * comes before the summary, and once the PIX charge exists its "copia e cola" comes before the QR code
 * (which is for another device); with the local gateway the PIX option and the waiting line say the
 * confirmation is manual instead of promising it "na hora". The dashboard shows the ads before its
 * filters and its six numbers.
 */
import { deleteAd, expect, insertManagedAd, insertPendingPaymentAd, withE2eDatabase } from "../support/e2e-ads";
import { test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

test.use({ viewport: { width: 360, height: 740 } });

const top = async (locator: import("@playwright/test").Locator) => (await locator.boundingBox())!.y;

test("the payment page on a phone: warning, pay button first, copia e cola before the QR, no false promise @nojs", async ({ page, signedInUser, javaScriptEnabled }) => {
  const { email } = await signedInUser("Paulo Telefone");
  const ad = insertPendingPaymentAd(email, 5);
  withE2eDatabase((sqlite) => sqlite.prepare("UPDATE ads SET whatsapp = NULL WHERE id = ?").run(ad.id));
  try {
    await page.goto(`/payment/${ad.id}`);
    if (javaScriptEnabled) await waitForHydration(page);
    await expect(page.getByTestId("no-whatsapp-warning")).toContainText("Sem WhatsApp, os compradores falam com você por mensagens aqui no site");
    await expect(page.getByText("Confirmação manual: a equipe do site confere o recebimento")).toBeVisible();
    await expect(page.getByText("Aprovação na hora")).toHaveCount(0);

    const pay = page.getByRole("button", { name: "Pagar R$ 12,50" });
    const summary = page.getByRole("heading", { name: "Resumo do anúncio" });
    expect(await top(pay)).toBeLessThan(await top(summary));

    await page.getByLabel("CPF/CNPJ").fill("529.982.247-25");
    await pay.click();
    await expect(page.getByRole("heading", { name: "Pague com PIX" })).toBeVisible();
    const copyPaste = page.getByLabel("PIX copia e cola");
    expect(await top(copyPaste)).toBeLessThan(await top(page.getByRole("img", { name: /QR Code PIX/ })));
    expect(await top(copyPaste)).toBeLessThan(await top(page.getByRole("heading", { name: "Resumo do anúncio" })));
    await expect(page.getByText("A confirmação não é automática")).toBeVisible();
    if (javaScriptEnabled) await expect(page.getByText("Aguardando a confirmação manual da equipe do site.")).toBeVisible();
    await expect(page.getByText("Verificando o pagamento automaticamente")).toHaveCount(0);
    await expect(page.getByTestId("no-whatsapp-warning")).toBeVisible();
  } finally {
    deleteAd(ad.id);
  }
});

test("the dashboard on a phone: the ads before the filters and the numbers @nojs", async ({ page, signedInUser }) => {
  const { email } = await signedInUser("Dora Painel");
  const ad = insertManagedAd(email, { status: "active", createdDaysAgo: 1 });
  try {
    await page.goto("/dashboard");
    const row = page.getByTestId(`ad-row-${ad.id}`);
    await expect(row).toBeVisible();
    expect(await top(row)).toBeLessThan(await top(page.getByTestId("dashboard-filters")));
    expect(await top(row)).toBeLessThan(await top(page.getByTestId("dashboard-stats")));
  } finally {
    deleteAd(ad.id);
  }
});
