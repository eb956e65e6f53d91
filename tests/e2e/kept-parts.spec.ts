/**
 * Kept parts (app/components/kept-part.tsx, issue #35 item 1, ADR 029): the header, the footer and the ad
 * page's facts, tips and forms stay as the server sent them, with none of their code in the page's scripts.
 * With JavaScript they must still behave as the rendered parts did: links and forms go through Remix in the
 * same document, the menus close, and the header shows the new page once its code has come.
 * Without JavaScript the HTML is the same as before (shell, buyer-phone and messages specs, @nojs).
 */
import type { Page } from "@playwright/test";
import { deleteAd, expect, insertManagedAd } from "../support/e2e-ads";
import { insertUser, signIn, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

/** Marks the document: still marked after a click means the router navigated, not the browser. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { keptDocument?: boolean }).keptDocument = true));
}
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { keptDocument?: boolean }).keptDocument === true);

test("the kept footer and header navigate in the page, and the header then shows the page it is on", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/");
  await waitForHydration(page);
  await markDocument(page);
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  await expect(nav.getByRole("link", { name: "Início" })).toHaveAttribute("aria-current", "page");

  await page.getByRole("contentinfo").getByRole("link", { name: /Sobre/ }).click();
  await expect(page).toHaveURL(/\/sobre$/);
  expect(await sameDocument(page)).toBe(true);
  // The navigation changed the header's props: its code came, and 'Início' is no longer the current page.
  await expect(nav.getByRole("link", { name: "Início" })).not.toHaveAttribute("aria-current", "page");

  await nav.getByRole("link", { name: "Categorias" }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(nav.getByRole("link", { name: "Categorias" })).toHaveAttribute("aria-current", "page");
  expect(await sameDocument(page)).toBe(true);
});

test("a client-side navigation shows the new page whole, its header included, even when the header's code comes late", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // The header's code arrives 1.5 s after it is asked for, as on a slow phone.
  await page.route(/\/assets\/Header-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto("/");
  await waitForHydration(page);
  // Every frame from now on: the page's main heading and the link the header marks as the current page.
  await page.evaluate(() => {
    const frames: { heading: string; current: string }[] = [];
    (window as unknown as { keptFrames: typeof frames }).keptFrames = frames;
    const record = () => {
      const current = document.querySelector('nav[aria-label="Navegação principal"] [aria-current="page"]');
      frames.push({ heading: document.querySelector("main h1")?.textContent ?? "", current: current?.textContent?.trim() ?? "" });
      requestAnimationFrame(record);
    };
    requestAnimationFrame(record);
  });
  const homeHeading = await page.locator("main h1").textContent();

  await page.getByRole("contentinfo").getByRole("link", { name: /Sobre/ }).click();
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  await expect(page.locator("main h1")).not.toHaveText(homeHeading!);
  await expect(nav.getByRole("link", { name: "Início" })).not.toHaveAttribute("aria-current", "page");
  const frames = await page.evaluate(() => (window as unknown as { keptFrames: { heading: string; current: string }[] }).keptFrames);
  // The home page with its header until the header's code came, then /sobre with its own: never /sobre under the home page's header.
  expect(frames.some((frame) => frame.heading === homeHeading && frame.current === "Início")).toBe(true);
  expect(frames.filter((frame) => frame.heading !== homeHeading && frame.current === "Início")).toEqual([]);
});

test("the category chips, kept as the server rendered them once for everyone, are followed in the page, before and after their code comes", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/categories");
  await waitForHydration(page);
  await markDocument(page);
  const chips = page.getByRole("navigation", { name: "Categorias" });
  const [first, second] = [chips.getByRole("link").nth(0), chips.getByRole("link").nth(1)];
  const [firstName, secondName] = [await first.textContent(), await second.textContent()];

  // The server's HTML: a plain anchor, followed by Remix.
  await first.click();
  await expect(page).toHaveURL(/\/categories\?category=\d+$/);
  await expect(chips.getByRole("link", { name: firstName! })).toHaveAttribute("aria-current", "true");
  // Rendered in the browser now (another chip is chosen): still plain anchors, still followed in the page.
  await chips.getByRole("link", { name: secondName! }).click();
  await expect(chips.getByRole("link", { name: secondName! })).toHaveAttribute("aria-current", "true");
  await expect(chips.getByRole("link", { name: firstName! })).not.toHaveAttribute("aria-current", "true");
  expect(await sameDocument(page)).toBe(true);
});

test("on a phone the kept menu closes on Escape and when one of its links is followed", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await waitForHydration(page);
  await markDocument(page);
  const toggle = page.locator("summary", { hasText: "Menu" });
  const menu = page.getByRole("navigation", { name: "Menu" });

  await toggle.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await menu.getByRole("link", { name: "Categorias" }).click();
  await expect(page).toHaveURL(/\/categories$/);
  await expect(menu).toBeHidden();
  expect(await sameDocument(page)).toBe(true);
});

test("the kept forms: the ad page's message and the header's 'Sair' go through Remix in the same document", async ({ page, baseURL }) => {
  const seller = insertUser("Sara Guardada");
  const buyer = insertUser("Bruno Guardado");
  const ad = insertManagedAd(seller.email, { status: "active", createdDaysAgo: 1 });
  try {
    await signIn(page.context(), baseURL!, buyer.id);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/anuncio/${ad.id}`);
    await waitForHydration(page);
    await markDocument(page);
    // The facts and the tips are the server's, as sent.
    await expect(page.getByRole("heading", { name: "Anunciante", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Dicas de segurança" })).toBeVisible();

    await page.getByLabel("Mensagem", { exact: true }).fill("Ainda está disponível?");
    await page.getByRole("button", { name: "Enviar mensagem" }).click();
    await expect(page).toHaveURL(/\/mensagens\/\d+/);
    await expect(page.getByTestId("message-text").last()).toHaveText("Ainda está disponível?");
    expect(await sameDocument(page)).toBe(true);

    // 'Sair' from the kept header of a fresh page: Remix's submission, and the header shows a visitor.
    await page.goto("/");
    await waitForHydration(page);
    await markDocument(page);
    await page.locator("summary", { hasText: /^Menu$/ }).click();
    await page.getByRole("navigation", { name: "Menu" }).locator("xpath=..").getByRole("button", { name: "Sair" }).click();
    await expect(page.getByRole("link", { name: "Faça o login aqui" })).toBeAttached();
    expect(await sameDocument(page)).toBe(true);
  } finally {
    deleteAd(ad.id);
  }
});
