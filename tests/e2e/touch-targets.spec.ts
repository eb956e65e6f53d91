/**
 * Touch targets on a 360 × 740 phone (issue #20; WCAG 2.2 2.5.8 "Target Size (Minimum)": 24 × 24 CSS
 * pixels): every link and button of the footer and the header, and of the header's menu once opened,
 * measured as the browser lays them out. The footer's links were one 20 px line of text each.
 *
 * Issue #35 raises the bar to 44 × 44 (WCAG 2.5.5, Apple's and Android's guidance) for every target on
 * the public pages, the ad dialog, the wizard's steps and the payment page: a target may be smaller only
 * when a 44 × 44 square centred on it touches no other target (the room a thumb needs). Links inside a
 * sentence are exempt, as in WCAG; a link stretched over its card (a ::after covering it) is measured as
 * the card it covers.
 */
import type { Locator, Page } from "@playwright/test";
import { deleteAd, insertPendingPaymentAd } from "../support/e2e-ads";
import { expect, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";
import { writePhotos } from "../support/e2e-photos";

const MIN_TARGET = 24;
const THUMB = 44;

type Target = { name: string; width: number; height: number; x: number; y: number; inline: boolean };

/** The visible links, buttons, menu toggles and fields inside `area`, with their laid-out size. */
function targetsIn(area: Locator): Promise<Target[]> {
  return area.evaluate((root) =>
    [...root.querySelectorAll<HTMLElement>("a[href], button, summary, select, textarea, input:not([type=hidden])")]
      // checkVisibility: not in a closed <details> (whose content still has boxes), not display:none or visibility:hidden.
      .filter((element) => element.getClientRects().length > 0 && element.checkVisibility({ visibilityProperty: true }))
      .map((element) => {
        // A radio or checkbox is tapped through its label; a stretched link through what its ::after covers.
        const choice = element instanceof HTMLInputElement && (element.type === "radio" || element.type === "checkbox");
        const after = getComputedStyle(element, "::after");
        const stretched = after.content !== "none" && after.position === "absolute" && element.offsetParent instanceof HTMLElement;
        const measured = choice ? (element.closest("label") ?? element) : stretched ? (element.offsetParent as HTMLElement) : element;
        const box = measured.getBoundingClientRect();
        const name = (element.getAttribute("aria-label") ?? element.textContent ?? (element as HTMLInputElement).name ?? "").replace(/\s+/g, " ").trim();
        // A link inside a sentence (WCAG's "inline" exception).
        const inline = element.tagName === "A" && getComputedStyle(element).display === "inline" && /^(P|LI|SPAN|DD|TD)$/.test(element.parentElement?.tagName ?? "") && (element.parentElement?.textContent ?? "").trim() !== (element.textContent ?? "").trim();
        const round = (n: number) => Math.round(n * 10) / 10;
        return { name: name || element.outerHTML.slice(0, 60), width: round(box.width), height: round(box.height), x: round(box.x), y: round(box.y), inline };
      })
      // A visually hidden field (a native radio under its styled label, a file input behind its button).
      .filter((target) => target.width > 1 && target.height > 1),
  );
}

function tooSmall(targets: Target[]) {
  return targets.filter((target) => target.width < MIN_TARGET || target.height < MIN_TARGET);
}

/** The targets under 44 × 44 whose 44 × 44 square, centred on them, overlaps another target. */
function crampedForAThumb(targets: Target[]) {
  const overlaps = (a: { x: number; y: number; width: number; height: number }, b: Target) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  return targets.filter((target) => {
    if (target.inline || (target.width >= THUMB && target.height >= THUMB)) return false;
    const room = { x: target.x + target.width / 2 - THUMB / 2, y: target.y + target.height / 2 - THUMB / 2, width: THUMB, height: THUMB };
    // Another target, not the same box (a label and its field, a link stretched over its own card).
    return targets.some((other) => other !== target && !(other.x === target.x && other.y === target.y && other.width === target.width) && overlaps(room, other));
  });
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

test.describe("44 × 44 px on a 360 px phone (issue #35)", () => {
  const PUBLIC_PAGES = ["/", "/categories", "/categories?search=casa&category=1", "/sobre", "/termos", "/privacidade", "/login", "/register", "/forgot-password", "/favoritos", "/pagina-que-nao-existe"];

  test("every target of the public pages @nojs", async ({ page }) => {
    const cramped: string[] = [];
    for (const path of PUBLIC_PAGES) {
      await openPhone(page, path);
      cramped.push(...crampedForAThumb(await targetsIn(page.locator("body"))).map((target) => `${path}: ${target.name} ${target.width}×${target.height}`));
    }
    // An ad's own page (the list's first ad), and the menu once open.
    await openPhone(page, "/categories");
    const adPage = await page.getByTestId("ad-list").getByRole("link", { name: "Ver Detalhes" }).first().getAttribute("href");
    await openPhone(page, adPage!);
    cramped.push(...crampedForAThumb(await targetsIn(page.locator("body"))).map((target) => `${adPage}: ${target.name} ${target.width}×${target.height}`));
    await page.getByRole("banner").locator("summary", { hasText: /^Menu$/ }).click();
    await expect(page.getByRole("navigation", { name: "Institucional" })).toBeVisible();
    cramped.push(...crampedForAThumb(await targetsIn(page.getByRole("banner"))).map((target) => `menu: ${target.name} ${target.width}×${target.height}`));
    expect(cramped).toEqual([]);
  });

  test("the ad dialog's close button, carousel arrows and thumbnails", async ({ page }) => {
    await openPhone(page, "/categories");
    await waitForHydration(page);
    // An ad with several photos: the carousel shows its arrows and thumbnails.
    const card = page.getByTestId("ad-list").locator("article").filter({ has: page.locator(".ad-card-count", { hasText: /^[2-9]/ }) }).first();
    await card.getByRole("link", { name: "Ver Detalhes" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    const targets = await targetsIn(dialog);
    expect(targets.map((target) => target.name)).toEqual(expect.arrayContaining(["Fechar", "Foto anterior", "Próxima foto"]));
    expect(crampedForAThumb(targets)).toEqual([]);
  });

  test("the wizard's three steps, a photo's delete button included", async ({ page, signedInUser }) => {
    await signedInUser("Tato Polegar");
    await openPhone(page, "/create-ad?step=1");
    await waitForHydration(page);
    expect(crampedForAThumb(await targetsIn(page.locator("main")))).toEqual([]);
    await page.getByRole("radiogroup", { name: "Categoria" }).getByText("Veículos", { exact: true }).click();
    await page.getByLabel("Tipo de veículo").selectOption({ label: "Carros" });
    await page.getByRole("button", { name: "Continuar" }).click();
    await expect(page).toHaveURL(/step=2$/);
    await waitForHydration(page);
    expect(crampedForAThumb(await targetsIn(page.locator("main")))).toEqual([]);
    await page.getByLabel("Título").fill("Fiat Uno 2010 completo");
    await page.getByLabel(/^Descrição/).fill("Fiat Uno 2010 completo, revisado, pneus novos, documentação em dia.");
    await page.getByRole("button", { name: "Add Imagens" }).click();
    await expect(page).toHaveURL(/step=3$/);
    await waitForHydration(page);
    const photos = await writePhotos(1, { width: 800, height: 600 });
    await page.locator("#photos-input").setInputFiles(photos.files);
    await expect(page.getByRole("img", { name: "Foto 1" })).toBeVisible({ timeout: 30_000 });
    const step3 = await targetsIn(page.locator("main"));
    expect(step3.map((target) => target.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^Remover foto/)]));
    expect(crampedForAThumb(step3)).toEqual([]);
  });

  test("the payment page", async ({ page, signedInUser }) => {
    const user = await signedInUser("Tato Pagador");
    const ad = insertPendingPaymentAd(user.email, 3);
    try {
      await openPhone(page, `/payment/${ad.id}`);
      await waitForHydration(page);
      const targets = await targetsIn(page.locator("main"));
      expect(targets.length).toBeGreaterThan(3);
      expect(crampedForAThumb(targets)).toEqual([]);
    } finally {
      deleteAd(ad.id);
    }
  });
});
