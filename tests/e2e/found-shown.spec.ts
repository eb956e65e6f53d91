/**
 * Found and shown (issue 23) on a phone: an ad opened from a list lands on its address with the
 * title's words, its page carries its structured data, and 'Entrar em Contato' goes through the
 * contact counter to WhatsApp — once a visitor and day. wa.me is answered locally: the machine has no
 * web access, and the test only needs to see the browser sent there.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test, withE2eDatabase } from "../support/e2e-ads";
import { waitForHydration } from "../support/hydration";

test.use({ viewport: { width: 360, height: 740 } });

const contactsOf = (adId: number) =>
  withE2eDatabase((sqlite) => sqlite.prepare<[number], number>("SELECT coalesce(sum(contacts), 0) FROM ad_daily_stats WHERE ad_id = ?").pluck().get(adId) ?? 0);

/** Answers every wa.me request with a stub page, and remembers the addresses asked. */
async function stubWhatsApp(context: BrowserContext) {
  const asked: string[] = [];
  await context.route(/^https:\/\/wa\.me\//, (route) => {
    asked.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<title>WhatsApp</title>" });
  });
  return asked;
}

/** Clicks 'Entrar em Contato' (a new tab) and returns where that tab ended up. */
async function contact(page: Page) {
  const link = page.getByRole("link", { name: "Entrar em Contato" });
  await expect(link).toHaveAttribute("href", /^\/anuncio\/\d+\/contato$/);
  await expect(link).toHaveAttribute("rel", /\bnofollow\b/);
  const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
  await tab.waitForURL(/^https:\/\/wa\.me\//);
  return tab;
}

test("an ad opened from a list lands on its slug address, and its contact is counted once on the way to WhatsApp", async ({ page, ownAd, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the dialog over the list needs JavaScript; the @nojs test below covers the page");
  const asked = await stubWhatsApp(page.context());
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

  const tab = await contact(page);
  expect(tab.url()).toMatch(/^https:\/\/wa\.me\/5534995773046\?text=Banqueta%20de%20madeira/);
  await expect.poll(() => contactsOf(ownAd.id)).toBe(1);
  await tab.close();
  // The same visitor again today: still one contact, still on the way to the chat.
  await (await contact(page)).close();
  expect(asked).toHaveLength(2);
  expect(contactsOf(ownAd.id)).toBe(1);

  // The page a shared link lands on: its Product data is in the HTML, with no raw "<" from the ad's text.
  const html = await (await page.request.get(new URL(page.url()).pathname)).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([^]*?)<\/script>/g)].map((m) => m[1]!);
  expect(blocks.map((block) => (JSON.parse(block) as { "@type": string })["@type"])).toEqual(["Product", "BreadcrumbList"]);
  expect(blocks.join("")).not.toContain("<");
});

test("the contact link works without JavaScript: the ad's bare address moves to its slug, the link to WhatsApp @nojs", async ({ page, ownAd }) => {
  await stubWhatsApp(page.context());
  await page.goto(`/anuncio/${ownAd.id}`);
  await expect(page).toHaveURL(new RegExp(`/anuncio/${ownAd.id}-banqueta-[a-z0-9]+$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ownAd.title);
  const tab = await contact(page);
  expect(tab.url()).toMatch(/^https:\/\/wa\.me\/5534995773046/);
  await expect.poll(() => contactsOf(ownAd.id)).toBe(1);
});
