/**
 * Idempotent seed: reference data by natural keys (insert or ignore), the administrator, the
 * per-day price and, when SEED_DEMO says so, the demo seller's ads. Running it twice adds nothing.
 */
import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { addDaysToKey, expirationInstantFromKey, todayKey } from "~/lib/dates";
import { DEMO_ADMIN_PASSWORD } from "~/env-deployment.server";
import { hashPassword, verifyPassword } from "~/models/account/password-hasher.server";
import { uniqueUsername } from "~/models/account/users.server";
import { storeOriginalImage } from "~/models/ad/image-store.server";
import { imageUrl } from "~/services/images.server";
import { photoHashes } from "~/services/photo-hash.server";
import type { Db } from "./client.server";
import { renderDemoImage } from "./demo-images.server";
import {
  adImages,
  ads,
  categories,
  characteristics,
  cities,
  sessions,
  settings,
  states,
  subcategories,
  users,
} from "./schema";
import { CATEGORIES, CITIES, DEMO_ADS, DEMO_SELLER, STATES } from "./seed-data";

export type SeedOptions = {
  adminEmail: string;
  /** ADMIN_PASSWORD; undefined only in a deployment, which has no default. */
  adminPassword: string | undefined;
  /** A deployment (env.server.ts's isDeployment): the demo administrator's password is not left in place. */
  deployment?: boolean;
  demo: boolean;
  now?: Date;
};

/** A setting the seed needs and did not get: start-up stops with this message alone (server/jobs.ts). */
export class SeedRefusal extends Error {}

export async function seed(db: Db, options: SeedOptions) {
  seedReferenceData(db);
  await seedAdmin(db, options);
  if (options.demo) await seedDemoAds(db, options.now ?? new Date());
}

function seedReferenceData(db: Db) {
  db.transaction((tx) => {
    tx.insert(states).values([...STATES]).onConflictDoNothing().run();
    tx.insert(cities).values(CITIES.map(({ name, state }) => ({ name, state }))).onConflictDoNothing().run();
    tx.insert(settings)
      .values({ key: "ad_price_per_day", value: "2.50", description: "Preço por dia de anúncio (R$)" })
      .onConflictDoNothing()
      .run();

    for (const category of CATEGORIES) {
      tx.insert(categories)
        .values({ name: category.name, label: category.label, description: category.description, icon: category.icon })
        .onConflictDoNothing()
        .run();
      const { id: categoryId } = tx
        .select({ id: categories.id })
        .from(categories)
        .where(eq(categories.name, category.name))
        .get()!;
      if (category.subcategories.length) {
        tx.insert(subcategories)
          .values(category.subcategories.map((sub) => ({ ...sub, categoryId })))
          .onConflictDoNothing()
          .run();
      }
      if (category.characteristics.length) {
        tx.insert(characteristics)
          .values(category.characteristics.map((characteristic) => ({ ...characteristic, categoryId })))
          .onConflictDoNothing()
          .run();
      }
    }
  });
}

async function seedAdmin(db: Db, { adminEmail: email, adminPassword: password, deployment = false }: SeedOptions) {
  const existing = db.select({ id: users.id, isAdmin: users.isAdmin, password: users.password }).from(users).where(eq(users.email, email)).get();
  if (existing) {
    // Never reset a password the operator may have changed; only make sure the account is an admin.
    if (!existing.isAdmin) db.update(users).set({ isAdmin: true }).where(eq(users.id, existing.id)).run();
    // Except the README's demo password, left by a start without ADMIN_PASSWORD: anyone may have used it.
    // One verify (~0.2 s) per deployment start.
    if (deployment && (await verifyPassword(existing.password, DEMO_ADMIN_PASSWORD))) {
      if (!password) {
        throw new SeedRefusal(
          `ADMIN_PASSWORD: the administrator ${email} still has the demo password (the README's). ` +
            "Set ADMIN_PASSWORD to one of your own for the next start: it replaces the demo one and ends that account's sessions.",
        );
      }
      const hash = await hashPassword(password);
      db.transaction((tx) => {
        tx.update(users).set({ password: hash }).where(eq(users.id, existing.id)).run();
        tx.delete(sessions).where(eq(sessions.userId, existing.id)).run();
      });
    }
    return;
  }
  if (!password) {
    throw new SeedRefusal(
      `ADMIN_PASSWORD: is required to create the administrator ${email} (a deployment, with an https APP_URL, has no default password). ` +
        "Set it for the first start; later starts keep the administrator's password as it is.",
    );
  }
  db.insert(users)
    .values({
      email,
      username: await uniqueUsername(db, email.split("@")[0] ?? "admin"),
      fullName: "Administrador",
      password: await hashPassword(password),
      isAdmin: true,
    })
    .onConflictDoNothing()
    .run();
}

async function seedDemoAds(db: Db, now: Date) {
  db.insert(users)
    .values({ ...DEMO_SELLER, provider: "local" })
    .onConflictDoNothing()
    .run();
  const seller = db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_SELLER.email)).get()!;
  const [{ existing } = { existing: 0 }] = db
    .select({ existing: count() })
    .from(ads)
    .where(eq(ads.userId, seller.id))
    .all();
  if (existing > 0) return;

  const categoryIds = new Map(db.select({ id: categories.id, name: categories.name }).from(categories).all().map((c) => [c.name, c.id]));
  const cityRows = db.select().from(cities).all();
  const today = todayKey(now);

  // Pictures first (slow, async); rows after, in one transaction, so a crash leaves no half-made ads.
  const pictures = await Promise.all(
    DEMO_ADS.map(async (ad, adIndex) =>
      Promise.all(
        Array.from({ length: ad.imageCount }, async (_, imageIndex) => {
          const publicId = `demo-${String(adIndex + 1).padStart(3, "0")}-${imageIndex + 1}`;
          const bytes = await renderDemoImage({
            title: ad.headline,
            subtitle: `${ad.categoryName} · ${ad.cityName}`,
            hue: ad.imageHue,
            index: imageIndex,
          });
          const [{ width, height }, hashes] = await Promise.all([sharp(bytes).metadata(), photoHashes(bytes), storeOriginalImage(publicId, bytes)]);
          return { publicId, width: width ?? null, height: height ?? null, phash: hashes.phash, phashVariants: hashes.variants };
        }),
      ),
    ),
  );

  db.transaction((tx) => {
    DEMO_ADS.forEach((ad, adIndex) => {
      const categoryId = categoryIds.get(ad.categoryName);
      const city = cityRows.find((c) => c.name === ad.cityName);
      if (!categoryId || !city) throw new Error(`Demo ad ${adIndex + 1} names an unknown category or city`);
      const subcategory = ad.subcategoryName
        ? tx
            .select({ id: subcategories.id })
            .from(subcategories)
            .where(and(eq(subcategories.categoryId, categoryId), eq(subcategories.name, ad.subcategoryName)))
            .get()
        : undefined;
      const createdAt = new Date(now.getTime() - ad.createdDaysAgo * 86_400_000);
      const inserted = tx
        .insert(ads)
        .values({
          title: ad.headline,
          description: ad.description,
          priceCents: ad.priceCents || null,
          status: ad.status === "expired" ? "active" : ad.status,
          userId: seller.id,
          categoryId,
          subcategoryId: subcategory?.id ?? null,
          characteristics: ad.characteristics,
          adType: ad.adType,
          expirationDate: expirationInstantFromKey(addDaysToKey(today, ad.expiresInDays)),
          whatsapp: ad.whatsapp,
          city: city.name,
          idCity: city.id,
          state: city.state,
          views: ad.views,
          // The demo's public (and paused) ads went live when they were made.
          publishedAt: ad.status === "active" || ad.status === "expired" || ad.status === "paused" ? createdAt : null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: ads.id })
        .get();
      const images = pictures[adIndex] ?? [];
      if (images.length) {
        tx.insert(adImages)
          .values(
            images.map((image, order) => ({
              adId: inserted.id,
              publicId: image.publicId,
              url: imageUrl(image.publicId),
              width: image.width,
              height: image.height,
              phash: image.phash,
              phashVariants: image.phashVariants,
              isPrimary: order === 0,
              order,
              createdAt,
            })),
          )
          .run();
      }
    });
  });
}
