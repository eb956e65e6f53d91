/**
 * Touch targets on a 360 × 740 phone (issue #20; WCAG 2.2 2.5.8 "Target Size (Minimum)": 24 × 24 CSS
 * pixels): every link and button of the footer and the header, and of the header's menu once opened,
 * measured as the browser lays them out. The footer's links were one 20 px line of text each.
 */
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

const MIN_TARGET = 24;

type Target = { name: string; width: number; height: number };

/** The visible links, buttons and menu toggles inside `area`, with their laid-out size. */
function targetsIn(area: Locator): Promise<Target[]> {
  return area.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>("a[href], button, summary")]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).visibility !== "hidden")
      .map((element) => {
        const box = element.getBoundingClientRect();
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? "").replace(/\s+/g, " ").trim();
        return { name: name || element.outerHTML.slice(0, 60), width: Math.round(box.width * 10) / 10, height: Math.round(box.height * 10) / 10 };
      }),
  );
}

function tooSmall(targets: Target[]) {
  return targets.filter((target) => target.width < MIN_TARGET || target.height < MIN_TARGET);
}

async function openPhone(page: Page, path: string) {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(path);
}

test.describe("touch targets on a 360 px phone", () => {
  test("the footer's links are at least 24 × 24 px @nojs", async ({ page }) => {
    await openPhone(page, "/sobre");
    const footer = page.getByRole("contentinfo");
    const targets = await targetsIn(footer);
    // Logo, the three institutional pages, e-mail, Instagram, Facebook.
    expect(targets.map((target) => target.name)).toEqual(
      expect.arrayContaining(["Sobre", "Termos de Uso", "Política de Privacidade", "Instagram", "Facebook"]),
    );
    expect(targets.length).toBeGreaterThanOrEqual(7);
    expect(tooSmall(targets)).toEqual([]);
    // The rows do not overlap: each link's box ends before the next one starts.
    const links = footer.getByRole("listitem").getByRole("link");
    const boxes = await links.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().toJSON() as DOMRect));
    for (let i = 1; i < boxes.length; i++) {
      if (boxes[i]!.left === boxes[i - 1]!.left) expect(boxes[i]!.top).toBeGreaterThanOrEqual(boxes[i - 1]!.bottom);
    }
  });

  test("the header's links and buttons, and the menu's once open, are at least 24 × 24 px @nojs", async ({ page }) => {
    await openPhone(page, "/sobre");
    const header = page.getByRole("banner");
    const closed = await targetsIn(header);
    expect(closed.map((target) => target.name)).toEqual(expect.arrayContaining(["Menu", "Anunciar"]));
    expect(tooSmall(closed)).toEqual([]);

    // The menu is a <details>: it opens without JavaScript.
    await header.locator("summary", { hasText: /^Menu$/ }).click();
    await expect(page.getByRole("navigation", { name: "Institucional" })).toBeVisible();
    const open = await targetsIn(header);
    expect(open.map((target) => target.name)).toEqual(expect.arrayContaining(["Início", "Categorias", "Termos de Uso"]));
    expect(tooSmall(open)).toEqual([]);
  });
});
