/**
 * A report reaches the admin at once (issue 21, ADR 021): a visitor reports an ad, the ad stays public,
 * and the admin finds it in 'Denúncias' of /admin/moderation — then dismisses the reports (JavaScript
 * off) or takes the ad down with a reason (JavaScript on). The counting rule itself is in
 * tests/integration/reports.test.ts.
 */
import type { Page } from "@playwright/test";
import { adStatusOf } from "../support/e2e-ads";
import { visitorHeaders } from "../support/e2e-admin";
import { expect, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

test.use({
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide) => provide(visitorHeaders()),
});

async function report(page: Page, adId: number, js: boolean) {
  await page.goto(`/anuncio/${adId}`);
  if (js) await waitForHydration(page);
  await page.getByText("Denunciar anúncio").click();
  const form = page.getByRole("form", { name: "Denunciar anúncio" });
  await expect(form).toContainText("Ele só sai do ar antes disso quando 3 contas com mais de 7 dias o denunciam");
  await form.getByLabel("Golpe ou tentativa de fraude").check();
  await form.getByLabel("Conte o que aconteceu (opcional)").fill("Pediu um sinal por PIX antes de mostrar o produto.");
  await form.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect(page.getByRole("status")).toContainText("Denúncia enviada");
}

/** The ad's entry in 'Denúncias', as the admin opens it. */
async function denuncia(page: Page, adId: number, js: boolean) {
  await page.goto("/admin/moderation");
  if (js) await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Denúncias" })).toBeVisible();
  return page.getByTestId(`denuncia-${adId}`);
}

const publicTotal = async (page: Page, title: string) =>
  ((await (await page.request.get(`/api/ads/public?search=${title.split(" ")[1]}`)).json()) as { total: number }).total;

test("a report sent without JavaScript shows in the admin's Denúncias at once; the ad stays public until the admin dismisses it @nojs", async ({
  page,
  ownAd,
  signInAsAdmin,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the JavaScript version is the next test");
  await report(page, ownAd.id, false);
  expect(await publicTotal(page, ownAd.title)).toBe(1);

  await signInAsAdmin();
  const item = await denuncia(page, ownAd.id, false);
  await expect(item).toContainText(ownAd.title);
  await expect(item).toContainText("1 denúncia");
  await expect(item).toContainText("Golpe ou tentativa de fraude: 1");
  await expect(item).toContainText(/Visitante sem (conta|cookie)/);
  await expect(item).toContainText("0 de 3 contas que contam para ocultar");
  await item.getByText("Ler o que escreveram").click();
  await expect(item).toContainText("Pediu um sinal por PIX");

  await item.getByRole("button", { name: `Descartar denúncias de ${ownAd.title}` }).click();
  await expect(page.getByRole("status", { includeHidden: true }).filter({ hasText: "Denúncias descartadas" }).first()).toBeAttached();
  await expect(page.getByTestId(`denuncia-${ownAd.id}`)).toHaveCount(0);
  expect(adStatusOf(ownAd.id)).toBe("active");
  expect(await publicTotal(page, ownAd.title)).toBe(1);
});

test("with JavaScript: the report shows in Denúncias and the admin takes the ad down with a reason", async ({ page, ownAd, signInAsAdmin, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "needs JavaScript");
  await report(page, ownAd.id, true);
  // The answer replaced the form in place.
  await expect(page).toHaveURL(new RegExp(`/anuncio/${ownAd.id}-[a-z0-9-]+$`));

  await signInAsAdmin();
  const item = await denuncia(page, ownAd.id, true);
  await expect(item).toContainText("1 denúncia");
  await item.getByText("Retirar do ar…").click();
  await item.getByLabel(/^Motivo/).fill("Pede pagamento antecipado por PIX.");
  await item.getByRole("button", { name: "Confirmar e retirar do ar" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Anúncio retirado do ar" }).first()).toBeVisible();
  await expect(page.getByTestId(`denuncia-${ownAd.id}`)).toHaveCount(0);
  expect(adStatusOf(ownAd.id)).toBe("rejected");
  expect(await publicTotal(page, ownAd.title)).toBe(0);
});
