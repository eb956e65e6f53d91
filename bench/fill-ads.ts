/**
 * The benches' synthetic ads (bench/run.ts, bench/alerts.ts): `count` ads in one transaction on a
 * migrated and seeded database, texts taken from the demo ads so keyword frequencies are realistic,
 * 80 % active, half in Patos de Minas, no images; the same database on every run (a seeded random).
 * Import it after DATA_DIR is set: it loads the app's modules.
 */
import type Database from "better-sqlite3";
import { seededRandom } from "~/db/demo-images.server";
import { DEMO_ADS } from "~/db/seed-data";
import { addDaysToKey, expirationInstantFromKey, todayKey } from "~/lib/dates";

export function fillAds(sqlite: Database.Database, count: number) {
  const rand = seededRandom(20_260_101); // the same database on every run
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const cities = sqlite.prepare("SELECT id, name, state FROM cities ORDER BY id").all() as { id: number; name: string; state: string }[];
  const patos = cities.find((c) => c.name === "Patos de Minas")!;
  const categories = sqlite.prepare("SELECT id, name FROM categories").all() as { id: number; name: string }[];
  const subcategories = sqlite.prepare("SELECT id, category_id AS categoryId, name FROM subcategories").all() as { id: number; categoryId: number; name: string }[];
  const now = Date.now();
  const today = todayKey();

  const insertUser = sqlite.prepare("INSERT INTO users (username, email, full_name) VALUES (?, ?, ?)");
  const insertAd = sqlite.prepare(`INSERT INTO ads (title, description, price_cents, status, user_id, category_id, subcategory_id,
    characteristics, ad_type, expiration_date, whatsapp, city, id_city, state, views, created_at, updated_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const words = ["seminovo", "ótimo estado", "urgente", "aceito troca", "parcelo", "retirar no local", "com nota", "revisado"];

  sqlite.transaction(() => {
    const userIds: number[] = [];
    for (let i = 0; i < 500; i++) userIds.push(Number(insertUser.run(`bench${i}`, `bench${i}@bench.local`, `Anunciante ${i}`).lastInsertRowid));
    for (let i = 0; i < count; i++) {
      const demo = pick(DEMO_ADS);
      // Half the ads in Patos de Minas, the rest spread over the region (like the real site).
      const city = rand() < 0.5 ? patos : pick(cities);
      const category = categories.find((c) => c.name === demo.categoryName) ?? pick(categories);
      const subs = subcategories.filter((s) => s.categoryId === category.id);
      const sub = rand() < 0.9 && subs.length ? pick(subs) : null;
      const statusRoll = rand();
      const status = statusRoll < 0.8 ? "active" : statusRoll < 0.88 ? "pending_payment" : statusRoll < 0.95 ? "paused" : "rejected";
      const expiresIn = rand() < 0.9 ? 1 + Math.floor(rand() * 60) : -1 - Math.floor(rand() * 60);
      const typeRoll = rand();
      const adType = typeRoll < 0.7 ? "Vender" : typeRoll < 0.9 ? "Comprar" : "Trocar";
      const createdAt = now - Math.floor(rand() * 90 * 86_400_000);
      insertAd.run(
        `${adType} - ${category.name}`,
        // One ad in 25 000 has a rare word, for the worst case of a search (few matches).
        `${demo.description} ${pick(words)}${i % 25_000 === 0 ? ", peça raríssima" : ""}.`.slice(0, 1000),
        rand() < 0.15 ? null : 1000 + Math.floor(rand() * 5_000_000),
        status,
        pick(userIds),
        category.id,
        sub?.id ?? null,
        JSON.stringify(demo.characteristics),
        adType,
        expirationInstantFromKey(addDaysToKey(today, expiresIn)).getTime(),
        rand() < 0.8 ? demo.whatsapp ?? "(34) 9 9999-0000" : null,
        city.name,
        city.id,
        city.state,
        Math.floor(Math.pow(rand(), 3) * 5000),
        createdAt,
        createdAt,
      );
    }
  })();
}

/** The city, category and subcategory the benches' filtered cases ask for. */
export function benchIds(sqlite: Database.Database) {
  const idOf = (table: string, name: string) => sqlite.prepare(`SELECT id FROM ${table} WHERE name = ?`).pluck().get(name) as number;
  return { patosId: idOf("cities", "Patos de Minas"), categoryId: idOf("categories", "Casa e Móveis"), subcategoryId: idOf("subcategories", "Eletrodomésticos") };
}
