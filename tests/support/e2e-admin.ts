/**
 * The admin e2e tests' helpers: ads awaiting moderation written straight into the run's database
 * (E2E_DATA_DIR), the way tests/support/e2e-ads.ts writes the others. Signing in: e2e-session.ts.
 */
import { randomBytes, randomInt } from "node:crypto";
import { expect, type Page } from "@playwright/test";
import { addDaysToKey, expirationInstantFromKey, todayKey } from "../../app/lib/dates";
import { withE2eDatabase } from "./e2e-ads";

/** Each test is a visitor of its own address (the server trusts its proxy in the e2e runs). */
export function visitorHeaders() {
  return { "X-Forwarded-For": `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}` };
}

export type PendingAd = { id: number; title: string };

/** An ad awaiting moderation (paid, the automatic moderation said needs_review), with its reasons. */
export function insertPendingAd(reason: string): PendingAd {
  return withE2eDatabase((sqlite) => {
  const word = `Zm${randomBytes(6).toString("hex")}`;
  const city = sqlite.prepare<[string], { id: number; name: string; state: string }>("SELECT id, name, state FROM cities WHERE name = ?").get("Coromandel");
  const category = sqlite.prepare<[string], { id: number }>("SELECT id FROM categories WHERE name = ?").get("Casa e Móveis");
  const seller = sqlite.prepare<[string], { id: number }>("SELECT id FROM users WHERE email = ?").get("vendedor.demo@classificados.local");
  if (!city || !category || !seller) throw new Error("the e2e database lacks the seeded city, category or demo seller");
  const title = `Cristaleira ${word}`;
  const moderation = JSON.stringify({
    recommendation: "needs_review",
    confidence: 0.55,
    issues: [reason],
    provider: "local",
    timestamp: new Date().toISOString(),
  });
  const expiration = expirationInstantFromKey(addDaysToKey(todayKey(), 10)).getTime();
  const { lastInsertRowid } = sqlite
    .prepare(
      `INSERT INTO ads (title, description, price_cents, status, user_id, category_id, ad_type, expiration_date, city, id_city, state, views, moderation)
       VALUES (?, ?, 90000, 'pending', ?, ?, 'Vender', ?, ?, ?, ?, 0, ?)`,
    )
    .run(title, `Cristaleira antiga ${word}, anúncio de um teste de moderação.`, seller.id, category.id, expiration, city.name, city.id, city.state, moderation);
  return { id: Number(lastInsertRowid), title };
  });
}

export function lastDecision(adId: number) {
  return withE2eDatabase((sqlite) => {
  return sqlite
    .prepare<[number], { decision: string; reason: string | null; user_id: number | null }>(
      "SELECT decision, reason, user_id FROM moderation_decisions WHERE ad_id = ? ORDER BY id DESC LIMIT 1",
    )
    .get(adId);
  });
}

/** The page does not scroll sideways (phones). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}
