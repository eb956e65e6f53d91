/**
 * `npm run bench:alerts` — the cost of one run of the saved searches' e-mail alerts
 * (app/models/saved-search/alerts.server.ts) at scale: a temporary DATA_DIR migrated and seeded, 100 000
 * synthetic ads (bench/fill-ads.ts), 1 000 saved searches over 500 accounts (words, cities, categories,
 * price ranges, as people save them), and N ads published in the last day (BENCH_PUBLISHED, default
 * 1 000 and 5 000). Each case times one run (matching and writing the .eml files, the offline mailer)
 * and a second run the same day (which must send nothing). Nothing is kept.
 *
 * Options (env): BENCH_ADS=100000  BENCH_SEARCHES=1000  BENCH_PUBLISHED=1000,5000
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const ADS = Number(process.env.BENCH_ADS ?? 100_000);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 1_000);
const PUBLISHED = (process.env.BENCH_PUBLISHED ?? "1000,5000").split(",").map(Number);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-bench-alerts-"));
process.env.DATA_DIR = dataDir;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-0";
process.env.APP_URL ??= "https://classificados.example";
delete process.env.SMTP_URL;

const { db, sqlite } = await import("~/db/client.server");
const { runMigrations } = await import("~/db/migrate.server");
const { seed } = await import("~/db/seed.server");
const { syncSearchIndex } = await import("~/models/listing/search-index.server");
const { runAlertsJob } = await import("~/models/saved-search/alerts.server");
const { benchIds, fillAds } = await import("./fill-ads");

const WORDS = ["geladeira", "carro", "bicicleta", "sofá", "iphone", "mesa", "casa", "moto", "notebook", "cadeira", "fogão", "apartamento"];

try {
  runMigrations(db, path.resolve(import.meta.dirname, "../drizzle"));
  await seed(db, { adminEmail: "admin@bench.local", adminPassword: "Admin@12345", demo: false });
  let started = performance.now();
  fillAds(sqlite, ADS);
  const ids = benchIds(sqlite);
  syncSearchIndex();
  console.log(`${ADS.toLocaleString("en")} ads and their search index in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const cities = (sqlite.prepare("SELECT id FROM cities").pluck().all() as number[]).slice(0, 10);
  const categories = sqlite.prepare("SELECT id FROM categories").pluck().all() as number[];
  const userIds = sqlite.prepare("SELECT id FROM users WHERE email LIKE 'bench%'").pluck().all() as number[];
  const insertSearch = sqlite.prepare("INSERT INTO saved_searches (user_id, query, alerted_until, created_at) VALUES (?, ?, ?, ?)");
  sqlite.transaction(() => {
    for (let i = 0; i < SEARCHES; i++) {
      const query = new URLSearchParams();
      if (i % 3 !== 2) query.set("search", WORDS[i % WORDS.length]!);
      if (i % 4 === 0) query.set("category", String(categories[i % categories.length]));
      query.set("cityId", i % 2 ? String(i % 5 ? ids.patosId : cities[i % cities.length]) : "todas");
      if (i % 5 === 0) query.set("maxPrice", String(1000 + (i % 7) * 500));
      query.set("n", String(i)); // unique per account; ignored by the listing
      insertSearch.run(userIds[i % userIds.length], query.toString(), 0, Date.now());
    }
  })();

  for (const published of PUBLISHED) {
    const now = Date.now();
    // Everything old, then `published` active ads made public within the last day; every search last mailed a day ago.
    sqlite.prepare("UPDATE ads SET published_at = ? WHERE published_at IS NOT NULL").run(now - 30 * 86_400_000);
    sqlite
      .prepare(`UPDATE ads SET published_at = ? - abs(random() % 86400000) WHERE id IN (SELECT id FROM ads WHERE published_at IS NOT NULL ORDER BY random() LIMIT ?)`)
      .run(now, published);
    sqlite.prepare("UPDATE saved_searches SET alerted_until = ?, last_sent_day = NULL").run(now - 86_400_000);
    fs.rmSync(path.join(dataDir, "outbox"), { recursive: true, force: true });

    const log = console.log;
    console.log = () => {}; // the offline mailer prints a line per e-mail
    started = performance.now();
    const first = await runAlertsJob(new Date(now));
    const firstMs = performance.now() - started;
    started = performance.now();
    const again = await runAlertsJob(new Date(now + 60_000));
    const againMs = performance.now() - started;
    console.log = log;
    console.log(
      `${SEARCHES} searches, ${ADS.toLocaleString("en")} ads, ${published} published in the last day: ` +
        `one run ${firstMs.toFixed(0)} ms (${first.mailed} e-mails written), the same day again ${againMs.toFixed(1)} ms (${again.mailed} e-mails)`,
    );
  }
} finally {
  sqlite.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
