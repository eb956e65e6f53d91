/**
 * Issue #20: a search on /categories is shown 'Mais relevantes' first — 'carro' brings the cars before
 * "Casa 3 quartos com área gourmet", the most viewed ad with 'carros' only in its description — and an
 * order the visitor picks ('Mais vistos') wins. With and without JavaScript.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/e2e-ads";
import { waitForHydration } from "../support/hydration";

const HOUSE = "Casa 3 quartos com área gourmet";
const cards = (page: Page) => page.locator("article.ad-card");
const sortMenu = (page: Page) => page.locator('select[name="sort"]');

test("searching 'carro' shows the cars first, by relevance; 'Mais vistos' puts the house first @nojs", async ({ page, javaScriptEnabled }) => {
  await page.goto("/categories");
  if (javaScriptEnabled) await waitForHydration(page);
  // Without a search the list keeps the spec's order, by views.
  await expect(sortMenu(page)).toHaveValue("views");
  await expect(sortMenu(page).locator("option:checked")).toHaveText("Mais vistos");

  await page.getByRole("searchbox", { name: "Palavra-chave" }).fill("carro");
  await page.getByRole("button", { name: "Buscar" }).click();
  // The menu sent "views", but that was only the default of the list without words: relevance now.
  await expect(page).toHaveURL(/\/categories\?search=carro&cityId=\d+$/);
  await expect(page.getByRole("heading", { name: 'Resultados para "carro"' })).toBeVisible();
  await expect(sortMenu(page)).toHaveValue("relevance");
  await expect(sortMenu(page).locator("option:checked")).toHaveText("Mais relevantes");

  const titles = await cards(page).getByRole("heading").allTextContents();
  const house = titles.indexOf(HOUSE);
  expect(house).toBeGreaterThan(0);
  // Everything before the house is a vehicle (found by its title or subcategory, 'Carros').
  for (let i = 0; i < house; i++) await expect(cards(page).nth(i).locator(".badge-brand")).toHaveText("Veículos");

  // The visitor's own choice wins: by views, the house comes first again, and the choice stays in the URL.
  await sortMenu(page).selectOption("views");
  // With JavaScript the choice submits itself; without it, the noscript 'Ordenar' button does.
  if (!javaScriptEnabled) await page.getByRole("button", { name: "Ordenar" }).click();
  await expect(page).toHaveURL(/\/categories\?search=carro&cityId=\d+&sort=views$/);
  await expect(cards(page).first().getByRole("heading")).toHaveText(HOUSE);
  await expect(sortMenu(page)).toHaveValue("views");
});

test("removing the search goes back to the list by views, not to 'Mais relevantes' @nojs", async ({ page, javaScriptEnabled }) => {
  await page.goto("/categories?search=carro");
  if (javaScriptEnabled) await waitForHydration(page);
  await expect(sortMenu(page)).toHaveValue("relevance");
  await page.getByRole("link", { name: 'Remover filtro: "carro"' }).click();
  await expect(page).toHaveURL(/\/categories(\?cityId=\d+)?$/);
  await expect(sortMenu(page)).toHaveValue("views");
  await expect(page.getByRole("heading", { level: 1 })).not.toContainText("Resultados para");
});
