/**
 * A price drop that reaches people (issue #36, item 4) on a 360 × 740 phone, with JavaScript and
 * without (@nojs): the owner lowers an active ad's price on its edit page, the ad's page shows the old
 * price struck through and "Baixou R$ X", and the person who saved the ad finds the e-mail in the outbox.
 */
import path from "node:path";
import { deleteAd, expect, insertManagedAd, withE2eDatabase } from "../support/e2e-ads";
import { insertUser, test } from "../support/e2e-session";
import { waitForHydration } from "../support/hydration";
import { waitForMail } from "../support/outbox";

test.use({ viewport: { width: 360, height: 740 } });

test("lower a price: the old one struck on the page, and the e-mail to whoever saved it @nojs", async ({ page, signedInUser, javaScriptEnabled }) => {
  const owner = await signedInUser("Dona Preço");
  const ad = insertManagedAd(owner.email, { status: "active", createdDaysAgo: 2 });
  const saver = insertUser("Bia Favorita");
  withE2eDatabase((sqlite) => sqlite.prepare("INSERT INTO favourites (user_id, ad_id, created_at) VALUES (?, ?, ?)").run(saver.id, ad.id, Date.now()));
  try {
    await page.goto(`/edit-ad/${ad.id}`);
    if (javaScriptEnabled) await waitForHydration(page);
    // R$ 350,00 → R$ 330,00: 5,7 % below the only price it had.
    await page.getByLabel("Preço").fill("330,00");
    await page.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto(`/anuncio/${ad.id}`);
    const price = page.getByTestId("ad-price");
    await expect(price).toContainText(/R\$\s330,00/);
    await expect(price.locator("s")).toHaveText(/R\$\s350,00/);
    await expect(price).toContainText(/Baixou R\$\s20,00/);

    const mail = await waitForMail(path.join(process.env.E2E_DATA_DIR!, "outbox"), (m) => m.headers.includes(`To: ${saver.email}`), 10_000);
    expect(mail.body).toMatch(/De R\$\s350,00 por R\$\s330,00/);
    expect(mail.body).toContain(`/anuncio/${ad.id}-`);
    expect(mail.headers).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  } finally {
    deleteAd(ad.id);
  }
});
