import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/e2e-ads";
import { waitForHydration } from "../support/hydration";

const cards = (page: Page) => page.locator("article.ad-card");
/** The home page's featured list (its 'Recém-chegados' above are cards too). */
const featured = (page: Page) => page.locator('section[aria-labelledby="destaques"] article.ad-card');

/** /categories keeps everything but the keyword under 'Filtros' (a <details>, closed on arrival): open it. */
async function openFilters(form: Locator) {
  const summary = form.locator("summary", { hasText: "Filtros" });
  if ((await summary.locator("xpath=..").getAttribute("open")) === null) await summary.click();
}

test.describe("browsing with JavaScript", () => {
  test("the home list scrolls into page 2 and stops at the total", async ({ page }) => {
    const pagesAsked: string[] = [];
    page.on("request", (r) => {
      const url = new URL(r.url());
      if (url.pathname === "/api/ads/public") pagesAsked.push(url.searchParams.get("page") ?? "");
    });
    await page.goto("/");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Anúncios em Destaque" })).toBeVisible();
    await expect(featured(page)).toHaveCount(12);
    const total = Number((await page.getByText(/\d+ anúncios em Patos de Minas/).textContent())?.match(/\d+/)?.[0]);
    expect(total).toBeGreaterThan(12);
    expect(pagesAsked).toEqual([]);

    await page.getByTestId("scroll-sentinel").scrollIntoViewIfNeeded();
    await expect(featured(page).nth(12)).toBeVisible();
    expect(pagesAsked[0]).toBe("2");
    // Keep scrolling to the sentinel until everything is there (waiting on the count, not on a clock).
    await expect(async () => {
      if ((await featured(page).count()) < total) await page.getByTestId("scroll-sentinel").scrollIntoViewIfNeeded({ timeout: 1_000 });
      await expect(featured(page)).toHaveCount(total, { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });
    await expect(page.getByTestId("scroll-sentinel")).toHaveCount(0);
    expect(pagesAsked).toEqual(Array.from({ length: Math.ceil(total / 12) - 1 }, (_, i) => String(i + 2)));
    await expect(page.getByRole("link", { name: "Próxima página" })).toHaveCount(0);
  });

  test("Ver Detalhes opens the ad in a dialog at its own address; Fechar and Back close it", async ({ page }) => {
    await page.goto("/categories");
    await waitForHydration(page);
    await expect(cards(page).first()).toBeVisible();
    const first = cards(page).first();
    const title = await first.getByRole("heading").textContent();

    await first.getByRole("link", { name: "Ver Detalhes" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: title!, level: 2 })).toBeVisible();
    for (const section of ["Detalhes", "Anunciante", "Localização", "Informações", "Descrição"]) {
      await expect(dialog.getByRole("heading", { name: section, exact: true })).toBeVisible();
    }
    await expect(page).toHaveURL(/\/anuncio\/\d+-[a-z0-9-]+$/);

    await dialog.getByRole("button", { name: "Fechar", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/categories$/);

    // Open again, then the phone's Back button: closes, and the list is still the same list.
    await page.evaluate(() => window.scrollTo(0, 600));
    await cards(page).nth(1).getByRole("link", { name: "Ver Detalhes" }).click();
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(cards(page)).toHaveCount(12);
  });

  test("an ad opened over the list asks for its data, the dialog's code and its parts' code at once, not one after another", async ({ page }) => {
    await page.goto("/categories");
    await waitForHydration(page);
    // As on a slow link: the ad's data takes 800 ms to come.
    await page.route(/\/api\/ads\/\d+$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    const asked = new Map<string, number>();
    const answered = new Map<string, number>();
    const name = (url: string) => (/\/api\/ads\/\d+$/.test(url) ? "data" : (/\/assets\/(AdDialog|AdFacts|SafetyTips|MessageSellerForm|ReportForm)-[^/]+\.js$/.exec(url)?.[1] ?? null));
    page.on("request", (request) => {
      const part = name(request.url());
      if (part && !asked.has(part)) asked.set(part, Date.now());
    });
    page.on("requestfinished", (request) => {
      const part = name(request.url());
      if (part && !answered.has(part)) answered.set(part, Date.now());
    });

    const first = cards(page).first();
    await first.getByRole("link", { name: "Ver Detalhes" }).click();
    // The card the server sent says the ad is on its way, as a card rendered here does.
    await expect(first.getByRole("link", { name: "Carregando..." })).toHaveAttribute("aria-busy", "true");
    await expect(page.getByRole("dialog").getByRole("heading", { name: "Anunciante", exact: true })).toBeVisible();
    await expect(first.getByRole("link", { name: "Ver Detalhes" })).not.toHaveAttribute("aria-busy");
    expect([...asked.keys()].sort()).toEqual(["AdDialog", "AdFacts", "MessageSellerForm", "ReportForm", "SafetyTips", "data"]);
    // The data was asked before the dialog's code came, and every part's code before the data came.
    expect(asked.get("data")!).toBeLessThanOrEqual(answered.get("AdDialog")!);
    for (const part of ["AdFacts", "SafetyTips", "MessageSellerForm", "ReportForm"]) expect(asked.get(part)!, part).toBeLessThan(answered.get("data")!);
  });

  test("a list page's cards travel once, in its HTML: its data names them by id, and a client-side visit gets them whole", async ({ page }) => {
    const html = await (await page.request.get("/")).text();
    const pageData = html.slice(html.indexOf("streamController.enqueue"));
    const titles = [...html.matchAll(/<h3 id="anuncio-\d+-titulo" class="ad-card-title">([^<]+)<\/h3>/g)].map((match) => match[1]!);
    expect(titles).toHaveLength(20); // 'Recém-chegados' and the featured list
    for (const title of titles) expect(pageData).not.toContain(JSON.stringify(title).slice(1, -1));
    // What a client-side navigation asks for carries the cards themselves.
    const data = await (await page.request.get("/_root.data")).text();
    expect(data).toContain(JSON.stringify(titles[8]!).slice(1, -1));
  });

  test("a photo the server's card names that fails to load gives way to 'Sem foto'", async ({ page }) => {
    await page.route(/\/images\//, (route) => route.fulfill({ status: 404, body: "" }));
    await page.goto("/categories");
    await waitForHydration(page);
    await expect(cards(page).first().getByText("Sem foto")).toBeVisible();
    await expect(cards(page).locator("img")).toHaveCount(0);
  });

  test("when React renders a list page anew instead of hydrating it, its cards come back whole", async ({ page }) => {
    // A text the browser's render does not match (as an extension or a translator would change the page):
    // React gives up the server's HTML and renders the page itself, without the cards' HTML.
    await page.route(/\/categories$/, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.text()).replace(/(data-testid="results-count"[^>]*>)[^<]+/, "$1…");
      await route.fulfill({ response: answer, body });
    });
    const dataAsked = page.waitForRequest((request) => new URL(request.url()).pathname === "/categories.data");
    await page.goto("/categories");
    await dataAsked;
    await expect(page.getByTestId("results-count")).toHaveText(/\d+ anúncios encontrados/);
    await expect(cards(page)).toHaveCount(12);
    await expect(cards(page).first().getByRole("heading")).not.toBeEmpty();
    await cards(page).first().getByRole("link", { name: "Ver Detalhes" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
  });

  // Its own ad: other tests open the demo ads at the same time, and each opening is a view.
  test("opening an ad counts exactly one view", async ({ page, request, ownAd }) => {
    const viewsOf = async () => ((await (await request.get(`/api/ads/${ownAd.id}`)).json()) as { views: number }).views;
    await page.goto(`/categories?search=${ownAd.title.split(" ")[1]}&cityId=${ownAd.cityId}`);
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    await expect(card.getByRole("heading")).toHaveText(ownAd.title);
    const details = card.getByRole("link", { name: "Ver Detalhes" });
    await expect(details).toHaveAttribute("href", new RegExp(`^/anuncio/${ownAd.id}-[a-z0-9-]+$`));
    await waitForHydration(page);
    // Pointing at the link (which may load the dialog's code ahead) is not a view.
    await details.hover();
    expect(await viewsOf()).toBe(0);
    const counted = page.waitForResponse((r) => r.url().endsWith(`/api/ads/${ownAd.id}/view`) && r.request().method() === "POST");
    await details.click();
    expect((await counted).status()).toBe(200);
    await expect(page.getByRole("dialog")).toBeVisible();
    await expect(page.getByRole("dialog").getByRole("heading", { name: ownAd.title, level: 2 })).toBeVisible();
    expect(await viewsOf()).toBe(1);
  });

  test("the WhatsApp button opens a chat with 55 + digits and the first 40 characters of the description", async ({ page }) => {
    await page.goto("/categories?search=geladeira%20brastemp");
    const card = cards(page).first();
    await expect(card).toBeVisible();
    const description =
      "Geladeira Brastemp frost free duplex 375 litros, inox, 220V. Funcionando perfeitamente, gelando muito. Vendo por motivo de mudança. Retirar no bairro Cidade Nova.";
    // A phone's compact list leaves the description to the spec's full card, one tap away (ADR 043).
    await page.getByRole("button", { name: "Cartões completos" }).click();
    await expect(card.getByText(description)).toBeVisible();
    const link = card.getByRole("link", { name: "Conversar no WhatsApp" });
    // Through the contact counter (/anuncio/{id}/contato), which redirects to the chat.
    await expect(link).toHaveAttribute("href", /^\/anuncio\/\d+\/contato$/);
    await expect(link).toHaveAttribute("target", "_blank");
    const answer = await page.request.get((await link.getAttribute("href"))!, { maxRedirects: 0 });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe(`https://wa.me/5534995773046?text=${encodeURIComponent(description.slice(0, 40))}`);
  });

  test("a category from the home grid preselects the filter; changing it resets subcategory and type", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    // The chips are plain anchors with one handler on their list (in-app-links.ts): still an in-app navigation.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.getByRole("region", { name: "Categorias" }).getByRole("link", { name: "Casa e Móveis" }).click();
    await expect(page).toHaveURL(/\/categories\?category=\d+$/);
    expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
    // The chip of the list already shown replaces it in the history, as a <Link> would.
    const historyLength = await page.evaluate(() => history.length);
    await page.getByRole("navigation", { name: "Categorias" }).getByRole("link", { name: "Casa e Móveis" }).click();
    await expect(page).toHaveURL(/\/categories\?category=\d+$/);
    expect(await page.evaluate(() => history.length)).toBe(historyLength);
    const form = page.getByRole("search", { name: "Filtrar anúncios" });
    await openFilters(form);
    await expect(form.getByRole("combobox", { name: "Categoria", exact: true })).toHaveValue(/\d+/);
    await expect(form.getByRole("combobox", { name: "Subcategoria", exact: true })).toBeEnabled();
    await form.getByRole("combobox", { name: "Subcategoria", exact: true }).selectOption({ label: "Eletrodomésticos" });
    await form.getByRole("combobox", { name: "Tipo", exact: true }).selectOption("Vender");
    await form.getByRole("combobox", { name: "Categoria", exact: true }).selectOption({ label: "Veículos" });
    await expect(form.getByRole("combobox", { name: "Subcategoria", exact: true })).toHaveValue("");
    await expect(form.getByRole("combobox", { name: "Tipo", exact: true })).toHaveValue("");
    await form.getByRole("combobox", { name: "Categoria", exact: true }).selectOption("");
    await expect(form.getByRole("combobox", { name: "Subcategoria", exact: true })).toBeDisabled();
  });

  test("on a list that came as a page, a new category keeps the panel open on its subcategories; a new list drops what was not sent", async ({ page }) => {
    await page.goto("/categories");
    await waitForHydration(page);
    const form = page.getByRole("search", { name: "Filtrar anúncios" });
    await openFilters(form);
    await form.getByRole("combobox", { name: "Categoria", exact: true }).selectOption({ label: "Veículos" });
    await expect(page).toHaveURL(/\/categories\?category=\d+&cityId=\d+$/);
    // Still open, its fields the new list's: the subcategories of Veículos, ready to pick.
    await expect(form.getByRole("combobox", { name: "Subcategoria", exact: true })).toBeVisible();
    await expect(form.getByRole("combobox", { name: "Subcategoria", exact: true })).toBeEnabled();
    await expect(form.getByRole("combobox", { name: "Subcategoria", exact: true }).getByRole("option", { name: "Carros" })).toBeAttached();
    // A type chosen and not applied, then another list with the same filters (the order's chip removed).
    await page.getByRole("combobox", { name: "Ordenar" }).selectOption({ label: "Menor preço" });
    await expect(page).toHaveURL(/sort=price_asc$/);
    await form.getByRole("combobox", { name: "Tipo", exact: true }).selectOption("Trocar");
    await page.getByRole("link", { name: "Remover filtro: Menor preço" }).click();
    await expect(page).toHaveURL(/\/categories\?category=\d+&cityId=\d+$/);
    await expect(form.getByRole("combobox", { name: "Tipo", exact: true })).toHaveValue("");
  });

  test("what a visitor types before JavaScript arrives survives hydration", async ({ page }) => {
    // Hold the scripts back, as a slow connection would, until the visitor has typed.
    let releaseScripts!: () => void;
    const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
    await page.route("**/assets/*.js", async (route) => {
      await scriptsHeld;
      await route.continue();
    });
    await page.goto("/categories", { waitUntil: "commit" });
    const form = page.getByRole("search", { name: "Filtrar anúncios" });
    await form.getByLabel("Palavra-chave").fill("geladeira");
    releaseScripts();
    await waitForHydration(page);
    await expect(form.getByRole("button", { name: "Limpar busca" })).toBeVisible();
    await openFilters(form);
    await form.getByRole("combobox", { name: "Categoria", exact: true }).selectOption({ label: "Casa e Móveis" });
    await expect(form.getByLabel("Palavra-chave")).toHaveValue("geladeira");
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/categories\?search=geladeira&category=\d+&cityId=\d+$/);
  });
});

test.describe("layout switch on desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false });

  test("switches between 1, 2 and 3 ads per row, default 3, and remembers the choice", async ({ page }) => {
    const columns = () =>
      page.getByTestId("ad-list").evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(" ").length);
    await page.goto("/categories");
    await waitForHydration(page);
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "3 anúncios por linha" })).toHaveAttribute("aria-pressed", "true");
    expect(await columns()).toBe(3);

    await page.getByRole("button", { name: "1 anúncio por linha" }).click();
    expect(await columns()).toBe(1);
    await page.getByRole("button", { name: "2 anúncios por linha" }).click();
    expect(await columns()).toBe(2);

    await page.reload();
    expect(await columns()).toBe(2);
    await expect(page.getByRole("button", { name: "2 anúncios por linha" })).toHaveAttribute("aria-pressed", "true");
    await page.goto("/");
    expect(await columns()).toBe(2);
  });

  test("the switch is hidden on a phone", async ({ browser }) => {
    const phone = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await phone.newPage();
    await page.goto("/categories");
    await expect(cards(page).first()).toBeVisible();
    await expect(page.getByRole("group", { name: "Anúncios por linha" })).toBeHidden();
    await phone.close();
  });
});

test.describe("browsing without JavaScript", () => {
  test("the filter form searches by keyword, category and type, and the URL keeps the state @nojs", async ({ page }) => {
    await page.goto("/categories");
    const form = page.getByRole("search", { name: "Filtrar anúncios" });
    await openFilters(form);
    await expect(form.getByRole("combobox", { name: "Subcategoria", exact: true })).toBeDisabled();
    await form.getByLabel("Palavra-chave").fill("geladeira");
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/categories\?search=geladeira&cityId=\d+$/);
    // The address changes before the results do, and the list before had a count and a form too.
    await expect(page.getByRole("heading", { level: 1, name: 'Resultados para "geladeira"' })).toBeVisible();
    await expect(page.getByTestId("results-count")).toHaveText(/^\d+ anúncios? encontrados?$/);
    await expect(cards(page).filter({ hasText: "Geladeira Brastemp" })).toHaveCount(1);

    // Pick a category: the subcategory list opens with that category's entries.
    await openFilters(form);
    await form.getByRole("combobox", { name: "Categoria", exact: true }).selectOption({ label: "Casa e Móveis" });
    await form.getByRole("button", { name: "Buscar" }).click();
    // Let the results arrive first: they redraw the form with the filters they were made for.
    await expect(page).toHaveURL(/\/categories\?search=geladeira&category=\d+&cityId=\d+$/);
    await openFilters(form);
    await expect(form.getByRole("combobox", { name: "Subcategoria", exact: true })).toBeEnabled();
    await form.getByRole("combobox", { name: "Subcategoria", exact: true }).selectOption({ label: "Eletrodomésticos" });
    await form.getByRole("combobox", { name: "Tipo", exact: true }).selectOption("Vender");
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/search=geladeira&category=\d+&subcategoryId=\d+&cityId=\d+&adType=Vender$/);
    // Its own chip, not the cards the list before had: the category below is picked on this list's form.
    await expect(page.getByRole("link", { name: "Remover filtro: Vender" })).toBeVisible();
    await expect(cards(page).first()).toBeVisible();

    // Changing the category drops subcategory and type, even without JavaScript.
    await openFilters(form);
    await form.getByRole("combobox", { name: "Categoria", exact: true }).selectOption({ label: "Veículos" });
    await form.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\/categories\?search=geladeira&category=\d+&cityId=\d+$/);
    await expect(page.getByTestId("results-count")).toHaveText("Nenhum anúncio encontrado");
    await page.getByRole("link", { name: "Limpar Filtros" }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByTestId("results-count")).toHaveText(/\d+ anúncios encontrados/);
  });

  test("the home city selector shows that city's ads @nojs", async ({ page, javaScriptEnabled }) => {
    await page.goto("/");
    await expect(page.getByText(/^\d+ anúncios em Patos de Minas$/)).toBeVisible();
    await page.getByLabel("Cidade").selectOption({ label: "Lagoa Formosa - MG" });
    // With JavaScript the choice submits itself; without it, the "Ver" button does.
    if (!javaScriptEnabled) await page.getByRole("button", { name: "Ver" }).click();
    await expect(page).toHaveURL(/\/\?cityId=\d+$/);
    await expect(page.getByText(/^\d+ anúncios? em Lagoa Formosa$/)).toBeVisible();
    const count = Number((await page.getByText(/^\d+ anúncios? em Lagoa Formosa$/).textContent())!.split(" ")[0]);
    expect(count).toBeGreaterThan(0);
    await expect(featured(page)).toHaveCount(count);
    for (const card of await featured(page).all()) await expect(card).toContainText("Lagoa Formosa - MG");
  });

  test("the next-page link leads through the list @nojs", async ({ page, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled, "with JavaScript the list scrolls instead (tested above)");
    await page.goto("/");
    await expect(featured(page)).toHaveCount(12);
    const firstPage = await featured(page).getByRole("link", { name: "Ver Detalhes" }).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    await page.getByRole("link", { name: "Próxima página" }).click();
    await expect(page).toHaveURL(/\/\?cityId=\d+&page=2$/);
    // The URL changes when the navigation commits; wait for page 2's cards before reading them.
    await expect(page.getByRole("link", { name: "Página anterior" })).toBeVisible();
    const secondPage = await featured(page).getByRole("link", { name: "Ver Detalhes" }).evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);
    await expect(page.getByRole("link", { name: "Página anterior" })).toHaveAttribute("href", /\/\?cityId=\d+$/);

    await page.goto("/categories");
    await page.getByRole("link", { name: "Próxima página" }).click();
    await expect(page).toHaveURL(/\/categories\?(cityId=\d+&)?page=2$/);
    await expect(cards(page).first()).toBeVisible();
  });

  test("the ad page works on its own and shows a preview image for shared links @nojs", async ({ page, request, javaScriptEnabled }) => {
    await page.goto("/categories?search=geladeira%20brastemp");
    const details = cards(page).first().getByRole("link", { name: "Ver Detalhes" });
    // With JavaScript the link opens the dialog; the page itself is what a shared link lands on.
    if (javaScriptEnabled) await page.goto((await details.getAttribute("href"))!);
    else await details.click();
    await expect(page).toHaveURL(/\/anuncio\/\d+-[a-z0-9-]+$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const section of ["Detalhes", "Características", "Anunciante", "Localização", "Informações", "Descrição"]) {
      await expect(page.getByRole("heading", { name: section, exact: true })).toBeVisible();
    }
    await expect(page.getByText("R$ 1.800,00").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Entrar em Contato" })).toHaveAttribute("href", /^\/anuncio\/\d+\/contato$/);
    await expect(page.getByRole("link", { name: "Ver foto 2" })).toBeVisible();

    const ogImage = await page.locator('meta[property="og:image"]').getAttribute("content");
    expect(ogImage).toMatch(/\/images\/[\w-]+\?w=1200&h=630&fm=jpg$/);
    const image = await request.get(ogImage!);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
    expect((await image.body()).byteLength).toBeLessThanOrEqual(300 * 1024);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
  });

  test("an unknown or unpublished ad answers 404 'Anúncio não encontrado' @nojs", async ({ page }) => {
    const response = await page.goto("/anuncio/999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Anúncio não encontrado" })).toBeVisible();
  });
});
