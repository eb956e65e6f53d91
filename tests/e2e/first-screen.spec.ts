/**
 * The first screen a buyer sees on a 360 × 740 phone (issue #35, item 5): on the home page the search
 * box, the city selector and the first ad's photo, title and price; on /categories at least three ads
 * (photo, title, price) by default; and the city chosen on one list page is the one the next list page
 * and the next visit show, with JavaScript and without (ADR 043).
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

const PHONE = { width: 360, height: 740 };

/** Whether the element's whole box lies within the first screen (scrolled to the top). */
async function inFirstScreen(locator: Locator) {
  const box = await locator.boundingBox();
  return box !== null && box.width > 0 && box.y >= 0 && box.x >= 0 && box.y + box.height <= PHONE.height && box.x + box.width <= PHONE.width;
}

/** How many cards of `list` show their photo, title and price within the first screen. */
async function cardsInFirstScreen(list: Locator) {
  let shown = 0;
  for (const card of await list.locator("article").all()) {
    const parts = [card.locator("img").first(), card.locator(".ad-card-title"), card.locator(".ad-card-price")];
    if ((await Promise.all(parts.map(inFirstScreen))).every(Boolean)) shown++;
  }
  return shown;
}

async function openPhone(page: Page, path: string) {
  await page.setViewportSize(PHONE);
  await page.goto(path);
}

test.describe("the first screen on a 360 × 740 phone", () => {
  test("the home page holds the search box, the city selector and the first ad's photo, title and price @nojs", async ({ page }) => {
    await openPhone(page, "/");
    // The spec's slogan stays, on one short banner.
    await expect(page.getByRole("heading", { level: 1, name: "Pequenos anúncios, grandes negócios!" })).toBeVisible();
    const search = page.getByRole("search", { name: "Buscar anúncios" }).getByRole("searchbox", { name: "O que você procura?" });
    expect(await inFirstScreen(search)).toBe(true);
    expect(await inFirstScreen(page.getByRole("combobox", { name: "Cidade" }))).toBe(true);
    expect(await cardsInFirstScreen(page.locator("main"))).toBeGreaterThanOrEqual(1);

    // The search box leads to /categories, in the city shown.
    await search.fill("geladeira");
    await search.press("Enter");
    await expect(page).toHaveURL(/\/categories\?(cityId=\d+&search=geladeira|search=geladeira&cityId=\d+)$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Resultados para "geladeira"');
  });

  test("/categories shows at least three ads by default, the spec's cards one tap away @nojs", async ({ page, javaScriptEnabled }) => {
    await openPhone(page, "/categories");
    const list = page.getByTestId("ad-list");
    expect(await cardsInFirstScreen(list)).toBeGreaterThanOrEqual(3);
    if (!javaScriptEnabled) return;
    // The switch (JavaScript only, like the desktop's): the spec's full card, remembered on the next page.
    await page.getByRole("button", { name: "Cartões completos" }).click();
    await expect(list.locator(".ad-card-text").first()).toBeVisible();
    expect(await cardsInFirstScreen(list)).toBeLessThan(3);
    await page.reload();
    await expect(page.getByRole("button", { name: "Cartões completos" })).toHaveAttribute("aria-pressed", "true");
    await expect(list.locator(".ad-card-text").first()).toBeVisible();
    await page.getByRole("button", { name: "Lista compacta" }).click();
    await expect(list.locator(".ad-card-text").first()).toBeHidden();
  });
});

test.describe("the chosen city", () => {
  test("is the one /categories shows next, and the home page on the next visit @nojs", async ({ page, context, javaScriptEnabled }) => {
    await openPhone(page, "/");
    await page.getByRole("combobox", { name: "Cidade" }).selectOption({ label: "Lagoa Formosa - MG" });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Ver" }).click();
    await expect(page).toHaveURL(/\/\?cityId=\d+$/);
    await expect(page.getByText(/^\d+ anúncios? em Lagoa Formosa$/)).toBeVisible();
    const cityId = new URL(page.url()).searchParams.get("cityId");

    // The header's "Categorias", a link without a city: the list is of the city chosen.
    await page.goto("/categories");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anúncios em Lagoa Formosa");
    await expect(page.getByRole("list", { name: "Filtros aplicados" }).getByRole("link", { name: "Remover filtro: Lagoa Formosa" })).toBeVisible();

    // The next visit: a new tab, typing the address.
    const next = await context.newPage();
    await openPhone(next, "/");
    await expect(next.getByRole("combobox", { name: "Cidade" })).toHaveValue(cityId!);
    await expect(next.getByText(/^\d+ anúncios? em Lagoa Formosa$/)).toBeVisible();

    // Choosing "Todas as cidades" on /categories is remembered there; the home page keeps to one city, the default.
    await next.goto("/categories?cityId=todas");
    await expect(next.getByRole("heading", { level: 1 })).toHaveText("Anúncios em todas as cidades");
    await next.goto("/categories?category=1");
    await expect(next.getByRole("heading", { level: 1 })).toContainText("em todas as cidades");
    await next.goto("/");
    await expect(next.getByText(/^\d+ anúncios? em Patos de Minas$/)).toBeVisible();
  });

  test("a first visit sets nothing; the cookie holds only the city", async ({ page, context }) => {
    await openPhone(page, "/");
    expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain("cidade");
    await page.goto("/categories?cityId=todas");
    const city = (await context.cookies()).find((cookie) => cookie.name === "cidade");
    expect(city).toMatchObject({ value: "todas", httpOnly: true, sameSite: "Lax", path: "/" });
    // A city that does not exist is not remembered.
    await page.goto("/categories?cityId=999999");
    expect((await context.cookies()).find((cookie) => cookie.name === "cidade")?.value).toBe("todas");
  });
});
