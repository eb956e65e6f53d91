/**
 * Ads of its own for an e2e test, written straight into the database of the run's server (the one in
 * E2E_DATA_DIR, see playwright.config.ts): a test that counts something about an ad must not share the
 * ad with the other tests running beside it. There is no API for creating ads yet.
 */
import { randomBytes } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { addDaysToKey, expirationInstantFromKey, todayKey } from "../../app/lib/dates";

export type OwnAd = { id: number; title: string; description: string; cityId: number; city: string };

/** Runs `work` on a connection to the e2e server's database (WAL like the server's, waiting for its writers instead of failing), then closes it. */
export function withE2eDatabase<T>(work: (sqlite: Database.Database) => T): T {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set: run the e2e tests through playwright.config.ts");
  const sqlite = new Database(path.join(dataDir, "app.db"), { fileMustExist: true });
  try {
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    return work(sqlite);
  } finally {
    sqlite.close();
  }
}

// Coromandel: a seeded city whose ads no other test counts (they count Patos de Minas and Lagoa Formosa).
const CITY = "Coromandel";

/** Inserts an active, unexpired ad with a unique word in its title, owned by the demo seller, with no views. */
export function insertActiveAd(): OwnAd {
  return withE2eDatabase((sqlite) => {
  const word = `Zq${randomBytes(6).toString("hex")}`;
  const city = sqlite.prepare<[string], { id: number; name: string; state: string }>("SELECT id, name, state FROM cities WHERE name = ?").get(CITY);
  const category = sqlite.prepare<[string], { id: number }>("SELECT id FROM categories WHERE name = ?").get("Casa e Móveis");
  const seller = sqlite.prepare<[string], { id: number }>("SELECT id FROM users WHERE email = ?").get("vendedor.demo@classificados.local");
  if (!city || !category || !seller) throw new Error("the e2e database lacks the seeded city, category or demo seller");
  const title = `Banqueta ${word}`;
  const description = `Banqueta de madeira ${word}, anúncio criado por um teste.`;
  const { lastInsertRowid } = sqlite
    .prepare(
      `INSERT INTO ads (title, description, price_cents, status, user_id, category_id, ad_type, expiration_date, whatsapp, city, id_city, state, views)
       VALUES (?, ?, 15000, 'active', ?, ?, 'Vender', ?, '34995773046', ?, ?, ?, 0)`,
    )
    .run(title, description, seller.id, category.id, Date.now() + 30 * 86_400_000, city.name, city.id, city.state);
  return { id: Number(lastInsertRowid), title, description, cityId: city.id, city: city.name };
  });
}

/**
 * An ad of the user `ownerEmail` waiting for payment (pending_payment), in the same quiet city, visible
 * through today + `days` São Paulo days: what the wizard leaves behind before /payment/{id}.
 */
export function insertPendingPaymentAd(ownerEmail: string, days = 5): OwnAd {
  return withE2eDatabase((sqlite) => {
  const word = `Zp${randomBytes(6).toString("hex")}`;
  const city = sqlite.prepare<[string], { id: number; name: string; state: string }>("SELECT id, name, state FROM cities WHERE name = ?").get(CITY);
  const category = sqlite.prepare<[string], { id: number }>("SELECT id FROM categories WHERE name = ?").get("Casa e Móveis");
  const owner = sqlite.prepare<[string], { id: number }>("SELECT id FROM users WHERE email = ?").get(ownerEmail);
  if (!city || !category || !owner) throw new Error(`the e2e database lacks the seeded city, category or the user ${ownerEmail}`);
  const title = `Poltrona ${word}`;
  const description = `Poltrona reclinável ${word}, anúncio de um teste de pagamento.`;
  const expiration = expirationInstantFromKey(addDaysToKey(todayKey(), days)).getTime();
  const { lastInsertRowid } = sqlite
    .prepare(
      `INSERT INTO ads (title, description, price_cents, status, user_id, category_id, ad_type, expiration_date, whatsapp, city, id_city, state, views)
       VALUES (?, ?, 45000, 'pending_payment', ?, ?, 'Vender', ?, '34995773046', ?, ?, ?, 0)`,
    )
    .run(title, description, owner.id, category.id, expiration, city.name, city.id, city.state);
  return { id: Number(lastInsertRowid), title, description, cityId: city.id, city: city.name };
  });
}

/** The newest payment of an ad (id and status), as the server stored it. */
export function latestPaymentOf(adId: number): { id: number; status: string } | undefined {
  return withE2eDatabase((sqlite) => {
  return sqlite.prepare<[number], { id: number; status: string }>("SELECT id, status FROM payments WHERE ad_id = ? ORDER BY id DESC LIMIT 1").get(adId);
  });
}

export function adStatusOf(adId: number): string | undefined {
  return withE2eDatabase((sqlite) => {
  return sqlite.prepare<[number], { status: string }>("SELECT status FROM ads WHERE id = ?").get(adId)?.status;
  });
}

export function deleteAd(id: number) {
  return withE2eDatabase((sqlite) => {
  sqlite.prepare("DELETE FROM ads WHERE id = ?").run(id);
  });
}

/** `ownAd`: a fresh active ad for this test alone (every repetition gets its own), removed afterwards. */
export const test = base.extend<{ ownAd: OwnAd }>({
  // eslint-disable-next-line no-empty-pattern
  ownAd: async ({}, provide) => {
    const ad = insertActiveAd();
    await provide(ad);
    deleteAd(ad.id);
  },
});

export { expect } from "@playwright/test";

/**
 * An ad of `ownerEmail` in any state for the ad-management tests: `status` as stored, created
 * `createdDaysAgo` days ago, visible through today + `lastDayInDays` (negative: already expired).
 */
export function insertManagedAd(ownerEmail: string, { status, createdDaysAgo = 0, lastDayInDays = 10 }: { status: string; createdDaysAgo?: number; lastDayInDays?: number }): OwnAd {
  return withE2eDatabase((sqlite) => {
  const word = `Zm${randomBytes(6).toString("hex")}`;
  const city = sqlite.prepare<[string], { id: number; name: string; state: string }>("SELECT id, name, state FROM cities WHERE name = ?").get(CITY);
  const category = sqlite.prepare<[string], { id: number }>("SELECT id FROM categories WHERE name = ?").get("Casa e Móveis");
  const subcategory = sqlite.prepare<[number, string], { id: number }>("SELECT id FROM subcategories WHERE category_id = ? AND name = ?").get(category?.id ?? 0, "Móveis");
  const owner = sqlite.prepare<[string], { id: number }>("SELECT id FROM users WHERE email = ?").get(ownerEmail);
  if (!city || !category || !subcategory || !owner) throw new Error(`the e2e database lacks the seeded city, category or the user ${ownerEmail}`);
  const title = `Cômoda ${word}`;
  const description = `Cômoda de madeira com quatro gavetas ${word}, anúncio de um teste do painel.`;
  const created = Date.now() - createdDaysAgo * 86_400_000;
  const expiration = expirationInstantFromKey(addDaysToKey(todayKey(), lastDayInDays)).getTime();
  const { lastInsertRowid } = sqlite
    .prepare(
      `INSERT INTO ads (title, description, price_cents, status, user_id, category_id, subcategory_id, ad_type, expiration_date, whatsapp, city, id_city, state, views, created_at, updated_at)
       VALUES (?, ?, 35000, ?, ?, ?, ?, 'Vender', ?, '(34) 9 9577-3046', ?, ?, ?, 3, ?, ?)`,
    )
    .run(title, description, status, owner.id, category.id, subcategory.id, expiration, city.name, city.id, city.state, created, created);
  return { id: Number(lastInsertRowid), title, description, cityId: city.id, city: city.name };
  });
}

/** What the server stored for an ad (undefined once it is deleted). */
export function storedAd(adId: number): { status: string; title: string; expiration_date: number; ad_cost_cents: number } | undefined {
  return withE2eDatabase((sqlite) => {
  return sqlite
    .prepare<[number], { status: string; title: string; expiration_date: number; ad_cost_cents: number }>("SELECT status, title, expiration_date, ad_cost_cents FROM ads WHERE id = ?")
    .get(adId);
  });
}

/** Resolves with the answer to the next heart's post (POST /favoritos, or its `.data` with JavaScript). */
export function favouritePosted(page: Page) {
  return page.waitForResponse((response) => /^\/favoritos(\.data)?$/.test(new URL(response.url()).pathname) && response.request().method() === "POST");
}

/** Taps a heart that is off: it turns on at once, and the tap's post has been answered when this resolves. */
export async function tapHeartOn(page: Page, heart: Locator) {
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  const posted = favouritePosted(page);
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");
  await posted;
}
