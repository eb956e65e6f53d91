/**
 * 'Vendido' and the seller's page on a 360 × 740 phone, with JavaScript on and off (issue #36): the
 * owner marks an ad sold after the confirmation (a dialog, or its page without JavaScript), its page
 * then answers 410 with "Vendido" and no contact (no WhatsApp, /contato or message), and the favourite says 'Vendido'; a visitor opens
 * the seller's page from an ad's Anunciante section. Ads are written straight into the run's database.
 */
import { randomInt } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";
import { insertManagedAd, storedAd, withE2eDatabase } from "../support/e2e-ads";
import { expect, insertUser, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

test.use({ viewport: { width: 360, height: 740 } });

const js = (info: TestInfo) => info.project.name === "js";

async function open(page: Page, info: TestInfo, path: string) {
  const response = await page.goto(path);
  if (js(info)) await waitForHydration(page);
  return response;
}

/** A phone number no other ad of the run has, so the page can be searched for it. */
function giveOwnPhone(adId: number): string {
  const digits = `9${String(randomInt(10_000_000, 99_999_999))}`;
  withE2eDatabase((sqlite) => sqlite.prepare("UPDATE ads SET whatsapp = ? WHERE id = ?").run(`(34) ${digits}`, adId));
  return digits;
}

test.describe("'Vendido' and the seller's page", () => {
  test("the owner marks an ad sold: its page answers 410 without contact and the favourite says 'Vendido' @nojs", async ({ page, signedInUser }, info) => {
    const seller = await signedInUser("Vera Vendedora");
    const ad = insertManagedAd(seller.email, { status: "active", createdDaysAgo: 3 });
    const phone = giveOwnPhone(ad.id);
    withE2eDatabase((sqlite) => sqlite.prepare("INSERT INTO favourites (user_id, ad_id, created_at) VALUES (?, ?, ?)").run(seller.id, ad.id, Date.now()));

    await open(page, info, "/dashboard");
    const row = page.getByTestId(`ad-row-${ad.id}`);
    await row.getByRole("link", { name: `Vendido: ${ad.title}` }).click();
    if (js(info)) {
      const dialog = page.getByRole("dialog", { name: "Marcar como vendido?" });
      await expect(dialog).toBeVisible();
      await dialog.getByLabel("Sim").check();
      await dialog.getByRole("button", { name: "Marcar como vendido" }).click();
    } else {
      await expect(page).toHaveURL(new RegExp(`/dashboard/vendido/${ad.id}\\?back=`));
      await page.getByLabel("Sim").check();
      await page.getByRole("button", { name: "Marcar como vendido" }).click();
    }
    await expect(page.getByText("Anúncio vendido", { exact: true })).toBeVisible();
    await expect(page.getByTestId(`status-${ad.id}`)).toHaveText("Vendido");
    // Sold is final: no more 'Editar', 'Pausar' or 'Vendido'.
    await expect(row.getByRole("button", { name: `Pausar: ${ad.title}` })).toHaveCount(0);
    await expect(row.getByRole("link", { name: `Editar: ${ad.title}` })).toHaveCount(0);
    expect(storedAd(ad.id)?.status).toBe("sold");

    const response = await open(page, info, `/anuncio/${ad.id}`);
    expect(response?.status()).toBe(410);
    await expect(page.getByRole("heading", { level: 1, name: ad.title })).toBeVisible();
    await expect(page.getByTestId("sold-badge")).toHaveText("Vendido");
    await expect(page.getByTestId("ad-price")).toHaveText(/350,00/);
    await expect(page.getByRole("link", { name: /Entrar em Contato/ })).toHaveCount(0);
    await expect(page.locator(`a[href*="/anuncio/${ad.id}/contato"]`)).toHaveCount(0);
    await expect(page.getByText("Enviar mensagem")).toHaveCount(0);
    expect(await page.content()).not.toContain(phone);

    await open(page, info, "/favoritos");
    const card = page.getByTestId(`favourite-card-${ad.id}`);
    await expect(card.getByText("Vendido", { exact: true })).toBeVisible();
    await expect(card.getByText("Indisponível")).toHaveCount(0);
    await expect(card.getByText("Este anúncio foi vendido.")).toBeVisible();
  });

  test("a visitor opens the seller's page from an ad @nojs", async ({ page }, info) => {
    const seller = insertUser("Sebastião Vendedor");
    const first = insertManagedAd(seller.email, { status: "active", createdDaysAgo: 2 });
    const second = insertManagedAd(seller.email, { status: "active", createdDaysAgo: 1 });
    insertManagedAd(seller.email, { status: "paused", createdDaysAgo: 1 });

    await open(page, info, `/anuncio/${first.id}`);
    await page.getByRole("link", { name: "Ver todos os anúncios de Sebastião Vendedor" }).click();
    await expect(page).toHaveURL(new RegExp(`/vendedor/${seller.id}-sebastiao-vendedor$`));
    await expect(page.getByRole("heading", { level: 1, name: "Sebastião Vendedor" })).toBeVisible();
    await expect(page.getByText(/^No Classificados desde [a-zç]+ de \d{4}$/)).toBeVisible();
    await expect(page.getByTestId("seller-active")).toHaveText("2 anúncios ativos");
    await expect(page.getByTestId("seller-sold")).toHaveText("0 vendidos");
    const cards = page.getByTestId("seller-ads");
    await expect(cards.getByText(first.title)).toBeVisible();
    await expect(cards.getByText(second.title)).toBeVisible();
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/vendedor/${seller.id}-sebastiao-vendedor$`));
    expect(await page.content()).not.toContain(seller.email);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
