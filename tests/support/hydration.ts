import type { Page } from "@playwright/test";

/**
 * Resolves once Remix has hydrated the page (its router exists and has loaded), so a click is handled
 * by React rather than by the browser. `__remixContext` alone is not enough: it is in the HTML.
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized === true);
}

/** Holds every script download until `release()`, as a slow phone would. */
export async function holdScripts(page: Page) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
