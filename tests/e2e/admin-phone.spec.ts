/**
 * The admin's section tabs on a 360 × 740 phone (issue #20): the row used to scroll sideways with no
 * sign of it, cut at "Anún…". Every tab must be on the screen, whole and readable, the current one
 * marked with aria-current, and reachable with a tap, with JavaScript and without.
 */
import type { Locator, Page } from "@playwright/test";
import { expectNoSidewaysScroll, visitorHeaders } from "../support/e2e-admin";
import { expect, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

test.use({
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide) => provide(visitorHeaders()),
});

const TABS = ["Visão geral", "Categorias", "Anúncios", "Cidades", "Pagamentos", "Configurações", "Estatísticas"];

async function open(page: Page, path: string, js: boolean) {
  await page.goto(path);
  if (js) await waitForHydration(page);
}

/** Whether the tab lies within the 360 px screen and shows its whole label (nothing clipped or ellipsed). */
function shownWhole(tab: Locator) {
  return tab.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const clipped = [element, ...element.querySelectorAll("*")].some((node) => node.scrollWidth > node.clientWidth + 1);
    return box.left >= 0 && box.right <= window.innerWidth && !clipped;
  });
}

test.describe("the admin's tabs on a phone", () => {
  test("every tab is on the screen, whole, the current one marked; the last one is a tap away @nojs", async ({ page, signInAsAdmin }, info) => {
    const js = info.project.use.javaScriptEnabled !== false;
    await page.setViewportSize({ width: 360, height: 740 });
    await signInAsAdmin();
    await open(page, "/admin/moderation", js);

    const nav = page.getByRole("navigation", { name: "Administração" });
    for (const label of TABS) {
      const tab = nav.getByRole("link", { name: label });
      await expect(tab, label).toBeInViewport({ ratio: 1 });
      expect(await shownWhole(tab), `${label} is shown whole`).toBe(true);
      const box = (await tab.boundingBox())!;
      expect(box.height, `${label} is a comfortable target`).toBeGreaterThanOrEqual(44);
    }
    await expectNoSidewaysScroll(page);
    // The row itself does not scroll: there is nothing hidden to its side.
    expect(await nav.getByRole("list").evaluate((list) => list.scrollWidth - list.clientWidth)).toBeLessThanOrEqual(1);

    await expect(nav.getByRole("link", { name: "Anúncios" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);

    await nav.getByRole("link", { name: "Estatísticas" }).tap();
    await expect(page).toHaveURL(/\/admin\/stats$/);
    await expect(nav.getByRole("link", { name: "Estatísticas" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Anúncios" })).not.toHaveAttribute("aria-current", /.*/);
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
  });
});
