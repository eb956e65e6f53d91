/**
 * scripts/backup.mjs, the one module behind the server's backup schedule, `npm run db:backup` and
 * `npm run db:restore`: retention, what a backup holds, the bucket copy (against a local fake S3),
 * and what a restore checks and keeps. The end-to-end round trip is tests/e2e/backup.spec.ts.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import {
  backupsToPrune,
  latestBackupTime,
  pidFile,
  restoreBackup,
  RestoreError,
  runBackup,
  stampOf,
  type BackupSettings,
} from "../../scripts/backup.mjs";

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

  it("copies the database to the S3-compatible bucket with a signed PUT when STORAGE_DRIVER=s3, and keeps the local backup when that fails", async () => {
    const puts: Array<{ url: string; authorization: string; bytes: number }> = [];
    let status = 200;
    const fakeS3 = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        puts.push({ url: `${request.method} ${request.url}`, authorization: String(request.headers.authorization), bytes: Buffer.concat(chunks).length });
        response.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => fakeS3.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = fakeS3.address() as { port: number };
      const settings: BackupSettings = {
        ...dataFolder(),
        storageDriver: "s3",
        s3: { endpoint: `http://127.0.0.1:${port}/`, region: "auto", bucket: "fotos", accessKeyId: "AKIA", secretAccessKey: "segredo" },
      };
      const lines: string[] = [];
      const { folder } = await runBackup(settings, { now: new Date("2025-03-10T12:00:00Z"), log: (line) => lines.push(line) });
      expect(puts).toEqual([
        { url: "PUT /fotos/backups/2025-03-10T12-00-00Z/app.db", authorization: expect.stringMatching(/^AWS4-HMAC-SHA256 /), bytes: fs.statSync(path.join(folder, "app.db")).size },
      ]);
      // The images live in the bucket already: no local snapshot.
      expect(fs.readdirSync(folder)).toEqual(["app.db"]);
      expect(lines[0]).toContain("copied to s3://fotos/backups/2025-03-10T12-00-00Z/app.db");

      status = 503;
      const second = await runBackup(settings, { now: new Date("2025-03-10T13:00:00Z"), log: (line) => lines.push(line) });
      expect(fs.existsSync(path.join(second.folder, "app.db"))).toBe(true);
      expect(lines[1]).toMatch(/NOT copied to the bucket \(PUT .* answered 503/);
    } finally {
      fakeS3.close();
    }
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
    expect(kept).toBe(path.join(settings.dataDir, "backups", "before-restore-2025-03-10T13-00-00Z"));
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
