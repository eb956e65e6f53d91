/**
 * Scroll positions with the scripts released after the page (ADR 015, issue 20): the server's inline
 * script, not Remix's <ScrollRestoration> script, keys a new history entry (just before the router
 * starts) and restores a kept position before the first paint; the router's scroll restoration still
 * runs once hydrated.
 */
import { expect, test, type Page } from "@playwright/test";
import { holdScripts, waitForHydration } from "../support/hydration";

test.use({ viewport: { width: 360, height: 740 } });

async function anyAdId(page: Page) {
  const response = await page.request.get("/api/ads/public?limit=1");
  return ((await response.json()) as { ads: { id: number }[] }).ads[0]!.id;
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test("the ad page keeps the buyer's place: back from a list, and on a reload before the scripts arrive", async ({ page }) => {
  await page.goto(`/anuncio/${await anyAdId(page)}`);
  await waitForHydration(page);
  // The entry was keyed before the router started: it did not fall back to its shared "default" key.
  const keys = await page.evaluate(() => ({
    history: (history.state as { key?: string } | null)?.key,
    router: (window as unknown as { __remixRouter: { state: { location: { key: string } } } }).__remixRouter.state.location.key,
  }));
  expect(keys.history).toMatch(/^[0-9a-v]+$/);
  expect(keys.router).toBe(keys.history);

  await page.evaluate(() => window.scrollTo(0, 500));
  await expect.poll(() => scrollY(page)).toBe(500);
  // A click from script: Playwright's own would first scroll the link (at the page's end) into view.
  await page.getByRole("link", { name: "Ver mais anúncios" }).evaluate((link: HTMLElement) => link.click());
  await expect(page).toHaveURL(/\/categories\?category=\d+$/);
  // The address changes before the list is shown: wait for it, or "back from a list" is from no list at all.
  await expect(page.getByTestId("results-count")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/anuncio\//);
  await expect.poll(() => scrollY(page)).toBe(500);

  // A reload: the kept position is back while the scripts are still held (no router yet), and stays.
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => scrollY(page)).toBe(300);
  const release = await holdScripts(page);
  await page.reload();
  await expect.poll(() => scrollY(page)).toBe(300);
  expect(await page.evaluate(() => "__remixRouter" in window)).toBe(false);
  release();
  await waitForHydration(page);
  expect(await scrollY(page)).toBe(300);
});
