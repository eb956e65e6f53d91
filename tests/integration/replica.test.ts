/**
 * Continuous replication (server/replicator.mjs, ADR 035) with the real Litestream binary, and the
 * restore from it (scripts/replica-restore.mjs, `npm run db:restore -- --from-replica`): to a file://
 * folder and to tests/support/fake-s3.ts (which lists as S3 does, v1 and v2). Each test writes to a
 * copy of this file's seeded database as the app would (WAL), with raw SQL for speed.
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { startReplicator } from "../../server/replicator.mjs";
import { restoreFromReplica, ReplicaRestoreError } from "../../scripts/replica-restore.mjs";
import type { ReplicaSettings } from "../../server/replica-files.mjs";
import { startFakeS3 } from "../support/fake-s3";

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const tempDir = (name: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `classificados-replica-${name}-`));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A live data folder: this file's seeded database (with its demo photos) and the generated secrets. */
function liveFolder() {
  const dataDir = tempDir("live");
  const template = process.env.DATA_DIR!;
  fs.copyFileSync(path.join(template, "app.db"), path.join(dataDir, "app.db"));
  fs.cpSync(path.join(template, "uploads"), path.join(dataDir, "uploads"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "session-secret"), randomBytes(32).toString("hex"), { mode: 0o600 });
  fs.writeFileSync(path.join(dataDir, "webhook-token"), randomBytes(32).toString("hex"), { mode: 0o600 });
  fs.mkdirSync(path.join(dataDir, "access-log"), { mode: 0o700 });
  fs.writeFileSync(path.join(dataDir, "access-log", "2026-12-04.jsonl"), '{"path":"/"}\n');
  const db = new Database(path.join(dataDir, "app.db"));
  db.pragma("journal_mode = WAL");
  // As the app does with a replica (app/db/client.server.ts): Litestream checkpoints.
  db.pragma("wal_autocheckpoint = 0");
  cleanups.push(() => db.close());
  return { dataDir, db };
}

/** Inserts a copy of the table's first row with `overrides`; returns the new id. */
function cloneRow(db: Database.Database, table: string, overrides: Record<string, unknown>) {
  const columns = (db.pragma(`table_info(${table})`) as Array<{ name: string }>).map((column) => column.name).filter((name) => name !== "id");
  const values = columns.map((name) => (name in overrides ? `@${name}` : name)).join(", ");
  return Number(db.prepare(`insert into ${table} (${columns.join(", ")}) select ${values} from ${table} order by id limit 1`).run(overrides).lastInsertRowid);
}

let serial = 0;
/** A batch of writes: `users` sign-ups and one ad with a photo (its row and its file). */
function writeBatch(live: { dataDir: string; db: Database.Database }, users: number) {
  const tag = `${Date.now()}-${serial++}`;
  live.db.transaction(() => {
    for (let i = 0; i < users; i++) cloneRow(live.db, "users", { email: `u${tag}-${i}@example.com`, username: `u${tag}-${i}` });
  })();
  const adId = cloneRow(live.db, "ads", {});
  const publicId = `photo-${tag}`;
  fs.writeFileSync(path.join(live.dataDir, "uploads", "originals", publicId), randomBytes(2048));
  cloneRow(live.db, "ad_images", { ad_id: adId, public_id: publicId, url: `/images/${publicId}` });
  return { adId, publicId };
}

const counts = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    const n = (table: string) => (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    return { users: n("users"), ads: n("ads"), photos: n("ad_images") };
  } finally {
    db.close();
  }
};

async function replicate(settings: ReplicaSettings, { registry = new Registry(), filesEveryMs = 300 } = {}) {
  const replicator = await startReplicator(settings, registry, { restartWaitsMs: [200], filesEveryMs });
  let stopped = false;
  const stop = async () => {
    if (!stopped) await replicator.stop();
    stopped = true;
  };
  cleanups.push(stop);
  return { replicator, registry, stop };
}

const quiet = () => {};

describe("replication to a file:// replica", () => {
  it("restores every row and photo of the latest transaction, and a moment between two batches without the second", async () => {
    const live = liveFolder();
    const replicaDir = tempDir("target");
    const settings: ReplicaSettings = { url: `file://${replicaDir}`, dataDir: live.dataDir, databasePath: path.join(live.dataDir, "app.db") };
    const { registry, stop } = await replicate(settings);

    const first = writeBatch(live, 20);
    await sleep(2_500);
    const between = new Date();
    await sleep(1_000);
    const second = writeBatch(live, 30);
    const expected = counts(settings.databasePath);
    await sleep(2_500);
    const lag = await registry.getSingleMetric("classificados_replica_lag_seconds")!.get();
    expect(lag.values[0]?.value).toBe(0);
    await stop();

    const latest = tempDir("latest");
    const restored = await restoreFromReplica({ ...settings, dataDir: latest, databasePath: path.join(latest, "app.db") }, { log: quiet });
    expect(counts(path.join(latest, "app.db"))).toEqual(expected);
    expect(restored.missingPhotos).toBe(0);
    for (const photo of [first, second]) expect(fs.existsSync(path.join(latest, "uploads", "originals", photo.publicId))).toBe(true);
    for (const file of ["session-secret", "webhook-token", "access-log/2026-12-04.jsonl"]) {
      expect(fs.readFileSync(path.join(latest, file), "utf8")).toBe(fs.readFileSync(path.join(live.dataDir, file), "utf8"));
    }
    expect(fs.existsSync(path.join(latest, "uploads", "variants"))).toBe(false);

    const earlier = tempDir("earlier");
    await restoreFromReplica({ ...settings, dataDir: earlier, databasePath: path.join(earlier, "app.db") }, { at: between, log: quiet });
    const then = new Database(path.join(earlier, "app.db"), { readonly: true });
    const adIds = (then.prepare("select id from ads where id in (?, ?)").all(first.adId, second.adId) as Array<{ id: number }>).map((row) => row.id);
    then.close();
    expect(adIds).toEqual([first.adId]);
    expect(counts(path.join(earlier, "app.db")).users).toBe(expected.users - 30);

    // A folder that is not empty is refused without --force, by the npm script's own words.
    const refused = spawnSync(process.execPath, ["scripts/db-restore.mjs", "--from-replica"], {
      env: { PATH: process.env.PATH, DATA_DIR: latest, DB_REPLICA_URL: settings.url } as unknown as NodeJS.ProcessEnv,
      encoding: "utf8",
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain(`Restore refused: ${latest} is not empty`);
    await expect(restoreFromReplica({ ...settings, dataDir: latest, databasePath: path.join(latest, "app.db") }, { log: quiet })).rejects.toThrow(ReplicaRestoreError);
  });

  it("restarts Litestream when it dies, and a photo stored just before the disk is lost comes back", async () => {
    const live = liveFolder();
    const replicaDir = tempDir("target");
    const settings: ReplicaSettings = { url: `file://${replicaDir}`, dataDir: live.dataDir, databasePath: path.join(live.dataDir, "app.db") };
    // Passes far apart: the photo below must go because it was stored (the watch on uploads/originals).
    const { replicator, registry } = await replicate(settings, { filesEveryMs: 60_000 });
    await sleep(1_000);
    const before = replicator.pid()!;
    process.kill(before, "SIGKILL");
    await expect.poll(() => replicator.pid() !== before && replicator.pid() !== null, { timeout: 5_000 }).toBe(true);
    expect((await registry.getSingleMetric("classificados_replica_restarts_total")!.get()).values[0]?.value).toBe(1);

    const photo = writeBatch(live, 5);
    await sleep(2_500);
    const expected = counts(settings.databasePath);
    // The disk is lost: Litestream killed without its last sync, the data folder gone.
    process.kill(replicator.pid()!, "SIGKILL");
    const restoredDir = tempDir("lost");
    const restored = await restoreFromReplica({ ...settings, dataDir: restoredDir, databasePath: path.join(restoredDir, "app.db") }, { log: quiet });
    expect(counts(path.join(restoredDir, "app.db"))).toEqual(expected);
    expect(restored.missingPhotos).toBe(0);
    expect(fs.existsSync(path.join(restoredDir, "uploads", "originals", photo.publicId))).toBe(true);
  });

  it("refuses to start on a replica it cannot write to, naming it", async () => {
    const live = liveFolder();
    const blocked = path.join(tempDir("blocked"), "file");
    fs.writeFileSync(blocked, "a file, not a folder");
    const url = `file://${blocked}/replica`;
    await expect(startReplicator({ url, dataDir: live.dataDir, databasePath: path.join(live.dataDir, "app.db") }, new Registry())).rejects.toThrow(
      `DB_REPLICA_URL=${url} cannot be written`,
    );
  });
});

describe("replication to an S3 bucket (tests/support/fake-s3.ts)", () => {
  it("restores the latest transaction and the photos from the bucket", async () => {
    const s3 = await startFakeS3({ pageSize: 5 });
    cleanups.push(() => s3.close());
    const live = liveFolder();
    const keys = { endpoint: s3.endpoint, region: "us-east-1", accessKeyId: s3.accessKeyId, secretAccessKey: "fake-secret" };
    const settings: ReplicaSettings = { url: "s3://replica/site", dataDir: live.dataDir, databasePath: path.join(live.dataDir, "app.db"), s3: keys };
    const { stop } = await replicate(settings);
    const photo = writeBatch(live, 10);
    const expected = counts(settings.databasePath);
    await sleep(2_500);
    await stop();
    expect(s3.keys("replica").some((key) => key.startsWith("site/db/generations/"))).toBe(true);

    const restoredDir = tempDir("from-s3");
    const restored = await restoreFromReplica({ ...settings, dataDir: restoredDir, databasePath: path.join(restoredDir, "app.db") }, { log: quiet });
    expect(counts(path.join(restoredDir, "app.db"))).toEqual(expected);
    expect(restored.missingPhotos).toBe(0);
    expect(fs.existsSync(path.join(restoredDir, "uploads", "originals", photo.publicId))).toBe(true);

    // A bucket that refuses writes stops start-up, naming the address.
    s3.failWith(403);
    await expect(startReplicator(settings, new Registry())).rejects.toThrow("DB_REPLICA_URL=s3://replica/site cannot be written");
  });
});
