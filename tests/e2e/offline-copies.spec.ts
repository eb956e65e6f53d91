/**
 * The service worker (app/service-worker.js, ADR 036) on the production server: it installs after the
 * page has loaded, keeps the public pages the server marks and shows them offline as saved copies,
 * never keeps a page of a signed-in visitor, empties its copies at sign-out, keeps an old build's files
 * only while a kept page names them, and lists the ads opened recently on its offline page.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

const COPY_NOTICE = /^"Você está vendo uma cópia salva — sem conexão \(salva em \d{2}\/\d{2}\/\d{4},? \d{2}:\d{2}\)"$/;

/** Waits until the worker controls the page (it registers after load and takes over at once). */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

/** The paths (with query) of the copies the worker holds, read from the page as the visitor's browser has them. */
async function keptPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const cache = await caches.open("pages");
    return (await cache.keys()).map((request) => new URL(request.url).pathname + new URL(request.url).search);
  });
}

/** Every kept page's text, for looking for what must not be there. */
async function keptTexts(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const texts: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) texts.push(request.url, await (await cache.match(request))!.text());
    }
    return texts.join("\n");
  });
}

/** The sentence the stylesheet shows above a page served from a copy (body::before), or "none". */
const copyNotice = (page: Page) => page.evaluate(() => getComputedStyle(document.body, "::before").content);

// Off for the other specs (playwright.config.ts): here it is what is tested.
test.use({ serviceWorkers: "allow" });

test.describe("the service worker", () => {
  test("installs, keeps / and an ad opened in the dialog, and shows them offline as saved copies; elsewhere 'Sem conexão' lists the ad", async ({ page, context, ownAd }) => {
    await page.goto("/");
    await workerInControl(page);
    // The page it took over was loaded before it: kept at once.
    await expect.poll(() => keptPaths(page)).toContain("/");
    expect(await copyNotice(page)).toBe("none");

    // An ad opened over the list (its data from /api, never kept) is kept as its page.
    await page.goto(`/categories?search=${ownAd.title.split(" ")[1]}&cityId=${ownAd.cityId}`);
    await waitForHydration(page);
    // (On a phone's list the link is the whole card, its words only read out: a tap on it, as the card's.)
    await page.locator("article.ad-card").first().getByRole("link", { name: "Ver Detalhes" }).dispatchEvent("click");
    await expect(page.getByRole("dialog").getByRole("heading", { name: ownAd.title, level: 2 })).toBeVisible();
    const adPath = new URL(page.url()).pathname;
    await expect.poll(() => keptPaths(page)).toContain(adPath);
    expect((await keptPaths(page)).some((path) => path.startsWith("/api/"))).toBe(false);

    await context.setOffline(true);
    // A second visit: the kept home, marked as a copy with its time, and it still hydrates.
    await page.goto("/?_t=123&_nocache=1");
    await expect(page.locator("article.ad-card").first()).toBeVisible();
    expect(await copyNotice(page)).toMatch(COPY_NOTICE);
    await waitForHydration(page);

    await page.goto(adPath);
    await expect(page.getByRole("heading", { name: ownAd.title, level: 1 })).toBeVisible();
    expect(await copyNotice(page)).toMatch(COPY_NOTICE);

    // Nothing kept for this address: the offline page, with the ad opened before.
    await page.goto("/sobre");
    await expect(page.getByRole("heading", { name: "Sem conexão", level: 1 })).toBeVisible();
    const recent = page.getByRole("link", { name: new RegExp(ownAd.title) });
    await expect(recent).toHaveAttribute("href", adPath);
    await recent.click();
    await expect(page.getByRole("heading", { name: ownAd.title, level: 1 })).toBeVisible();
    await context.setOffline(false);
  });

  test("keeps the first ad page the browser opens, though that page gives it its visitor id", async ({ page, context, ownAd }) => {
    await page.goto("/");
    await workerInControl(page);
    expect((await context.cookies()).some((cookie) => cookie.name === "vid")).toBe(false);
    await page.goto(`/anuncio/${ownAd.id}`);
    // The page gave the cookie (only a page opened as a document counts its view and gives one).
    expect((await context.cookies()).some((cookie) => cookie.name === "vid")).toBe(true);
    const adPath = new URL(page.url()).pathname;
    await expect.poll(() => keptPaths(page)).toContain(adPath);
    await context.setOffline(true);
    await page.goto(adPath);
    await expect(page.getByRole("heading", { name: ownAd.title, level: 1 })).toBeVisible();
    expect(await copyNotice(page)).toMatch(COPY_NOTICE);
    await context.setOffline(false);
  });

  test("a client-side navigation offline loads the kept page as a document", async ({ page, context }) => {
    await page.goto("/categories");
    await workerInControl(page);
    await page.goto("/");
    await expect.poll(() => keptPaths(page)).toEqual(expect.arrayContaining(["/", "/categories"]));
    await waitForHydration(page);
    await context.setOffline(true);
    // As a link's tap does: the router asks for /categories.data; the worker answers with a reload of
    // the document, which is its copy. (The home's own link to /categories is hidden on a phone.)
    await page.evaluate(() => (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate("/categories"));
    await expect(page).toHaveURL(/\/categories$/);
    await expect.poll(() => copyNotice(page)).toMatch(COPY_NOTICE);
    await context.setOffline(false);
  });

  test("the hard refresh (F5) empties its copies too, and its _t/_nocache are no part of a copy's address", async ({ page }) => {
    await page.goto("/categories");
    await workerInControl(page);
    await page.goto("/");
    await expect.poll(() => keptPaths(page)).toEqual(expect.arrayContaining(["/", "/categories"]));
    await waitForHydration(page);
    await page.keyboard.press("F5");
    await expect(page).toHaveURL(/_nocache=1/);
    // Every cache went (spec 01 §4); the reloaded page is kept again under its own address.
    await expect.poll(() => keptPaths(page)).toEqual(["/"]);
  });

  test("never keeps a page of a signed-in visitor, and a sign-out empties its copies", async ({ page, context, signedInUser }) => {
    await page.goto("/");
    await workerInControl(page);
    await expect.poll(() => keptPaths(page)).toContain("/");

    const user = await signedInUser("Pessoa Offline Privada");
    for (const path of ["/", "/categories", "/dashboard", "/conta", "/favoritos"]) {
      await page.goto(path);
      await expect(page.getByRole("banner").getByText("Pessoa Offline Privada").first()).toBeAttached();
    }
    const kept = await keptTexts(page);
    expect(kept.includes(user.email), "a kept copy holds the account's e-mail").toBe(false);
    expect(kept.includes("Pessoa Offline Privada"), "a kept copy holds the account's name").toBe(false);
    expect((await keptPaths(page)).filter((path) => /^\/(dashboard|conta|favoritos|admin|payment|mensagens|api)/.test(path))).toEqual([]);

    // Offline, a signed-in page is the offline page, never a copy of it.
    await context.setOffline(true);
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { name: "Sem conexão", level: 1 })).toBeVisible();
    await context.setOffline(false);

    await page.goto("/");
    await waitForHydration(page);
    const menu = page.getByRole("banner").locator("details").filter({ hasText: "Menu da conta de" });
    await menu.locator("summary").click();
    await menu.getByRole("button", { name: "Sair" }).click();
    await expect(page.getByText("Você saiu da sua conta.")).toBeVisible();
    await expect.poll(async () => (await keptTexts(page)).includes("<html")).toBe(false);
  });

  test("an old build's files stay while a kept page names them and go with it", async ({ page }) => {
    await page.goto("/");
    await workerInControl(page);
    await expect.poll(() => keptPaths(page)).toContain("/");
    // An older build, as a new deploy leaves it: a copy naming files this build does not have, and a file nobody names.
    // The copy first, then its files, as the worker itself keeps them (a sweep running beside this sees a
    // file only after its copy: app/service-worker.js, sweep()).
    await page.evaluate(async () => {
      const pages = await caches.open("pages");
      const headers = { "Content-Type": "text/html", "X-Kept-At": "2026-01-01T00:00:00.000Z", "X-Kept-Assets": "/assets/old-build-aaaa.js", "X-Kept-Title": "" };
      await pages.put("/categories?antigo=1", new Response("<html><body>antiga</body></html>", { headers }));
      const assets = await caches.open("assets");
      await assets.put("/assets/old-build-aaaa.js", new Response("old", { headers: { "Content-Type": "text/javascript" } }));
      await assets.put("/assets/orphan-bbbb.js", new Response("orphan", { headers: { "Content-Type": "text/javascript" } }));
    });
    const assetPaths = () =>
      page.evaluate(async () => (await (await caches.open("assets")).keys()).map((request) => new URL(request.url).pathname));
    // Any new copy sweeps: the file nobody names goes, the old page's stays.
    await page.goto("/");
    await expect.poll(assetPaths).not.toContain("/assets/orphan-bbbb.js");
    expect(await assetPaths()).toContain("/assets/old-build-aaaa.js");
    // The old page's new copy names this build's files: the old file goes with the last page that needed it.
    await page.goto("/categories?antigo=1");
    await expect.poll(assetPaths).not.toContain("/assets/old-build-aaaa.js");
    // This build's files, named by the new copies, are kept.
    const named = await page.evaluate(async () => (await (await caches.open("pages")).match("/categories?antigo=1"))!.headers.get("X-Kept-Assets")!.split(" "));
    expect(named.length).toBeGreaterThan(0);
    expect(await assetPaths()).toEqual(expect.arrayContaining(named.filter((path) => path.endsWith(".css"))));
  });

  test("with JavaScript off there is no worker, and the page is the server's as ever @nojs", async ({ page, context, javaScriptEnabled }) => {
    test.skip(javaScriptEnabled !== false, "the JavaScript-off project's");
    await page.goto("/");
    await expect(page.locator("article.ad-card").first()).toBeVisible();
    await page.goto("/categories");
    await expect(page.locator("article.ad-card").first()).toBeVisible();
    expect(context.serviceWorkers()).toEqual([]);
    await expect(page.locator("body")).not.toHaveAttribute("data-offline-copy");
  });

  test("the worker file is never kept long by the HTTP cache, and the site is installable in Portuguese", async ({ request }) => {
    const worker = await request.get("/sw.js");
    expect(worker.status()).toBe(200);
    expect(worker.headers()["cache-control"]).toBe("no-cache");
    expect(worker.headers()["content-type"]).toMatch(/javascript/);
    expect(await worker.text()).toMatch(/^const BUILD = \{"assets":\["/);
    const manifest = await request.get("/manifest.webmanifest");
    expect(manifest.status()).toBe(200);
    const body = (await manifest.json()) as { lang: string; start_url: string; theme_color: string; icons: { sizes: string }[] };
    expect(body).toMatchObject({ lang: "pt-BR", start_url: "/", theme_color: "#1d4ed8" });
    expect(body.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of ["/icon-192.png", "/icon-512.png"]) expect((await request.get(icon)).status()).toBe(200);
  });
});
