/**
 * The PIX copia-e-cola on a 360 × 740 phone (issue #20): the whole BR Code sits in a labelled read-only
 * field with the instruction to copy it. Without JavaScript that field and a long press are all there
 * is; with JavaScript focusing or tapping the field selects the whole code, and 'Copiar' still copies.
 */
import type { Page, TestInfo } from "@playwright/test";
import { deleteAd, insertPendingPaymentAd, latestPaymentOf } from "../support/e2e-ads";
import { expect, test, type E2eUser } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

/** A new account signed in (`signedInUser`), with an ad waiting for payment, on the PIX screen. */
async function openPixCharge(page: Page, info: TestInfo, signedInUser: (name?: string) => Promise<E2eUser>) {
  const { email } = await signedInUser("Paula Pagadora");
  const ad = insertPendingPaymentAd(email, 3);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`/payment/${ad.id}`);
  if (info.project.use.javaScriptEnabled !== false) await waitForHydration(page);
  await page.getByLabel("CPF/CNPJ").fill("529.982.247-25");
  await page.getByRole("button", { name: /^Pagar R\$/ }).click();
  await expect(page.getByRole("heading", { name: "Pague com PIX" })).toBeVisible();
  return ad;
}

/** The charge's BR Code as the API gives it: what the field must hold, whole. */
async function brCodeOf(page: Page, adId: number) {
  const response = await page.request.get(`/api/payments/${latestPaymentOf(adId)!.id}/pix-qrcode`);
  expect(response.status(), `PIX code of the payment of ad ${adId}`).toBe(200);
  const { qrCodePayload } = (await response.json()) as { qrCodePayload: string };
  expect(qrCodePayload).toMatch(/^000201.*6304[0-9A-F]{4}$/);
  return qrCodePayload;
}

const selection = (page: Page) =>
  page.getByLabel("PIX copia e cola").evaluate((field: HTMLTextAreaElement) => ({ start: field.selectionStart, end: field.selectionEnd }));

test.describe("PIX copia e cola on a phone", () => {
  test("without JavaScript: the whole BR Code in a read-only field, with how to copy it @nojs", async ({ page, signedInUser }, info) => {
    test.skip(info.project.use.javaScriptEnabled !== false, "the JavaScript test is below");
    const ad = await openPixCharge(page, info, signedInUser);
    try {
      const field = page.getByLabel("PIX copia e cola");
      await expect(field).toHaveJSProperty("readOnly", true);
      await expect(field).toBeEditable({ editable: false });
      await expect(field).toHaveValue(await brCodeOf(page, ad.id));
      await expect(field).toHaveAccessibleDescription(/toque e segure o código, escolha “Selecionar tudo” e depois “Copiar”/);
      await expect(page.getByText("Para copiar, toque e segure o código")).toBeVisible();
      // No button that would need JavaScript to work.
      await expect(page.getByRole("button", { name: "Copiar" })).toHaveCount(0);
      // The field fits the phone's width: nothing to scroll sideways to reach the code.
      const box = (await field.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    } finally {
      deleteAd(ad.id);
    }
  });

  test("with JavaScript: focusing or tapping the field selects the whole code; 'Copiar' copies it", async ({ page, context, signedInUser }, info) => {
    const ad = await openPixCharge(page, info, signedInUser);
    try {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      const field = page.getByLabel("PIX copia e cola");
      const code = await brCodeOf(page, ad.id);
      await expect(field).toHaveValue(code);
      await expect(field).toHaveAccessibleDescription(/Toque em “Copiar” \(ou toque e segure o código\)/);

      await field.focus();
      await expect.poll(() => selection(page)).toEqual({ start: 0, end: code.length });

      // A tap when the field is neither focused nor selected, as a person reaches it.
      await field.evaluate((element: HTMLTextAreaElement) => {
        element.blur();
        element.setSelectionRange(0, 0);
      });
      await expect.poll(() => selection(page)).toEqual({ start: 0, end: 0 });
      await field.tap();
      await expect.poll(() => selection(page)).toEqual({ start: 0, end: code.length });
      // Read-only: typing changes nothing.
      await page.keyboard.type("x");
      await expect(field).toHaveValue(code);

      await page.getByRole("button", { name: "Copiar" }).click();
      await expect(page.getByRole("button", { name: /Copiado!/ })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    } finally {
      deleteAd(ad.id);
    }
  });
});
