/**
 * A paid ad held by its fraud signals (models/ad/fraud-signals.server.ts) in the admin's moderation
 * queue: the reasons in words, and a link to the ad its photo was copied from that the admin can
 * follow. How a payment finds the signals is tested in tests/integration/fraud-signals.test.ts; here
 * the held ad is written straight into the run's database.
 */
import { FRAUD_REASONS, type FraudSignal } from "../../app/models/ad/fraud-signals";
import { deleteAd, withE2eDatabase } from "../support/e2e-ads";
import { insertPendingAd, visitorHeaders } from "../support/e2e-admin";
import { expect as baseExpect, test } from "../support/e2e-session";

// The machine's two cores are shared with the rest of the suite: a page with pictures may take a while.
const expect = baseExpect.configure({ timeout: 15_000 });

test.use({
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, provide) => provide(visitorHeaders()),
});

test("the admin sees why a paid ad waits and follows the link to the ad its photo was copied from", async ({ page, signInAsAdmin, ownAd }) => {
  const held = insertPendingAd("ignored");
  const signals: FraudSignal[] = [
    { kind: "price_outlier", reason: FRAUD_REASONS.priceOutlier, priceCents: 9_000, medianCents: 90_000, peers: 7 },
    { kind: "copied_photo", reason: FRAUD_REASONS.copiedPhoto, otherAdId: ownAd.id, distance: 2 },
  ];
  withE2eDatabase((sqlite) => sqlite.prepare("UPDATE ads SET moderation = NULL, fraud_signals = ? WHERE id = ?").run(JSON.stringify(signals), held.id));
  try {
    await signInAsAdmin();
    await page.goto("/admin/moderation");
    const item = page.getByRole("article", { name: held.title });
    await expect(item.getByText("Sinal de golpe", { exact: true })).toBeVisible();
    await expect(item.getByText(/preço muito abaixo do comum nesta subcategoria: R\$\s90,00, contra a mediana de R\$\s900,00 de 7 anúncios/)).toBeVisible();
    await item.getByRole("link", { name: `ver o anúncio #${ownAd.id}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: ownAd.title })).toBeVisible();
  } finally {
    deleteAd(held.id);
  }
});
