/**
 * Found and shown (issue 23) on a phone: an ad opened from a list lands on its address with the
 * title's words, its page carries its structured data, and 'Entrar em Contato' goes through the
 * contact counter to WhatsApp — once a visitor and day. The machine has no web access: the test only
 * needs to see the new tab ask for wa.me (Chromium's headless shell does not let Playwright answer a
 * `noopener` tab's first request, so it is watched, not answered).
 */
import type { Page } from "@playwright/test";
import { expect, test, withE2eDatabase } from "../support/e2e-ads";
import { waitForHydration } from "../support/hydration";

test.use({ viewport: { width: 360, height: 740 } });

const contactsOf = (adId: number) =>
  withE2eDatabase((sqlite) => sqlite.prepare<[number], number>("SELECT coalesce(sum(contacts), 0) FROM ad_daily_stats WHERE ad_id = ?").pluck().get(adId) ?? 0);

/** Clicks 'Entrar em Contato' (a new tab) and returns that tab and the WhatsApp address it was sent to. */
async function contact(page: Page) {
  const link = page.getByRole("link", { name: "Entrar em Contato" });
  await expect(link).toHaveAttribute("href", /^\/anuncio\/\d+\/contato$/);
  await expect(link).toHaveAttribute("rel", /\bnofollow\b/);
  const [tab, whatsapp] = await Promise.all([
    page.context().waitForEvent("page"),
    page.context().waitForEvent("request", (request) => /^https:\/\/wa\.me\//.test(request.url())),
    link.click(),
  ]);
  return { tab, url: whatsapp.url() };
}

test("an ad opened from a list lands on its slug address, and its contact is counted once on the way to WhatsApp", async ({ page, ownAd, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the dialog over the list needs JavaScript; the @nojs test below covers the page");
  // 'Recém-chegados' on the home page: server-rendered cards that hydration leaves as they are.
  await page.goto("/");
  await waitForHydration(page);
  const recent = page.getByTestId("recent-arrivals").locator("article.ad-card");
  await expect(recent.first()).toBeVisible();
  await expect(recent.first().getByRole("link", { name: "Ver Detalhes" })).toHaveAttribute("href", /^\/anuncio\/\d+-[a-z0-9-]+$/);

  const word = ownAd.title.split(" ")[1]!;
  await page.goto(`/categories?search=${word}&cityId=${ownAd.cityId}`);
  await waitForHydration(page);
  await page.getByRole("link", { name: "Ver Detalhes" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/anuncio/${ownAd.id}-banqueta-${word.toLowerCase()}$`));

  const first = await contact(page);
  expect(first.url).toMatch(/^https:\/\/wa\.me\/5534995773046\?text=Banqueta%20de%20madeira/);
  await expect.poll(() => contactsOf(ownAd.id)).toBe(1);
  await first.tab.close();
  // The same visitor again today: still one contact, still on the way to the chat.
  const again = await contact(page);
  expect(again.url).toMatch(/^https:\/\/wa\.me\/5534995773046/);
  await again.tab.close();
  expect(contactsOf(ownAd.id)).toBe(1);

  // The page a shared link lands on: its Product data is in the HTML, with no raw "<" from the ad's text.
  const html = await (await page.request.get(new URL(page.url()).pathname)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^]*?)<\/script>/g)].map((m) => m[1]!);
  expect(blocks.map((block) => (JSON.parse(block) as { "@type": string })["@type"])).toEqual(["Product", "BreadcrumbList"]);
  expect(blocks.join("")).not.toContain("<");
});

test("the contact link works without JavaScript: the ad's bare address moves to its slug, the link to WhatsApp @nojs", async ({ page, ownAd }) => {
  await page.goto(`/anuncio/${ownAd.id}`);
  await expect(page).toHaveURL(new RegExp(`/anuncio/${ownAd.id}-banqueta-[a-z0-9]+$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ownAd.title);
  const { tab, url } = await contact(page);
  expect(url).toMatch(/^https:\/\/wa\.me\/5534995773046/);
  await expect.poll(() => contactsOf(ownAd.id)).toBe(1);
  await tab.close();
});
