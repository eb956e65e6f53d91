import http from "node:http";
import { expect, test } from "@playwright/test";
import { holdScripts, waitForHydration } from "../support/hydration";
import { readRelease } from "../../server/release.mjs";

test.describe("the page shell", () => {
  test("home is server-rendered with header, hero slogan and footer @nojs", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "pt-BR");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "Anunciar" })).toHaveAttribute("href", "/create-ad");
    await expect(page.getByRole("heading", { level: 1, name: "Pequenos anúncios, grandes negócios!" })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: /Política de Privacidade/ })).toBeVisible();
    await expect(footer.getByRole("link", { name: /Termos de Uso/ })).toBeVisible();
    await expect(footer.getByRole("link", { name: /Sobre/ })).toBeVisible();
  });

  test("the category grid links to /categories?category={id} @nojs", async ({ page }) => {
    await page.goto("/");
    const links = page.getByRole("region", { name: "Categorias" }).getByRole("link");
    expect(await links.count()).toBeGreaterThanOrEqual(8);
    await expect(links.first()).toHaveAttribute("href", /^\/categories\?category=\d+$/);
  });

  test("legal texts are reachable from the footer without JavaScript @nojs", async ({ page }) => {
    // From a page without the home's endless list: with JavaScript its next pages keep arriving over
    // the footer while the test scrolls to it.
    await page.goto("/sobre");
    await page.getByRole("contentinfo").getByRole("link", { name: /Política de Privacidade/ }).click();
    await expect(page).toHaveURL(/\/privacidade$/);
    await expect(page.getByText(/20 de julho de 2025/).first()).toBeVisible();
    await expect(page.getByText(/LGPD|13\.709/).first()).toBeVisible();
    await page.goto("/termos");
    await expect(page.getByText(/30 dias/).first()).toBeVisible();
    await page.goto("/sobre");
    await expect(page.getByText(/PIX/).first()).toBeVisible();
  });

  test("a toast sits below the header on a phone and leaves by itself @nojs", async ({ page }, info) => {
    // /reset-password without a token redirects with an error toast (8 s).
    await page.goto("/reset-password");
    await expect(page).toHaveURL(/\/forgot-password$/);
    const toast = page.getByRole("alert").filter({ hasText: "Token de recuperação não encontrado" });
    await expect(toast).toBeVisible();
    const toastBox = await toast.boundingBox();
    const headerBox = await page.getByRole("banner").boundingBox();
    expect(toastBox!.y).toBeGreaterThan(headerBox!.y + headerBox!.height);
    if (info.project.use.javaScriptEnabled === false) {
      // Without JavaScript the CSS fade-out hides it after 8 s.
      await expect(toast).toBeHidden({ timeout: 12_000 });
    } else {
      await toast.getByRole("button", { name: "Fechar aviso" }).click();
      await expect(toast).toHaveCount(0);
    }
  });

  test("an unknown address answers 404 with a way home @nojs", async ({ page }) => {
    const response = await page.goto("/nao-existe/mesmo");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
    await page.getByRole("link", { name: "Ir para o início" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the mobile menu opens without JavaScript @nojs", async ({ page }) => {
    await page.goto("/");
    await page.locator("summary", { hasText: /^Menu$/ }).click();
    await expect(page.getByRole("link", { name: "Entrar" })).toBeVisible();
    // The footer sits under an endless list, so the institutional pages are in the menu too.
    await page.getByRole("navigation", { name: "Institucional" }).getByRole("link", { name: "Termos de Uso" }).click();
    await expect(page).toHaveURL(/\/termos$/);
    await expect(page.getByText(/30 dias/).first()).toBeVisible();
  });

  test("pages satisfy their Content-Security-Policy and hydrate", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text());
    });
    const response = await page.goto("/");
    const headers = response!.headers();
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    await waitForHydration(page);
    // A client-side navigation (through the sticky header's menu: the footer moves while the list grows)
    // proves React hydrated under the policy; the menu closes once the new page is shown.
    await page.locator("summary", { hasText: /^Menu$/ }).click();
    await page.getByRole("navigation", { name: "Institucional" }).getByRole("link", { name: "Sobre" }).click();
    await expect(page).toHaveURL(/\/sobre$/, { timeout: 15_000 });
    await expect(page.getByRole("navigation", { name: "Institucional" })).toBeHidden();
    expect(violations).toEqual([]);
  });

  test("scripts wait until the page and its first photos have loaded, then hydrate it as the server sent it", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    for (const path of ["/", "/categories"]) {
      await page.goto(path);
      await waitForHydration(page);
      const timing = await page.evaluate(() => {
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
        const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
        const scripts = resources.filter((entry) => /\/assets\/.*\.js$/.test(entry.name));
        const photos = resources.filter((entry) => entry.name.includes("/images/"));
        return {
          loadStart: navigation.loadEventStart,
          firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
          scripts: scripts.length,
          photos: photos.length,
        };
      });
      expect(timing.photos, path).toBeGreaterThan(0);
      expect(timing.scripts, path).toBeGreaterThan(5);
      expect(timing.firstScript, path).toBeGreaterThanOrEqual(timing.loadStart);
    }
    // React says so when the document differs from what it renders (a hydration error, #418/#423).
    expect(errors).toEqual([]);
  });

  test("a fresh visit writes its history entry once, and the router goes back to it by that entry's key", async ({ page }) => {
    // Each history write is a synchronous call to the browser process; count them from the first script on.
    await page.addInitScript(() => {
      const replaceState = history.replaceState.bind(history);
      (window as { historyWrites?: number }).historyWrites = 0;
      history.replaceState = (...args: Parameters<History["replaceState"]>) => {
        (window as { historyWrites?: number }).historyWrites! += 1;
        replaceState(...args);
      };
    });
    await page.goto("/sobre");
    await waitForHydration(page);
    expect(await page.evaluate(() => (window as { historyWrites?: number }).historyWrites)).toBe(1);
    const first = await page.evaluate(() => history.state as { key: string; idx: number });
    expect(first).toEqual({ key: expect.stringMatching(/^[0-9a-v]+$/), idx: 0 });

    // A client-side navigation and back: the router reads its own index from the entry the release script wrote.
    await page.getByRole("contentinfo").getByRole("link", { name: "Termos de Uso" }).click();
    await expect(page).toHaveURL(/\/termos$/);
    expect(await page.evaluate(() => (history.state as { idx: number }).idx)).toBe(1);
    await page.goBack();
    await expect(page).toHaveURL(/\/sobre$/);
    expect(await page.evaluate(() => history.state as { key: string; idx: number })).toEqual(first);
  });

  test.describe("what a visitor does before the scripts arrive takes effect once they do", () => {
    test("a city picked on the home page is applied", async ({ page }) => {
      const release = await holdScripts(page);
      await page.goto("/");
      await page.getByLabel("Cidade").selectOption({ label: "Lagoa Formosa - MG" });
      // Nothing can apply the pick yet: with the scripts held the page has not hydrated (no router).
      expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
      expect(page.url()).not.toContain("cityId");
      release();
      await expect(page).toHaveURL(/\/\?cityId=\d+$/);
      await expect(page.getByText(/^\d+ anúncios? em Lagoa Formosa$/)).toBeVisible();
    });

    test("a password typed on the sign-up form ticks its checklist", async ({ page }) => {
      const release = await holdScripts(page);
      await page.goto("/register");
      await page.getByLabel("Senha", { exact: true }).fill("abcdefgA");
      release();
      await waitForHydration(page);
      await expect(page.getByText("Pelo menos 8 caracteres (atendido)")).toBeAttached();
      await expect(page.getByText("Uma letra maiúscula (atendido)")).toBeAttached();
      await expect(page.getByText("Um número (pendente)")).toBeAttached();
      await expect(page.getByLabel("Senha", { exact: true })).toHaveValue("abcdefgA");
    });
  });
});

test.describe("operations", () => {
  test("GET /healthz answers ok and the commit the build was made from", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    const { commit } = readRelease("build");
    expect(commit).toMatch(/^[0-9a-f]{40}(-modified)?$/);
    expect(await response.json()).toEqual({ status: "ok", commit });
  });

  test("fingerprinted assets are cached for a year and compressed", async ({ page, request }) => {
    await page.goto("/");
    const css = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    const response = await request.get(css!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("the build's scripts are sent as the build compressed them: Brotli, else gzip, else as they are", async ({ request }) => {
    // The held preload links of the page as sent name every script of it; React DOM's chunk is the
    // largest. (Read from the HTML, not the live page: once hydrated, React drops those links.)
    const html = await (await request.get("/")).text();
    const hrefs = [...html.matchAll(/<link[^>]* href="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(hrefs.length).toBeGreaterThan(0);
    const sizes = await Promise.all(hrefs.map(async (href) => ({ href, bytes: (await (await request.get(href, { headers: { "Accept-Encoding": "identity" } })).body()).length })));
    const largest = sizes.sort((a, b) => b.bytes - a.bytes)[0]!.href;
    const answers = await Promise.all(
      ["br, gzip", "gzip", "identity"].map((encoding) => request.get(largest, { headers: { "Accept-Encoding": encoding } })),
    );
    expect(answers.map((answer) => answer.headers()["content-encoding"])).toEqual(["br", "gzip", undefined]);
    for (const answer of answers) {
      expect(answer.headers()["content-type"]).toMatch(/^(text|application)\/javascript/);
      expect(answer.headers()["cache-control"]).toContain("immutable");
      expect(answer.headers()["vary"]).toContain("Accept-Encoding");
      // A file sent as stored has a length; one compressed on the fly would stream in chunks.
      expect(Number(answer.headers()["content-length"])).toBeGreaterThan(0);
    }
    // Playwright decodes what it receives: the three carry the same script.
    const [brotli, gzip, plain] = await Promise.all(answers.map((answer) => answer.text()));
    expect(brotli).toBe(plain);
    expect(gzip).toBe(plain);
  });

  test("an oversized body is refused with 413 before it is read", async ({ baseURL }) => {
    // A raw request that only declares a huge body: the server must answer without waiting for it.
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const req = http.request(`${baseURL}/api/categories`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Content-Length": String(500 * 1024 * 1024) },
      });
      req.on("response", (res) => {
        resolve(res.statusCode);
        req.destroy();
      });
      req.on("error", reject);
      req.write("{");
    });
    expect(status).toBe(413);
  });
});
