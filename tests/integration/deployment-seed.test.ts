/**
 * The seed of a deployment (NODE_ENV=production, https APP_URL: docs/operations.md) never leaves the
 * README's demo administrator in place: it needs ADMIN_PASSWORD to create the administrator, and an
 * administrator still on the demo password (a careless earlier start) stops start-up until
 * ADMIN_PASSWORD replaces it — which also ends every session opened with the demo password.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createDb, openSqlite, type Db } from "~/db/client.server";
import { runMigrations } from "~/db/migrate.server";
import * as schema from "~/db/schema";
import { seed, SeedRefusal } from "~/db/seed.server";
import { parseEnv } from "~/env-schema.server";
import { DEMO_ADMIN_PASSWORD } from "~/env-deployment.server";
import { verifyPassword } from "~/models/account/password-hasher.server";

const ADMIN = "voce@example.com.br";
const OWN_PASSWORD = "uma senha longa e só minha";
const opened: { db: Db; dir: string }[] = [];

function freshDb() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-deploy-seed-"));
  const db = createDb(openSqlite(path.join(dir, "app.db")));
  runMigrations(db);
  opened.push({ db, dir });
  return db;
}

afterEach(() => {
  for (const { db, dir } of opened.splice(0)) {
    db.$client.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

const adminOf = (db: Db) => db.select().from(schema.users).where(eq(schema.users.email, ADMIN)).get();

describe("the administrator of a deployment", () => {
  it("is not created without ADMIN_PASSWORD: start-up stops naming it", async () => {
    const db = freshDb();
    await expect(seed(db, { adminEmail: ADMIN, adminPassword: undefined, deployment: true, demo: false })).rejects.toThrow(SeedRefusal);
    await expect(seed(db, { adminEmail: ADMIN, adminPassword: undefined, deployment: true, demo: false })).rejects.toThrow(
      /ADMIN_PASSWORD: is required to create the administrator voce@example\.com\.br/,
    );
    expect(adminOf(db)).toBeUndefined();
    await seed(db, { adminEmail: ADMIN, adminPassword: OWN_PASSWORD, deployment: true, demo: false });
    expect(await verifyPassword(adminOf(db)!.password, OWN_PASSWORD)).toBe(true);
    // Later starts need it no more: the administrator exists, with a password of the operator's.
    await seed(db, { adminEmail: ADMIN, adminPassword: undefined, deployment: true, demo: false });
  });

  it("still on the demo password (an earlier careless start) stops start-up, until ADMIN_PASSWORD replaces it and its sessions end", async () => {
    const db = freshDb();
    await seed(db, { adminEmail: ADMIN, adminPassword: DEMO_ADMIN_PASSWORD, demo: false });
    const admin = adminOf(db)!;
    db.insert(schema.sessions).values({ id: "sessao-aberta-com-a-senha-demo", userId: admin.id, expiresAt: new Date(Date.now() + 86_400_000) }).run();

    const start = seed(db, { adminEmail: ADMIN, adminPassword: undefined, deployment: true, demo: false });
    await expect(start).rejects.toThrow(/ADMIN_PASSWORD: the administrator voce@example\.com\.br still has the demo password/);
    await expect(start).rejects.not.toThrow(DEMO_ADMIN_PASSWORD);

    await seed(db, { adminEmail: ADMIN, adminPassword: OWN_PASSWORD, deployment: true, demo: false });
    expect(await verifyPassword(adminOf(db)!.password, OWN_PASSWORD)).toBe(true);
    expect(await verifyPassword(adminOf(db)!.password, DEMO_ADMIN_PASSWORD)).toBe(false);
    expect(db.select({ n: count() }).from(schema.sessions).where(eq(schema.sessions.userId, admin.id)).get()!.n).toBe(0);
  });

  it("keeps a password the operator changed, whatever ADMIN_PASSWORD says", async () => {
    const db = freshDb();
    await seed(db, { adminEmail: ADMIN, adminPassword: OWN_PASSWORD, deployment: true, demo: false });
    await seed(db, { adminEmail: ADMIN, adminPassword: "outra senha longa qualquer", deployment: true, demo: false });
    expect(await verifyPassword(adminOf(db)!.password, OWN_PASSWORD)).toBe(true);
  });
});

it("seeds no demo ads in a deployment unless SEED_DEMO=true", async () => {
  const deployment = parseEnv({ NODE_ENV: "production", APP_URL: "https://classificados.example.com.br", PIX_KEY: "pix@classificados.example.com.br" });
  const db = freshDb();
  await seed(db, { adminEmail: ADMIN, adminPassword: OWN_PASSWORD, deployment: deployment.isDeployment, demo: deployment.SEED_DEMO });
  expect(db.select({ n: count() }).from(schema.ads).get()!.n).toBe(0);
});
