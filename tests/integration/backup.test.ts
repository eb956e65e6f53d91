/**
 * scripts/backup.mjs and scripts/restore.mjs, behind the server's backup schedule, `npm run db:backup`
 * and `npm run db:restore`: retention, what a backup holds, the bucket copies (against a local fake S3,
 * tests/support/fake-s3.ts), the tally /metrics reads, and what a restore checks and keeps, from a
 * folder or from the bucket. The end-to-end round trip is tests/e2e/backup.spec.ts; the drill's, tests/e2e/drill.spec.ts.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AggregatorRegistry } from "prom-client";
import { getEnv } from "~/env.server";
import { registerScrapeGauges, registry } from "~/services/metrics-registry.server";
import { takeBackup } from "../../server/jobs";
import { scrapeReadings } from "../../server/worker-metrics";
import { backupsToPrune, latestBackupTime, newestBackup, runBackup, stampOf, type BackupSettings } from "../../scripts/backup.mjs";
import { readBackupTally } from "../../scripts/backup-tally.mjs";
import { pidFile, restoreBackup, restoreFromBucket, RestoreError } from "../../scripts/restore.mjs";
import { startFakeS3, type FakeS3 } from "../support/fake-s3";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** A data folder with a copy of this test file's seeded database, an original image and a cached variant. */
function dataFolder(): BackupSettings {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-backup-test-"));
  folders.push(dataDir);
  fs.copyFileSync(path.join(process.env.DATA_DIR!, "app.db"), path.join(dataDir, "app.db"));
  fs.mkdirSync(path.join(dataDir, "uploads", "originals"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", "originals", "foto1"), "original");
  fs.mkdirSync(path.join(dataDir, "uploads", "variants", "foto1"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", "variants", "foto1", "320x0.webp"), "variant");
  return { dataDir, databasePath: path.join(dataDir, "app.db"), storageDriver: "fs" };
}

const bucketKeys = (s3: FakeS3) => ({ endpoint: s3.endpoint, region: "auto", accessKeyId: s3.accessKeyId, secretAccessKey: "segredo" });

/** `node <script>` with exactly `env`, as the operator's `npm run` runs it. */
function runNode(script: string, env: Record<string, string>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [script], { env: { NODE_ENV: "production", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("exit", (status) => resolve({ status, stdout, stderr })));
}

const countUsers = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return (db.prepare("select count(*) as n from users").get() as { n: number }).n;
  } finally {
    db.close();
  }
};

describe("retention", () => {
  it("keeps the 24 newest and the newest of each of the last 7 days", () => {
    // Ten days of hourly backups, from 2025-03-01 00:00 to 2025-03-10 23:00 UTC.
    const names = Array.from({ length: 240 }, (_, hour) => stampOf(new Date(Date.UTC(2025, 2, 1, hour))));
    const removed = new Set(backupsToPrune([...names, "before-restore-x", ".partial-y"]));
    const kept = names.filter((name) => !removed.has(name));
    expect(kept.slice(-24)).toEqual(names.slice(-24)); // all of March 10th
    expect(kept.slice(0, -24)).toEqual(["04", "05", "06", "07", "08", "09"].map((day) => `2025-03-${day}T23-00-00Z`));
    expect(removed.has("before-restore-x")).toBe(false);
  });

  it("keeps everything while there are fewer than the limits", () => {
    expect(backupsToPrune(["2025-03-01T10-00-00Z", "2025-03-01T11-00-00Z"])).toEqual([]);
  });

  it("picks the newest backup, never a restore's before-restore copy nor a partial one", () => {
    const { dataDir } = dataFolder();
    expect(newestBackup(dataDir)).toBeNull();
    // Named as older versions kept them: `ls backups | tail -1` picked this one.
    for (const name of ["2025-03-10T11-00-00Z", "2025-03-10T12-00-00Z", "before-restore-2025-03-10T13-00-00Z", ".partial-2025-03-10T14-00-00Z"]) {
      fs.mkdirSync(path.join(dataDir, "backups", name), { recursive: true });
    }
    expect(newestBackup(dataDir)).toBe("2025-03-10T12-00-00Z");
  });

  it("prunes the databases restores replaced with the same rule, counted apart, and moves in those older versions left among the backups", async () => {
    const settings = dataFolder();
    // Four restores on March 9th and 10th: two in before-restore/, two where older versions kept them.
    for (const name of ["before-restore/2025-03-09T08-00-00Z", "before-restore/2025-03-10T08-00-00Z", "backups/before-restore-2025-03-09T09-00-00Z", "backups/before-restore-2025-03-10T09-00-00Z"]) {
      fs.mkdirSync(path.join(settings.dataDir, name), { recursive: true });
    }
    const lines: string[] = [];
    await runBackup(settings, { now: new Date("2025-03-10T12:00:00Z"), log: (line) => lines.push(line), retention: { hourly: 1, daily: 2 } });
    // The newest, and the newest of each of the two days; the backup itself is not among them.
    expect(fs.readdirSync(path.join(settings.dataDir, "before-restore")).sort()).toEqual(["2025-03-09T09-00-00Z", "2025-03-10T09-00-00Z"]);
    expect(fs.readdirSync(path.join(settings.dataDir, "backups"))).toEqual(["2025-03-10T12-00-00Z"]);
    expect(lines[0]).toContain("removed 2 old before-restore (2025-03-10T08-00-00Z, 2025-03-09T08-00-00Z)");
  });
});

describe("runBackup", () => {
  it("writes a checked, self-contained copy of the database and hard links to the originals, not the variant cache", async () => {
    const settings = dataFolder();
    const lines: string[] = [];
    const now = new Date("2025-03-10T12:00:00Z");
    const { folder } = await runBackup(settings, { now, log: (line) => lines.push(line) });

    expect(folder).toBe(path.join(settings.dataDir, "backups", "2025-03-10T12-00-00Z"));
    expect(fs.readdirSync(folder).sort()).toEqual(["app.db", "uploads"]);
    expect(countUsers(path.join(folder, "app.db"))).toBe(countUsers(settings.databasePath));
    const original = path.join(settings.dataDir, "uploads", "originals", "foto1");
    expect(fs.statSync(path.join(folder, "uploads", "originals", "foto1")).ino).toBe(fs.statSync(original).ino);
    expect(fs.existsSync(path.join(folder, "uploads", "variants"))).toBe(false);
    expect(fs.readdirSync(path.join(settings.dataDir, "backups"))).toEqual(["2025-03-10T12-00-00Z"]); // no partial left
    expect(lines).toEqual([expect.stringMatching(/^\[backup\] .*2025-03-10T12-00-00Z: database [\d.]+ MB; images 1 files \(1 hard-linked, 0 copied\) in /)]);
    expect(latestBackupTime(settings.dataDir)).toEqual(now);
  });

  it("applies retention after each run and says what it removed", async () => {
    const settings = dataFolder();
    const lines: string[] = [];
    for (let hour = 0; hour < 4; hour++) {
      await runBackup(settings, { now: new Date(Date.UTC(2025, 2, 10, hour)), log: (line) => lines.push(line), retention: { hourly: 2, daily: 1 } });
    }
    expect(fs.readdirSync(path.join(settings.dataDir, "backups")).sort()).toEqual(["2025-03-10T02-00-00Z", "2025-03-10T03-00-00Z"]);
    expect(lines.at(-1)).toContain("removed 1 old (2025-03-10T01-00-00Z)");
  });

  it("copies the database to the images' bucket with a signed PUT when STORAGE_DRIVER=s3, and keeps the local backup when that fails", async () => {
    const s3 = await startFakeS3();
    try {
      const settings: BackupSettings = { ...dataFolder(), storageDriver: "s3", s3: { ...bucketKeys(s3), bucket: "fotos" }, ownBucket: false };
      const lines: string[] = [];
      const { folder, upload } = await runBackup(settings, { now: new Date("2025-03-10T12:00:00Z"), log: (line) => lines.push(line) });
      expect(upload).toBe("ok");
      expect(s3.keys("fotos")).toEqual(["backups/2025-03-10T12-00-00Z/app.db"]);
      expect(s3.read("fotos", "backups/2025-03-10T12-00-00Z/app.db")!.length).toBe(fs.statSync(path.join(folder, "app.db")).size);
      // The images live in the bucket already: no local snapshot.
      expect(fs.readdirSync(folder)).toEqual(["app.db"]);
      expect(lines[0]).toContain("copied to s3://fotos/backups/2025-03-10T12-00-00Z/app.db");

      s3.failWith(503);
      const second = await runBackup(settings, { now: new Date("2025-03-10T13:00:00Z"), log: (line) => lines.push(line) });
      expect(second.upload).toBe("failed");
      expect(fs.existsSync(path.join(second.folder, "app.db"))).toBe(true);
      expect(lines[1]).toMatch(/NOT copied to the bucket \(PUT .* answered 503/);
    } finally {
      await s3.close();
    }
  });
});

describe("backups in a bucket of their own (BACKUP_S3_BUCKET)", () => {
  let s3: FakeS3;
  beforeEach(async () => {
    // Two keys a page: listing a backup of a few files already takes several ListObjectsV2 pages.
    s3 = await startFakeS3({ pageSize: 2 });
  });
  afterEach(() => s3.close());

  /** A data folder whose backups also go to the "copias" bucket, images on disk. */
  const offsite = (): BackupSettings => ({ ...dataFolder(), s3: { ...bucketKeys(s3), bucket: "copias" }, ownBucket: true, s3Keys: bucketKeys(s3) });

  it("uploads the database and the images under backups/<UTC time>/, and copies unchanged images inside the bucket next time", async () => {
    const settings = offsite();
    fs.writeFileSync(path.join(settings.dataDir, "uploads", "originals", "foto2"), "second");
    const lines: string[] = [];
    await runBackup(settings, { now: new Date("2025-03-10T12:00:00Z"), log: (line) => lines.push(line) });
    expect(s3.keys("copias")).toEqual([
      "backups/2025-03-10T12-00-00Z/app.db",
      "backups/2025-03-10T12-00-00Z/uploads/originals/foto1",
      "backups/2025-03-10T12-00-00Z/uploads/originals/foto2",
    ]);
    expect(countUsers(path.join(settings.dataDir, "backups", "2025-03-10T12-00-00Z", "app.db"))).toBeGreaterThan(0);
    expect(s3.read("copias", "backups/2025-03-10T12-00-00Z/uploads/originals/foto1")!.toString()).toBe("original");
    expect(lines[0]).toContain("copied to s3://copias/backups/2025-03-10T12-00-00Z/ with 2 image files (2 sent, 0 copied in the bucket)");

    // A new photo: sent; the two the previous backup has: copied without leaving the bucket.
    fs.writeFileSync(path.join(settings.dataDir, "uploads", "originals", "foto3"), "third");
    s3.requests.length = 0;
    await runBackup(settings, { now: new Date("2025-03-10T13:00:00Z"), log: (line) => lines.push(line) });
    expect(lines[1]).toContain("with 3 image files (1 sent, 2 copied in the bucket)");
    expect(s3.read("copias", "backups/2025-03-10T13-00-00Z/uploads/originals/foto2")!.toString()).toBe("second");
    // The database goes last: a prefix holding it is complete.
    expect(s3.requests.filter((line) => line.startsWith("PUT")).at(-1)).toBe("PUT /copias/backups/2025-03-10T13-00-00Z/app.db");
  });

  it("applies the local folder's retention to the bucket", async () => {
    const settings = offsite();
    const lines: string[] = [];
    for (let hour = 0; hour < 4; hour++) {
      await runBackup(settings, { now: new Date(Date.UTC(2025, 2, 10, hour)), log: (line) => lines.push(line), retention: { hourly: 2, daily: 1 } });
    }
    const prefixes = [...new Set(s3.keys("copias").map((key) => key.split("/")[1]))];
    expect(prefixes).toEqual(["2025-03-10T02-00-00Z", "2025-03-10T03-00-00Z"]);
    expect(prefixes).toEqual(fs.readdirSync(path.join(settings.dataDir, "backups")).sort());
    expect(lines.at(-1)).toContain("removed 1 old from the bucket (2025-03-10T01-00-00Z)");
  });

  it("counts a failed upload without throwing, keeps the local backup and leaves no partial prefix behind", async () => {
    const settings = offsite();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const lines: string[] = [];
    // The images go up, then the bucket refuses the database (a full quota, say): what was sent is removed.
    s3.failWith(403, (request) => request === "PUT /copias/backups/2025-03-10T12-00-00Z/app.db");
    await expect(takeBackup(settings, { now: new Date("2025-03-10T12:00:00Z"), log: (line) => lines.push(line) })).resolves.toBeUndefined();
    errors.mockRestore();
    expect(readBackupTally(settings.dataDir)).toEqual({ runs: { ok: 1, failed: 0 }, uploads: { ok: 0, failed: 1 } });
    expect(fs.existsSync(path.join(settings.dataDir, "backups", "2025-03-10T12-00-00Z", "app.db"))).toBe(true);
    expect(lines[0]).toMatch(/NOT copied to the bucket \(.* answered 403/);
    expect(s3.requests).toContain("PUT /copias/backups/2025-03-10T12-00-00Z/uploads/originals/foto1");
    expect(s3.keys("copias")).toEqual([]);
  });

  it("npm run db:backup exits 1 when the bucket refuses the copy, and /metrics counts it with the schedule's", async () => {
    const settings = offsite();
    s3.failWith(500);
    const env = {
      PATH: process.env.PATH ?? "",
      DATA_DIR: settings.dataDir,
      BACKUP_S3_BUCKET: "copias",
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: "segredo",
    };
    // Not spawnSync: the fake bucket answers from this process.
    const manual = await runNode("scripts/db-backup.mjs", env);
    expect(manual.status, manual.stderr).toBe(1);
    expect(manual.stdout).toMatch(/NOT copied to the bucket \(.* answered 500/);
    expect(manual.stderr).toContain("Backup failed: it was taken in DATA_DIR/backups, but its copy to the bucket failed");
    // The local backup stands.
    expect(newestBackup(settings.dataDir)).toMatch(/^\d{4}-/);

    s3.failWith(0);
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await takeBackup(settings, { now: new Date("2999-01-01T00:00:00Z"), log: () => {} });
    errors.mockRestore();
    expect(readBackupTally(settings.dataDir)).toEqual({ runs: { ok: 2, failed: 0 }, uploads: { ok: 1, failed: 1 } });

    // Read at scrape time by every web worker, merged as the first process does: once, not per worker.
    registerScrapeGauges(() => ({ ...scrapeReadings(getEnv()), backupTally: readBackupTally(settings.dataDir) }));
    const text = await AggregatorRegistry.aggregate([await registry.getMetricsAsJSON(), await registry.getMetricsAsJSON()]).metrics();
    expect(text).toMatch(/^classificados_backups_total\{result="ok"\} 2$/m);
    expect(text).toMatch(/^classificados_backup_uploads_total\{result="ok"\} 1$/m);
    expect(text).toMatch(/^classificados_backup_uploads_total\{result="failed"\} 1$/m);
    expect(text).toContain("# TYPE classificados_backup_uploads_total counter");
  });

  it("restores from s3://<bucket>/backups/<time> into a fresh data folder, and an ad reads back", async () => {
    const settings = offsite();
    await runBackup(settings, { now: new Date("2025-03-10T12:00:00Z"), log: () => {} });
    const db = new Database(settings.databasePath, { readonly: true });
    const ad = db.prepare("select id, title from ads order by id limit 1").get() as { id: number; title: string };
    db.close();

    const fresh = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-restore-test-"));
    folders.push(fresh);
    const target: BackupSettings = { dataDir: fresh, databasePath: path.join(fresh, "app.db"), storageDriver: "fs", s3Keys: bucketKeys(s3) };
    const lines: string[] = [];
    await restoreFromBucket(target, "s3://copias/backups/2025-03-10T12-00-00Z", { log: (line) => lines.push(line) });

    const restored = new Database(target.databasePath, { readonly: true });
    expect(restored.prepare("select title from ads where id = ?").get(ad.id)).toEqual({ title: ad.title });
    restored.close();
    expect(fs.readFileSync(path.join(fresh, "uploads", "originals", "foto1"), "utf8")).toBe("original");
    expect(lines[0]).toMatch(/^\[restore\] downloaded 2 files of s3:\/\/copias\/backups\/2025-03-10T12-00-00Z in /);
    // The download is gone once restored.
    expect(fs.readdirSync(path.join(fresh, "backups")).filter((name) => name.startsWith(".download"))).toEqual([]);
  });

  it("refuses an address that is not a backup, or a backup the bucket does not hold, and leaves the database alone", async () => {
    const settings = offsite();
    const before = fs.readFileSync(settings.databasePath);
    await expect(restoreFromBucket(settings, "s3://copias/outra-coisa", { log: () => {} })).rejects.toThrow(/is not a backup in a bucket/);
    await expect(restoreFromBucket(settings, "s3://copias/backups/2020-01-01T00-00-00Z", { log: () => {} })).rejects.toThrow(
      new RestoreError("could not download s3://copias/backups/2020-01-01T00-00-00Z: s3://copias/backups/2020-01-01T00-00-00Z/ holds no backup"),
    );
    expect(fs.readFileSync(settings.databasePath).equals(before)).toBe(true);
  });
});

describe("restoreBackup", () => {
  it("puts the backup in place, keeps the replaced database with its -wal, and brings back missing images", async () => {
    const settings = dataFolder();
    const { folder } = await runBackup(settings, { now: new Date("2025-03-10T12:00:00Z"), log: () => {} });
    const users = countUsers(settings.databasePath);
    // After the backup: a new user (left in the -wal of an open connection) and a lost image.
    const live = new Database(settings.databasePath);
    live.pragma("journal_mode = WAL");
    live.prepare("insert into users (full_name, email, username) values ('Depois', 'depois@exemplo.com.br', 'depois.backup')").run();
    fs.rmSync(path.join(settings.dataDir, "uploads", "originals", "foto1"));

    const lines: string[] = [];
    const { kept } = restoreBackup(settings, folder, { now: new Date("2025-03-10T13:00:00Z"), log: (line) => lines.push(line) });
    live.close();

    expect(countUsers(settings.databasePath)).toBe(users);
    expect(fs.existsSync(`${settings.databasePath}-wal`)).toBe(false);
    expect(kept).toBe(path.join(settings.dataDir, "before-restore", "2025-03-10T13-00-00Z"));
    expect(fs.readdirSync(kept!).sort()).toEqual(["app.db", "app.db-shm", "app.db-wal"]);
    expect(countUsers(path.join(kept!, "app.db"))).toBe(users + 1);
    expect(fs.readFileSync(path.join(settings.dataDir, "uploads", "originals", "foto1"), "utf8")).toBe("original");
    expect(lines[0]).toMatch(/^\[restore\] .*: database from .*; the previous one kept in .*; 1 missing image files put back$/);
  });

  it("refuses while a server runs on the data folder", async () => {
    const settings = dataFolder();
    const { folder } = await runBackup(settings, { now: new Date("2025-03-10T12:00:00Z"), log: () => {} });
    fs.writeFileSync(pidFile(settings.dataDir), String(process.pid));
    expect(() => restoreBackup(settings, folder, { log: () => {} })).toThrow(new RestoreError(`the server is running on ${settings.dataDir} (pid ${process.pid}): stop it first. If it is not, delete ${pidFile(settings.dataDir)}.`));
    // A stale pid file (the server was killed) does not block.
    fs.writeFileSync(pidFile(settings.dataDir), "2147483646");
    expect(() => restoreBackup(settings, folder, { log: () => {} })).not.toThrow();
  });

  it("refuses a file that is not a sound database of this app, and leaves the database alone", () => {
    const settings = dataFolder();
    const before = fs.readFileSync(settings.databasePath);
    const junk = path.join(settings.dataDir, "junk.db");
    fs.writeFileSync(junk, "not a database");
    expect(() => restoreBackup(settings, junk, { log: () => {} })).toThrow(/junk\.db is not a usable backup: file is not a database/);
    const other = path.join(settings.dataDir, "other.db");
    new Database(other).exec("create table t (x)").close();
    expect(() => restoreBackup(settings, other, { log: () => {} })).toThrow(/not this app's/);
    // A damaged copy of ours: a page of the file overwritten.
    const damaged = path.join(settings.dataDir, "damaged.db");
    const bytes = Buffer.from(before);
    bytes.fill(0x5a, 4096 * 3, 4096 * 4);
    fs.writeFileSync(damaged, bytes);
    expect(() => restoreBackup(settings, damaged, { log: () => {} })).toThrow(RestoreError);
    expect(fs.readFileSync(settings.databasePath).equals(before)).toBe(true);
    expect(fs.existsSync(path.join(settings.dataDir, "backups"))).toBe(false);
  });
});
