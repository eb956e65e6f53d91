import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createDb, db, openSqlite, sqlite } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import * as schema from "~/db/schema";
import { seed } from "~/db/seed.server";

function counts(database: typeof db) {
  const tables = {
    users: schema.users,
    states: schema.states,
    cities: schema.cities,
    categories: schema.categories,
    subcategories: schema.subcategories,
    characteristics: schema.characteristics,
    settings: schema.settings,
    ads: schema.ads,
    adImages: schema.adImages,
  };
  const result = {} as Record<keyof typeof tables, number>;
  for (const [name, table] of Object.entries(tables)) {
    result[name as keyof typeof tables] = database.select({ n: count() }).from(table).get()!.n;
  }
  return result;
}

describe("migrations", () => {
  it("apply to an empty database and create every table of the model", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-migrate-"));
    const empty = openSqlite(path.join(dir, "empty.db"));
    runMigrations(createDb(empty));
    const tables = empty
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%'")
      .all()
      .map((row) => (row as { name: string }).name)
      .sort();
    expect(tables).toEqual(
      expect.arrayContaining([
        "ad_images",
        "ads",
        "ai_usage",
        "auth_attempts",
        "categories",
        "characteristics",
        "cities",
        "payments",
        "sessions",
        "settings",
        "states",
        "subcategories",
        "users",
      ]),
    );
    // Running them again is a no-op.
    expect(() => runMigrations(createDb(empty))).not.toThrow();
    empty.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("opens the database with WAL, foreign keys and a busy timeout", () => {
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBe(5000);
  });
});

describe("seed", () => {
  it("is idempotent: seeding again adds nothing", async () => {
    const before = counts(db);
    await seed(db, { adminEmail: "admin@teste.local", adminPassword: "Admin@12345", demo: true });
    expect(counts(db)).toEqual(before);
  });

  it("creates the reference data, the admin and at least 40 demo ads with images", () => {
    const c = counts(db);
    expect(c.states).toBe(27);
    expect(c.ads).toBeGreaterThanOrEqual(40);
    expect(c.adImages).toBeGreaterThanOrEqual(c.ads);
    const admin = db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, "admin@teste.local") }).sync();
    expect(admin?.isAdmin).toBe(true);
    expect(admin?.password).toMatch(/^\$argon2id\$/);
    const price = db.query.settings.findFirst({ where: (s, { eq }) => eq(s.key, "ad_price_per_day") }).sync();
    expect(price?.value).toBe("2.50");
    const cities = db.select().from(schema.cities).all();
    expect(cities.some((city) => city.name === "Patos de Minas" && city.state === "MG")).toBe(true);
    const types = new Set(db.select({ type: schema.characteristics.dataType }).from(schema.characteristics).all().map((r) => r.type));
    expect([...types].sort()).toEqual(["boolean", "date", "number", "select", "text"]);
  });

  it("puts most demo ads in Patos de Minas, mostly active, some 'A combinar'", () => {
    const all = db.select().from(schema.ads).all();
    const inPatos = all.filter((ad) => ad.city === "Patos de Minas").length;
    const active = all.filter((ad) => ad.status === "active" && ad.expirationDate > new Date()).length;
    expect(inPatos / all.length).toBeGreaterThan(0.5);
    expect(active / all.length).toBeGreaterThan(0.5);
    expect(all.some((ad) => ad.priceCents === null)).toBe(true);
    expect(all.filter((ad) => ad.whatsapp).length / all.length).toBeGreaterThan(0.5);
  });

  it("seeds a fresh database without demo ads when asked", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-seed-"));
    const fresh = createDb(openSqlite(path.join(dir, "fresh.db")));
    runMigrations(fresh);
    await seed(fresh, { adminEmail: "ops@teste.local", adminPassword: "Admin@12345", demo: false });
    const first = counts(fresh);
    await seed(fresh, { adminEmail: "ops@teste.local", adminPassword: "Admin@12345", demo: false });
    expect(counts(fresh)).toEqual(first);
    expect(first.ads).toBe(0);
    expect(first.users).toBe(1);
    fresh.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
