/**
 * Keeping ads and searches on a phone (issue 23), with JavaScript and without (@nojs): the heart on a
 * card and on /favoritos without an account (a plain post and redirect back without JavaScript, a
 * fetcher that turns the heart without a reload with it), and 'Salvar busca' listed in /conta.
 */
import { deleteAd, expect, favouritePosted, insertActiveAd, tapHeartOn, withE2eDatabase } from "../support/e2e-ads";
import { test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";

test.use({ viewport: { width: 360, height: 740 } });

test("favourite and unfavourite an ad without an account @nojs", async ({ page, javaScriptEnabled }) => {
  const ad = insertActiveAd();
  try {
    const list = `/categories?search=${ad.title.split(" ")[1]}&cityId=todas`;
    await page.goto(list);
    if (javaScriptEnabled) {
      await waitForHydration(page);
      // With JavaScript the heart answers without reloading the page.
      await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));
    }
    await tapHeartOn(page, page.getByTestId(`favourite-${ad.id}`));
    if (javaScriptEnabled) expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
    else await expect(page.getByRole("status")).toContainText("Anúncio salvo nos favoritos");
    await expect(page).toHaveURL(list);

    await page.goto("/favoritos");
    const card = page.getByTestId(`favourite-card-${ad.id}`);
    await expect(card).toContainText(ad.title);
    const removed = favouritePosted(page);
    await card.getByTestId(`favourite-${ad.id}`).click();
    await removed;
    await page.goto("/favoritos");
    await expect(page.getByText("Nenhum favorito ainda")).toBeVisible();
  } finally {
    deleteAd(ad.id);
  }
});

test("save a search and find it in Minha conta @nojs", async ({ page, signedInUser }) => {
  await signedInUser("Rita Alerta");
  const word = `busca${Date.now().toString(36)}`;
  await page.goto(`/categories?search=${word}&cityId=todas`);
  await page.getByRole("button", { name: "Salvar busca" }).click();
  await expect(page.getByRole("status")).toContainText("Busca salva!");
  await page.goto("/conta");
  const saved = page.getByTestId("saved-searches");
  await expect(saved.getByRole("link", { name: `"${word}" · Todas as cidades` })).toBeVisible();
  await saved.getByRole("button", { name: `Remover a busca "${word}" · Todas as cidades` }).click();
  await expect(page.getByRole("status")).toContainText("Busca removida");
  await expect(page.getByText("Nenhuma busca salva.")).toBeVisible();
});

test("a refused search says why: one removed meanwhile, and the 21st @nojs", async ({ page, signedInUser }) => {
  const user = await signedInUser("Rui Limite");
  const word = `busca${Date.now().toString(36)}`;
  const list = `/categories?search=${word}&cityId=todas`;
  await page.goto(list);
  await page.getByRole("button", { name: "Salvar busca" }).click();
  await expect(page.getByRole("status")).toContainText("Busca salva!");
  await page.goto("/conta");
  const remove = page.getByTestId("saved-searches").getByRole("button", { name: `Remover a busca "${word}" · Todas as cidades` });
  await expect(remove).toBeVisible();
  // Removed meanwhile (another tab): the post finds nothing of this user's, as with someone else's id.
  withE2eDatabase((sqlite) => sqlite.prepare("DELETE FROM saved_searches WHERE user_id = ?").run(user.id));
  await remove.click();
  await expect(page.getByRole("alert")).toContainText("Busca salva não encontrada.");

  withE2eDatabase((sqlite) => {
    const insert = sqlite.prepare("INSERT INTO saved_searches (user_id, query, alerted_until) VALUES (?, ?, ?)");
    for (let i = 0; i < 20; i++) insert.run(user.id, `search=${word}${i}&cityId=todas`, Date.now());
  });
  await page.goto(list);
  await page.getByRole("button", { name: "Salvar busca" }).click();
  await expect(page.getByRole("alert")).toContainText("Você já tem 20 buscas salvas.");
  await expect(page).toHaveURL(list);
});

test("two hearts tapped one after the other both stay on: the list's one fetcher keeps what each asked", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "the fetcher needs JavaScript; without it each tap is its own post and redirect (above)");
  const first = insertActiveAd();
  const second = insertActiveAd();
  try {
    // Both are the newest "Banqueta" ads: the first two cards.
    await page.goto("/categories?search=Banqueta&sort=newest&cityId=todas");
    await waitForHydration(page);
    const hearts = [page.getByTestId(`favourite-${first.id}`), page.getByTestId(`favourite-${second.id}`)];
    // Each tap is posted. The second tap's submission can cancel the browser's wait for the first's
    // answer (one fetcher), so the first is awaited as a post and the second, the last, as an answer;
    // what both asked is then checked on /favoritos, where the server's own record shows it.
    const postOf = (ad: { id: number }) => (request: { url(): string; postData(): string | null }) =>
      new URL(request.url()).pathname.startsWith("/favoritos") && request.postData()?.includes(`${ad.id}`) === true;
    const bothPosted = Promise.all([page.waitForRequest(postOf(first)), page.waitForResponse((response) => postOf(second)(response.request()))]);
    await hearts[0]!.click();
    await hearts[1]!.click();
    for (const heart of hearts) await expect(heart).toHaveAttribute("aria-pressed", "true");
    await bothPosted;
    await page.goto("/favoritos");
    await expect(page.getByTestId(`favourite-card-${first.id}`)).toBeVisible();
    await expect(page.getByTestId(`favourite-card-${second.id}`)).toBeVisible();
  } finally {
    deleteAd(first.id);
    deleteAd(second.id);
  }
});

test("a heart on an ad that ended meanwhile turns back, with the refusal as a toast", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript the refusal is the redirect's toast (integration tests)");
  const ended = insertActiveAd();
  // A second ad keeps the list on screen once the page's data is read again without the first.
  const other = insertActiveAd();
  try {
    await page.goto("/categories?search=Banqueta&sort=newest&cityId=todas");
    await waitForHydration(page);
    deleteAd(ended.id);
    const heart = page.getByTestId(`favourite-${ended.id}`);
    await heart.click();
    await expect(page.getByRole("alert")).toContainText("Este anúncio não está disponível para salvar.");
    await expect(heart).toHaveAttribute("aria-pressed", "false");
  } finally {
    deleteAd(other.id);
  }
});
