/**
 * `npm run bench:photos` — the copied-photo check (ADR 020) against many stored photos.
 *
 * A temporary DATA_DIR gets BENCH_PHOTOS (100 000) photos with random perceptual hashes (the whole
 * picture's and its 16 views') on other accounts' live ads (5 a ad), then an ad of 5 photos is checked
 * 21 times as a payment checks it (`fraudSignalsFor`, in a transaction); printed: the median, the
 * extremes, and the plan of the candidates' query (it must start from the band indexes of the whole
 * picture and of the centre crops, never walk every paid ad's photos).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-bench-photos-"));
process.env.DATA_DIR = dir;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-0";
process.env.APP_URL ??= "http://127.0.0.1";
const { and, eq, inArray, ne, or } = await import("drizzle-orm");
const { db, sqlite } = await import("~/db/client.server");
const { runMigrations } = await import("~/db/migrate.server");
const { seed } = await import("~/db/seed.server");
const { adImages, ads, photoHashBand, photoVariantBand } = await import("~/db/schema");
const { PHOTO_HASH_BANDS, PHOTO_VIEW_BANDS } = await import("~/models/ad/fraud-signals");
const { fraudSignalsFor } = await import("~/models/ad/fraud-signals.server");
const { seededRandom } = await import("~/db/demo-images.server");
const { INDEXED_PHOTO_VARIANTS, PHOTO_VARIANTS } = await import("~/services/photo-hash.server");

const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 100_000);
try {
  runMigrations(db, path.resolve(import.meta.dirname, "../drizzle"));
  await seed(db, { adminEmail: "admin@bench.local", adminPassword: "Admin@12345", demo: false });
  const city = sqlite.prepare("SELECT id, name, state FROM cities LIMIT 1").get() as { id: number; name: string; state: string };
  const categoryId = sqlite.prepare("SELECT id FROM categories LIMIT 1").pluck().get() as number;
  const user = sqlite.prepare("INSERT INTO users (username, email, full_name) VALUES (?, ?, ?)");
  const others = Number(user.run("others", "others@bench.local", "Outros").lastInsertRowid);
  const seller = Number(user.run("seller", "seller@bench.local", "Vendedor").lastInsertRowid);
  const insertAd = sqlite.prepare(`INSERT INTO ads (title, description, status, user_id, category_id, characteristics, ad_type,
    expiration_date, city, id_city, state, created_at, updated_at) VALUES ('Anúncio', 'Descrição', ?, ?, ?, '{}', 'Vender', ?, ?, ?, ?, ?, ?)`);
  const insertImage = sqlite.prepare("INSERT INTO ad_images (ad_id, url, public_id, phash, phash_variants, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  const rand = seededRandom(24);
  const randomHex = (digits: number) => Array.from({ length: digits }, () => Math.floor(rand() * 16).toString(16)).join("");
  const randomHash = () => randomHex(16);
  const randomVariants = () => randomHex(16 * Object.keys(PHOTO_VARIANTS).length);
  const now = Date.now();
  const ad = (status: string, userId: number) => Number(insertAd.run(status, userId, categoryId, now + 86_400_000, city.name, city.id, city.state, now, now).lastInsertRowid);
  const started = performance.now();
  sqlite.transaction(() => {
    let adId = 0;
    for (let i = 0; i < PHOTOS; i++) {
      if (i % 5 === 0) adId = ad("active", others);
      insertImage.run(adId, `/images/p${i}`, `p${i}`, randomHash(), randomVariants(), now);
    }
  })();
  const checked = ad("pending_payment", seller);
  const own = Array.from({ length: 5 }, (_, i) => insertImage.run(checked, `/images/m${i}`, `m${i}`, randomHash(), randomVariants(), now));
  console.log(`${PHOTOS.toLocaleString("en")} photos stored in ${((performance.now() - started) / 1000).toFixed(1)} s; checking an ad of ${own.length}`);

  const times: number[] = [];
  for (let i = 0; i < 21; i++) {
    const t = performance.now();
    db.transaction((tx) => fraudSignalsFor(tx, checked));
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`copied-photo check: median ${times[10]!.toFixed(1)} ms (${times[0]!.toFixed(1)}–${times[20]!.toFixed(1)} ms over 21 runs)`);

  // The candidates' query as fraud-signals.server.ts builds it (values do not change the plan).
  const bands = [
    ...PHOTO_HASH_BANDS.map((band) => photoHashBand(adImages.phash, band)),
    ...PHOTO_VIEW_BANDS.map((band) => photoHashBand(adImages.phash, band)),
    ...INDEXED_PHOTO_VARIANTS.flatMap((variant) => PHOTO_VIEW_BANDS.map((band) => photoVariantBand(adImages.phashVariants, variant, band))),
  ];
  const query = db
    .select({ adId: adImages.adId })
    .from(adImages)
    .crossJoin(ads)
    .where(and(or(...bands.map((band) => inArray(band, ["0000", "ffff"]))), eq(ads.id, adImages.adId), ne(ads.userId, seller), inArray(ads.status, ["active"])))
    .toSQL();
  const plan = sqlite.prepare(`EXPLAIN QUERY PLAN ${query.sql}`).all(...query.params) as { detail: string }[];
  console.log(`plan: ${plan.map((row) => row.detail).join(" | ")}`);
} finally {
  sqlite.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
