/**
 * The buyer on a cheap phone (issue 15), on a 360 × 740 screen, with JavaScript and without (@nojs):
 * results first on /categories, filters (all cities, order, price range), the ad page's first screen
 * and sticky contact bar, the photo viewer, sharing, reporting, views once a day, page titles.
 */
import { randomInt } from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { deleteAd, expect, insertActiveAd, test } from "../support/e2e-ads";
import { waitForHydration } from "../support/hydration";

const SCREEN = { width: 360, height: 740 };
test.use({ viewport: SCREEN });

const cards = (page: Page) => page.locator("article.ad-card");
const filterForm = (page: Page) => page.getByRole("search", { name: "Filtrar anúncios" });

async function openFilters(page: Page) {
  const summary = filterForm(page).locator("summary", { hasText: "Filtros" });
  if ((await summary.locator("xpath=..").getAttribute("open")) === null) await summary.click();
}

/** Top of an element relative to the first screen (the page scrolled to the top). */
async function topOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

/** "R$ 1.800,00" → 1800; "A combinar" → null. */
function priceOf(text: string): number | null {
  const match = /R\$\s*([\d.]+),(\d{2})/.exec(text);
  return match ? Number(`${match[1]!.replaceAll(".", "")}.${match[2]}`) : null;
}

async function cardPrices(page: Page) {
  // Without JavaScript the list may still be arriving (the HTML streams in): read it whole.
  await page.waitForLoadState();
  return Promise.all((await cards(page).all()).map(async (card) => priceOf((await card.textContent()) ?? "")));
}

/** The first public ad with at least two photos, found through the API (the fridge of the demo data). */
async function fridgeId(page: Page) {
  const response = await page.request.get("/api/ads/public?search=geladeira%20brastemp");
  const body = (await response.json()) as { ads: { id: number }[] };
  return body.ads[0]!.id;
}

test.describe("results first on a phone", () => {
  test("the first ad card starts within the first screen of /categories @nojs", async ({ page }) => {
    for (const path of ["/categories", "/categories?category=1", "/categories?search=casa&cityId=todas"]) {
      await page.goto(path);
      await expect(cards(page).first()).toBeVisible();
      const box = await topOf(cards(page).first());
      expect(box.y, path).toBeLessThan(SCREEN.height);
      // Nothing sticks out sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SCREEN.width);
    }
  });

  test("the heading says what the list is, and so does the title @nojs", async ({ page }) => {
    await page.goto("/categories?search=iphone");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText('Resultados para "iphone"');
    await expect(page).toHaveTitle('Resultados para "iphone" | Classificados Patos');
    await page.goto("/categories");
    await page.getByRole("navigation", { name: "Categorias" }).getByRole("link", { name: "Veículos" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Veículos em Patos de Minas");
    await expect(page.getByRole("link", { name: "Remover filtro: Veículos" })).toBeVisible();
  });

  test("the categories are one row of chips on a phone", async ({ page }) => {
    await page.goto("/categories");
    const chips = page.getByRole("navigation", { name: "Categorias" }).getByRole("link");
    const first = await topOf(chips.first());
    const fifth = await topOf(chips.nth(4));
    expect(fifth.y).toBe(first.y);
    expect(first.height).toBeLessThan(48);
  });
});

test.describe("filters: all cities, order and price range", () => {
  test("all cities, a price range and the lowest price first, removable as chips @nojs", async ({ page, javaScriptEnabled }) => {
    await page.goto("/categories");
    if (javaScriptEnabled) await waitForHydration(page);
    const patosTotal = Number((await page.getByTestId("results-count").textContent())!.match(/\d+/)![0]);
    await openFilters(page);
    const form = filterForm(page);
    await form.getByRole("combobox", { name: "Cidade" }).selectOption({ label: "Todas as cidades" });
    await form.getByLabel("Preço mínimo").fill("500");
    await form.getByLabel("Preço máximo").fill("2000");
    await form.getByRole("button", { name: "Aplicar filtros" }).click();
    await expect(page).toHaveURL(/\/categories\?cityId=todas&minPrice=500&maxPrice=2000$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Anúncios em todas as cidades");
    // The panel, closed by the search, shows the filters in effect (with JavaScript, rendered anew for the new list).
    await openFilters(page);
    await expect(form.getByRole("combobox", { name: "Cidade" })).toHaveValue("todas");
    await expect(form.getByLabel("Preço mínimo")).toHaveValue("500");
    await expect(form.getByLabel("Preço máximo")).toHaveValue("2000");
    const inRange = (await page.request.get("/api/ads/public?minPrice=500&maxPrice=2000")).json() as Promise<{ total: number }>;
    const total = (await inRange).total;
    expect(total).toBeGreaterThan(0);
    await expect(page.getByTestId("results-count")).toHaveText(total === 1 ? "1 anúncio encontrado" : `${total} anúncios encontrados`);
    for (const price of await cardPrices(page)) {
      expect(price).not.toBeNull();
      expect(price!).toBeGreaterThanOrEqual(500);
      expect(price!).toBeLessThanOrEqual(2000);
    }

    // The order: with JavaScript choosing it is enough; without, the 'Ordenar' button sends it.
    await page.getByRole("combobox", { name: "Ordenar" }).selectOption({ label: "Menor preço" });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Ordenar", exact: true }).click();
    await expect(page).toHaveURL(/\/categories\?cityId=todas&minPrice=500&maxPrice=2000&sort=price_asc$/);
    await expect(page.getByRole("link", { name: "Remover filtro: Menor preço" })).toBeVisible();
    const ascending = await cardPrices(page);
    expect(ascending).toEqual([...ascending].sort((a, b) => a! - b!));

    await page.getByRole("combobox", { name: "Ordenar" }).selectOption({ label: "Maior preço" });
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Ordenar", exact: true }).click();
    await expect(page).toHaveURL(/sort=price_desc$/);
    await expect(page.getByRole("link", { name: "Remover filtro: Maior preço" })).toBeVisible();
    const descending = await cardPrices(page);
    expect(descending).toEqual([...descending].sort((a, b) => b! - a!));

    // Each filter in effect is a chip that removes it.
    await page.getByRole("link", { name: /^Remover filtro: R\$\s500,00 a R\$\s2\.000,00$/ }).click();
    await expect(page).toHaveURL(/\/categories\?cityId=todas&sort=price_desc$/);
    // The list before had this chip too (leading back to the price range): wait until the price chip is gone.
    await expect(page.getByRole("link", { name: /^Remover filtro: R\$/ })).toHaveCount(0);
    await page.getByRole("link", { name: "Remover filtro: Maior preço" }).click();
    await expect(page).toHaveURL(/\/categories\?cityId=todas$/);
    const allCities = Number((await page.getByTestId("results-count").textContent())!.match(/\d+/)![0]);
    expect(allCities).toBeGreaterThan(patosTotal);
  });

  test("the newest first, and the next page keeps the order and the filters", async ({ page }) => {
    await page.goto("/categories?cityId=todas&sort=newest");
    await waitForHydration(page);
    await expect(cards(page)).toHaveCount(12);
    const asked = page.waitForRequest((r) => r.url().includes("/api/ads/public"));
    await page.getByTestId("scroll-sentinel").scrollIntoViewIfNeeded();
    const url = new URL((await asked).url());
    expect(url.searchParams.get("sortBy")).toBe("createdAt");
    expect(url.searchParams.get("sortOrder")).toBe("desc");
    expect(url.searchParams.has("cityId")).toBe(false);
    await expect(cards(page).nth(12)).toBeVisible();
    const dates = await cards(page).locator("time").evaluateAll((times) => times.map((t) => new Date(t.getAttribute("datetime")!).getTime()));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});

test.describe("the ad page on a phone", () => {
  test("title, price and the contact button in the first screen; the bar stays while scrolling; the price once @nojs", async ({ page }) => {
    await page.goto(`/anuncio/${await fridgeId(page)}`);
    const title = await topOf(page.getByRole("heading", { level: 1 }));
    expect(title.y + title.height).toBeLessThanOrEqual(SCREEN.height);
    const price = await topOf(page.getByTestId("ad-price"));
    expect(price.y + price.height).toBeLessThanOrEqual(SCREEN.height);
    const contact = page.getByRole("link", { name: "Entrar em Contato" });
    const first = await topOf(contact);
    expect(first.y).toBeGreaterThanOrEqual(0);
    expect(first.y + first.height).toBeLessThanOrEqual(SCREEN.height);
    // The price appears once in the page (the Detalhes section no longer repeats it).
    await expect(page.getByRole("main").getByText("R$ 1.800,00")).toHaveCount(1);

    // Scrolled into the middle of the ad (its end still below the screen), the bar is still there, at the bottom.
    const middle = await page.getByRole("article").evaluate((article, height) => article.getBoundingClientRect().bottom + window.scrollY - height - 200, SCREEN.height);
    expect(middle).toBeGreaterThan(300);
    await page.mouse.wheel(0, middle);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    const after = await topOf(contact);
    expect(after.y + after.height).toBeLessThanOrEqual(SCREEN.height);
    expect(after.y).toBeGreaterThan(SCREEN.height - 100);
    // At the very end it rests under the ad, still in reach.
    await page.getByRole("link", { name: "Ver mais anúncios" }).scrollIntoViewIfNeeded();
    const end = await topOf(contact);
    expect(end.y).toBeGreaterThanOrEqual(0);
    expect(end.y + end.height).toBeLessThanOrEqual(SCREEN.height);

    // Safety tips next to the contact, and the way to report.
    await expect(page.getByRole("complementary", { name: "Dicas de segurança" })).toContainText("código");
    await expect(page.getByText("Denunciar anúncio")).toBeVisible();
  });

  test("photos are shown whole, and without JavaScript each opens as a plain image @nojs", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "with JavaScript a photo opens the viewer (tested below)");
    await page.goto(`/anuncio/${await fridgeId(page)}`);
    const photo = page.getByRole("link", { name: /^Ampliar foto 1 de \d+$/ });
    await expect(photo.locator("img")).toHaveCSS("object-fit", "contain");
    const href = await photo.getAttribute("href");
    expect(href).toMatch(/^\/images\/[\w-]+\?w=1200$/);
    await photo.click();
    await expect(page).toHaveURL(new RegExp(`${href!.replace("?", "\\?")}$`));
  });

  test("the photo viewer: swipe to the next photo, pinch to zoom, Escape to close", async ({ page }) => {
    await page.goto(`/anuncio/${await fridgeId(page)}`);
    await waitForHydration(page);
    await expect(page.getByRole("link", { name: /^Ampliar foto 1 de \d+$/ }).locator("img")).toHaveCSS("object-fit", "contain");
    await page.getByRole("link", { name: /^Ampliar foto 1 de \d+$/ }).click();
    const viewer = page.getByTestId("photo-viewer");
    await expect(viewer).toBeVisible();
    const position = viewer.getByTestId("photo-viewer-position");
    await expect(position).toHaveText(/^1 \/ \d+$/);
    const image = viewer.getByTestId("photo-viewer-image");
    await expect(image).toHaveCSS("object-fit", "contain");

    const box = await topOf(image);
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", points: { x: number; y: number }[]) =>
      cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points.map((p, id) => ({ ...p, id })) });

    // Swipe left: the next photo.
    await touch("touchStart", [{ x: cx + 100, y: cy }]);
    for (let step = 1; step <= 8; step++) await touch("touchMove", [{ x: cx + 100 - step * 25, y: cy }]);
    await touch("touchEnd", []);
    await expect(position).toHaveText(/^2 \/ \d+$/);

    // Pinch out: zoomed in.
    await touch("touchStart", [
      { x: cx - 20, y: cy },
      { x: cx + 20, y: cy },
    ]);
    for (let step = 1; step <= 8; step++) {
      await touch("touchMove", [
        { x: cx - 20 - step * 10, y: cy },
        { x: cx + 20 + step * 10, y: cy },
      ]);
    }
    await touch("touchEnd", []);
    await expect.poll(async () => Number(await image.getAttribute("data-scale"))).toBeGreaterThan(2);

    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("'Compartilhar': a WhatsApp link without JavaScript, the phone's share sheet with it @nojs", async ({ page, javaScriptEnabled }) => {
    if (javaScriptEnabled) {
      await page.addInitScript(() => {
        (window as unknown as { shared: unknown[] }).shared = [];
        Object.defineProperty(navigator, "share", {
          value: (data: unknown) => {
            (window as unknown as { shared: unknown[] }).shared.push(data);
            return Promise.resolve();
          },
        });
      });
    }
    const id = await fridgeId(page);
    await page.goto(`/anuncio/${id}`);
    const share = page.getByRole("link", { name: "Compartilhar" });
    const href = decodeURIComponent((await share.getAttribute("href"))!).replaceAll("\u00a0", " ");
    expect(href).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(href).toContain(`/anuncio/${id}`);
    expect(href).toContain("R$ 1.800,00");
    if (javaScriptEnabled) {
      await waitForHydration(page);
      await share.click();
      const shared = (await page.evaluate(() => (window as unknown as { shared: { url: string; title: string }[] }).shared)) ?? [];
      expect(shared).toHaveLength(1);
      expect(shared[0]!.url).toMatch(new RegExp(`/anuncio/${id}-[a-z0-9-]+$`));
    }
  });

  test("a view is counted once per visitor a day: a reload does not count again @nojs", async ({ page, request, ownAd }) => {
    const viewsOf = async () => ((await (await request.get(`/api/ads/${ownAd.id}`)).json()) as { views: number }).views;
    await page.goto(`/anuncio/${ownAd.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ownAd.title);
    await expect.poll(viewsOf).toBe(1);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ownAd.title);
    await page.goto(`/anuncio/${ownAd.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ownAd.title);
    expect(await viewsOf()).toBe(1);
  });
});

/** A visitor of their own: a fresh browser context (its own cookie) from its own address. */
async function visitor(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    viewport: SCREEN,
    javaScriptEnabled,
    locale: "pt-BR",
    // An address of its own among 16 million: a visitor that drew the throttle test's address would find its reports refused.
    extraHTTPHeaders: { "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  return { context, page: await context.newPage() };
}

async function report(page: Page, adId: number, javaScriptEnabled: boolean, reason: string) {
  await page.goto(`/anuncio/${adId}`);
  if (javaScriptEnabled) await waitForHydration(page);
  await page.getByText("Denunciar anúncio").click();
  const form = page.getByRole("form", { name: "Denunciar anúncio" });
  await form.getByLabel(reason).check();
  await form.getByLabel("Conte o que aconteceu (opcional)").fill("Pediu um sinal pelo PIX antes de mostrar o produto.");
  await form.getByRole("button", { name: "Enviar denúncia" }).click();
  await expect(page.getByRole("status")).toContainText("Denúncia enviada");
  // With JavaScript the answer replaces the form in place; without it, it is the report page.
  await expect(page).toHaveURL(javaScriptEnabled ? new RegExp(`/anuncio/${adId}-[a-z0-9-]+$`) : new RegExp(`/anuncio/${adId}/denunciar$`));
}

test.describe("reporting an ad", () => {
  test("three visitors report an ad: it stays public, since anonymous reports never hide an ad (ADR 021) @nojs", async ({ browser, request, ownAd, javaScriptEnabled }) => {
    const searchTotal = async () =>
      ((await (await request.get(`/api/ads/public?search=${ownAd.title.split(" ")[1]}`)).json()) as { total: number }).total;
    expect(await searchTotal()).toBe(1);
    const reasons = ["Golpe ou tentativa de fraude", "Anúncio falso ou enganoso", "Golpe ou tentativa de fraude"];
    for (const [index, reason] of reasons.entries()) {
      const { context, page } = await visitor(browser, javaScriptEnabled);
      await report(page, ownAd.id, javaScriptEnabled, reason);
      if (index === 0) {
        // The same visitor again is told so, and nothing changes.
        await page.goto(`/anuncio/${ownAd.id}`);
        await page.getByText("Denunciar anúncio").click();
        await page.getByRole("form", { name: "Denunciar anúncio" }).getByLabel("Outro motivo").check();
        await page.getByRole("button", { name: "Enviar denúncia" }).click();
        await expect(page.getByRole("status")).toContainText("Você já denunciou este anúncio");
      }
      await context.close();
      expect(await searchTotal()).toBe(1);
    }
    expect((await request.get(`/api/ads/${ownAd.id}`)).status()).toBe(200);
  });

  test("the reason is required, and reports are throttled per visitor", async ({ browser }) => {
    // Six ads of this test's own: a visitor may report five an hour.
    const ids = Array.from({ length: 6 }, () => insertActiveAd().id);
    const { context, page } = await visitor(browser, true);
    try {
      await page.goto(`/anuncio/${ids[0]}`);
      await waitForHydration(page);
      await page.getByText("Denunciar anúncio").click();
      // The browser asks for a reason before sending anything.
      await page.getByRole("button", { name: "Enviar denúncia" }).click();
      await expect(page.getByRole("form", { name: "Denunciar anúncio" }).getByLabel("Golpe ou tentativa de fraude")).toBeFocused();
      await expect(page.getByRole("status")).toHaveCount(0);
      for (const [index, id] of ids.entries()) {
        const response = await context.request.post(`/api/ads/${id}/report`, { data: { reason: "outro" } });
        expect(response.status(), `report ${index + 1}`).toBe(index < 5 ? 200 : 429);
        if (index === 5) {
          expect(response.headers()["retry-after"]).toMatch(/^\d+$/);
          expect(((await response.json()) as { message: string }).message).toContain("Muitas denúncias");
        }
      }
    } finally {
      await context.close();
      for (const id of ids) deleteAd(id);
    }
  });
});

test.describe("titles", () => {
  test("a 404 page has its own title @nojs", async ({ page }) => {
    const response = await page.goto("/esta-pagina-nao-existe");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Página não encontrada | Classificados Patos");
    await page.goto("/anuncio/999999");
    await expect(page).toHaveTitle("Anúncio não encontrado | Classificados Patos");
  });
});
