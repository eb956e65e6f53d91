/**
 * The operator's check (scripts/ops-check*.ts, ADR 033) and what it reads: its e-mails go through the
 * app's real mailer to the fake SMTP server, with the clock and the readings given; /metrics shows the
 * data disk's size and the moderation queue's oldest wait; the access log's days go to the backups'
 * bucket (the fake S3) and leave it after the retention. One run of `npm run ops:check` itself against
 * a server of its own (the build must be current) proves the whole path: /healthz, /metrics from
 * loopback, the outbox, the state file.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ads } from "~/db/schema";
import { getEnv } from "~/env.server";
import { registerScrapeGauges, registry } from "~/services/metrics-registry.server";
import { readBackupTally } from "../../scripts/backup-tally.mjs";
import { REMIND_MS } from "../../scripts/ops-check-conditions";
import { runOpsCheck, stateFile } from "../../scripts/ops-check-run";
import { copyAccessLogOffsite } from "../../server/access-log-offsite";
import { startAppServer } from "../support/app-server";
import { startFakeS3 } from "../support/fake-s3";
import { startFakeSmtp, type FakeSmtp } from "../support/fake-smtp";

const GB = 1e9;
const HOUR = 3_600_000;
const T0 = Date.parse("2026-12-01T12:00:00Z");

let smtp: FakeSmtp;
let sendMail: typeof import("~/models/mail/mailer.server").sendMail;
let db: typeof import("~/db/client.server").db;
let scrapeReadings: typeof import("../../server/worker-metrics").scrapeReadings;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  // getEnv() reads the environment once per test file, and the database client reads it when loaded:
  // what opens the database is loaded after the environment names the fake.
  process.env.SMTP_URL = smtp.url;
  sendMail = (await import("~/models/mail/mailer.server")).sendMail;
  db = (await import("~/db/client.server")).db;
  scrapeReadings = (await import("../../server/worker-metrics")).scrapeReadings;
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  await smtp?.close();
});

/** A /metrics answer as the server writes it; every value healthy unless given. */
function metrics(
  values: {
    backupAge?: number;
    lag?: number;
    free?: number;
    size?: number;
    needed?: number;
    waited?: number;
    uploads?: [number, number];
  } = {}
) {
  const { backupAge = 600, free = 50 * GB, size = 100 * GB, needed = GB, waited = 0, uploads = [10, 0] } = values;
  return [
    "# HELP classificados_backup_age_seconds Seconds since the newest backup.",
    "# TYPE classificados_backup_age_seconds gauge",
    `classificados_backup_age_seconds ${backupAge === Infinity ? "+Inf" : backupAge}`,
    `classificados_backup_uploads_total{result="ok"} ${uploads[0]}`,
    `classificados_backup_uploads_total{result="failed"} ${uploads[1]}`,
    ...(values.lag === undefined ? [] : [`classificados_replica_lag_seconds ${values.lag}`]),
    `classificados_access_log_disk_bytes{which="free"} ${free}`,
    `classificados_access_log_disk_bytes{which="needed"} ${needed}`,
    `classificados_access_log_disk_bytes{which="per_day"} 1000000`,
    `classificados_access_log_disk_bytes{which="size"} ${size}`,
    "classificados_moderation_queue_length 3",
    `classificados_moderation_oldest_seconds ${waited}`,
  ].join("\n");
}

/** A check on its own state file, run at `T0 + offset`. */
function checker() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ops-check-"));
  return async (offsetMs: number, reading: { text?: string; siteError?: string }, send: typeof sendMail = sendMail) => {
    const before = smtp.messages.length;
    const report = await runOpsCheck({
      dataDir,
      to: "operador@example.com",
      site: "classificados.example",
      backupIntervalMinutes: 60,
      now: T0 + offsetMs,
      read: async () => ({
        siteError: reading.siteError ?? null,
        metrics: reading.siteError ? null : { text: reading.text ?? metrics() },
      }),
      send,
    });
    // runOpsCheck awaits each sending: what SMTP received is complete here.
    // Long subjects are folded over two lines (RFC 5322): unfolded to compare them.
    const subjects = smtp.messages.slice(before).map((message) => /^Subject: (.*)$/m.exec(message.raw.replace(/\r?\n(?=[ \t])/g, ""))?.[1] ?? "");
    return { report, mails: subjects };
  };
}

describe("the operator's check", () => {
  it("mails once when a condition fires, again at most every 6 hours while it lasts, once when it clears", async () => {
    const check = checker();
    expect((await check(0, { text: metrics() })).mails).toEqual([]);
    // The backups stopped: three hours since the newest.
    expect((await check(5 * 60_000, { text: metrics({ backupAge: 3 * 3600 }) })).mails).toEqual([
      "[classificados.example] ALERT: the newest backup is too old",
    ]);
    const message = smtp.messages.at(-1)!;
    expect(message.to).toEqual(["operador@example.com"]);
    expect(message.text).toContain("the newest backup is 3.0 h old (limit 2.0 h)");
    for (const minutes of [10, 60, 5 * 60])
      expect(
        (
          await check(minutes * 60_000, {
            text: metrics({ backupAge: 4 * 3600 }),
          })
        ).mails
      ).toEqual([]);
    // Six hours after the alert, still firing: one reminder.
    const reminder = await check(5 * 60_000 + REMIND_MS, {
      text: metrics({ backupAge: 9 * 3600 }),
    });
    expect(reminder.mails).toEqual(["[classificados.example] ALERT: the newest backup is too old"]);
    expect(smtp.messages.at(-1)!.text).toContain("Still: the newest backup is too old");
    // A backup: cleared, once.
    expect((await check(7 * HOUR, { text: metrics() })).mails).toEqual(["[classificados.example] cleared: the newest backup is too old"]);
    expect((await check(7 * HOUR + 5 * 60_000, { text: metrics() })).mails).toEqual([]);
    // Firing again within 6 hours of the last alert: quiet, and so is its clearing.
    expect((await check(8 * HOUR, { text: metrics({ backupAge: Infinity }) })).mails).toEqual([]);
    expect((await check(9 * HOUR, { text: metrics() })).mails).toEqual([]);
    // Once 6 hours have passed since that alert, a new firing is told at once.
    expect((await check(13 * HOUR, { text: metrics({ backupAge: Infinity }) })).mails).toEqual(["[classificados.example] ALERT: the newest backup is too old"]);
    expect(smtp.messages.at(-1)!.text).toContain("there is no backup (limit 2.0 h)");
  });

  it("tells each condition apart: replica lag, a full disk, the access log's room, the moderation queue, a failed bucket copy", async () => {
    const check = checker();
    await check(0, { text: metrics() });
    const { mails } = await check(5 * 60_000, {
      text: metrics({
        lag: 90,
        free: 10 * GB,
        size: 100 * GB,
        needed: 20 * GB,
        waited: 26 * 3600,
        uploads: [10, 1],
      }),
    });
    expect(mails.sort()).toEqual(
      [
        "a copy to the backups' bucket failed",
        "an ad waits for a moderator for more than a day",
        "the data folder's disk is almost full",
        "the database replica lags",
        "the disk will not hold the access log's retention",
      ].map((title) => `[classificados.example] ALERT: ${title}`)
    );
    // A successful copy clears the bucket's; no replica metric (no DB_REPLICA_URL) leaves that one as it was.
    const after = await check(10 * 60_000, {
      text: metrics({
        free: 10 * GB,
        needed: 20 * GB,
        waited: 26 * 3600,
        uploads: [11, 1],
      }),
    });
    expect(after.mails).toEqual(["[classificados.example] cleared: a copy to the backups' bucket failed"]);
    expect(after.report.verdicts.replica).toBeUndefined();
  });

  it("says when the site does not answer, and leaves what it could not read as it was", async () => {
    const check = checker();
    await check(0, { text: metrics({ waited: 2 * 86_400 }) });
    const down = await check(5 * 60_000, { siteError: "ECONNREFUSED" });
    expect(down.mails).toEqual(["[classificados.example] ALERT: the site does not answer"]);
    expect(smtp.messages.at(-1)!.text).toContain("GET /healthz: ECONNREFUSED");
    // The moderation queue was not read: neither cleared nor told again.
    expect(down.report.verdicts.moderation).toBeUndefined();
    const back = await check(10 * 60_000, { text: metrics() });
    expect(back.mails.sort()).toEqual([
      "[classificados.example] cleared: an ad waits for a moderator for more than a day",
      "[classificados.example] cleared: the site does not answer",
    ]);
  });

  it("predicts a disk that fills within 7 days from the free space it saw over the last hours, not from one hour", async () => {
    const check = checker();
    // 2 GB less every hour from 60 GB: the first hours are too short a history to judge.
    for (let hour = 0; hour < 6; hour++) {
      const { report, mails } = await check(hour * HOUR, {
        text: metrics({ free: (60 - 2 * hour) * GB }),
      });
      expect(report.verdicts.disk_filling).toBeUndefined();
      expect(mails).toEqual([]);
    }
    const { report, mails } = await check(6 * HOUR, {
      text: metrics({ free: 48 * GB }),
    });
    expect(report.verdicts.disk_filling?.detail).toBe("48.0 GB free, shrinking by 48.0 GB a day over the last 6.0 h: full in 1.0 days (limit 7 days)");
    expect(mails).toEqual(["[classificados.example] ALERT: the data folder's disk is filling up"]);
    // A disk that holds steady over the day clears it.
    const steady = checker();
    for (let hour = 0; hour <= 6; hour++) await steady(hour * HOUR, { text: metrics({ free: 48 * GB }) });
    expect((await steady(7 * HOUR, { text: metrics({ free: 48 * GB }) })).report.verdicts.disk_filling?.firing).toBe(false);
  });

  it("tries an e-mail that could not be sent again at the next run", async () => {
    const check = checker();
    const refused = await check(0, { siteError: "answered 502" }, async () => {
      throw new Error("connect ECONNREFUSED 127.0.0.1:587");
    });
    expect(refused.report.failed.map((failure) => failure.mail.condition)).toEqual(["site"]);
    expect((await check(5 * 60_000, { siteError: "answered 502" })).mails).toEqual(["[classificados.example] ALERT: the site does not answer"]);
  });
});

describe("what /metrics shows for it", () => {
  it("the data disk's size beside its free space, and how long the oldest ad has waited for a moderator", async () => {
    const ad = db.select({ id: ads.id }).from(ads).limit(1).get()!;
    db.update(ads)
      .set({ status: "pending", updatedAt: new Date(Date.now() - 30 * HOUR) })
      .where(eq(ads.id, ad.id))
      .run();
    registerScrapeGauges(() => scrapeReadings(getEnv()));
    const text = await registry.metrics();
    const value = (pattern: string) => Number(new RegExp(`^${pattern} (\\S+)$`, "m").exec(text)?.[1]);
    const { blocks, bsize } = fs.statfsSync(getEnv().DATA_DIR);
    expect(value('classificados_access_log_disk_bytes\\{which="size"\\}')).toBe(blocks * bsize);
    expect(value("classificados_moderation_oldest_seconds")).toBeGreaterThanOrEqual(30 * 3600);
    expect(value("classificados_moderation_oldest_seconds")).toBeLessThan(31 * 3600);
  });
});

describe("the access log's days in the backups' bucket", () => {
  it("sends the days the bucket lacks or that grew, removes those past 183 days, and counts a failure", async () => {
    const s3 = await startFakeS3();
    try {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ops-access-log-"));
      const dir = path.join(dataDir, "access-log");
      fs.mkdirSync(dir);
      const day = (name: string, text: string) => fs.writeFileSync(path.join(dir, `${name}.jsonl`), text);
      // 2026-06-01 ended 183 days before 2026-12-01T12:00 minus half a day: still kept; 2026-05-31 is past.
      day("2026-05-31", "old\n");
      day("2026-06-01", "kept\n");
      day("2026-11-30", "yesterday\n");
      day("2026-12-01", "today\n");
      const settings = {
        endpoint: s3.endpoint,
        region: "auto",
        accessKeyId: s3.accessKeyId,
        secretAccessKey: "segredo",
        bucket: "copias",
      };
      const lines: string[] = [];
      const log = (line: string) => lines.push(line);
      const first = await copyAccessLogOffsite(settings, {
        dataDir,
        retentionDays: 183,
        now: new Date(T0),
        log,
      });
      expect(first).toEqual({
        sent: ["2026-06-01", "2026-11-30", "2026-12-01"],
        removed: [],
        failed: null,
      });
      expect(s3.keys("copias")).toEqual(["access-log/2026-06-01.jsonl", "access-log/2026-11-30.jsonl", "access-log/2026-12-01.jsonl"]);
      expect(lines).toEqual(["[access-log] copied to s3://copias/access-log/: 3 day(s) sent"]);

      // An hour later: only today's file grew. A day later: 2026-06-01 is past the retention, in the bucket too.
      fs.appendFileSync(path.join(dir, "2026-12-01.jsonl"), "more\n");
      expect(
        await copyAccessLogOffsite(settings, {
          dataDir,
          retentionDays: 183,
          now: new Date(T0 + HOUR),
          log,
        })
      ).toMatchObject({ sent: ["2026-12-01"], removed: [] });
      expect(s3.read("copias", "access-log/2026-12-01.jsonl")!.toString()).toBe("today\nmore\n");
      expect(
        await copyAccessLogOffsite(settings, {
          dataDir,
          retentionDays: 183,
          now: new Date(T0 + 24 * HOUR),
          log,
        })
      ).toMatchObject({ sent: [], removed: ["2026-06-01"] });
      expect(s3.keys("copias")).toEqual(["access-log/2026-11-30.jsonl", "access-log/2026-12-01.jsonl"]);

      // A key the bucket lost is sent again; a failing bucket is said and counted, never thrown.
      s3.failWith(500, (request) => request.startsWith("PUT"));
      const journal = vi.spyOn(console, "error").mockImplementation(() => {});
      fs.appendFileSync(path.join(dir, "2026-12-01.jsonl"), "again\n");
      const failed = await copyAccessLogOffsite(settings, {
        dataDir,
        retentionDays: 183,
        now: new Date(T0 + 25 * HOUR),
        log,
      });
      expect(failed.failed).toMatch(/answered 500/);
      expect(journal).toHaveBeenCalledWith(
        expect.stringMatching(/^\[access-log\] copy to s3:\/\/copias\/access-log\/ NOT complete \(0 day\(s\) sent\): PUT .* answered 500/)
      );
      journal.mockRestore();
      expect(readBackupTally(dataDir).uploads).toEqual({ ok: 3, failed: 1 });
      s3.failWith(0);
      expect(
        (
          await copyAccessLogOffsite(settings, {
            dataDir,
            retentionDays: 183,
            now: new Date(T0 + 26 * HOUR),
            log,
          })
        ).sent
      ).toEqual(["2026-12-01"]);
      fs.rmSync(dataDir, { recursive: true, force: true });
    } finally {
      await s3.close();
    }
  });
});

describe("npm run ops:check against a server of its own", () => {
  it("reads /healthz and /metrics from loopback and files its e-mail in the outbox", async () => {
    // A server whose backups are off, so its newest backup is never: the check (backups every hour) says so.
    const server = await startAppServer({ BACKUP_INTERVAL_MINUTES: "0" });
    try {
      const metricsText = await (await fetch(`${server.url}/metrics`)).text();
      expect(metricsText).toMatch(/^classificados_access_log_disk_bytes\{which="size"\} [1-9]/m);
      expect(metricsText).toMatch(/^classificados_moderation_oldest_seconds 0$/m);
      const { port } = new URL(server.url);
      const { stdout } = await promisify(execFile)(process.execPath, ["node_modules/.bin/tsx", "scripts/ops-check.ts"], {
        env: {
          PATH: process.env.PATH!,
          NODE_ENV: "production",
          DATA_DIR: server.dataDir,
          HOST: "127.0.0.1",
          PORT: port,
          SESSION_SECRET: "own-server-secret-own-server-secret-0123",
          OPERATOR_EMAIL: "operador@example.com",
        },
      });
      expect(stdout).toMatch(/^\[ops-check\] site ok, metrics ok, backup FIRING \(there is no backup \(limit 2\.0 h\)\), .*disk_full (ok|FIRING)/m);
      expect(stdout).toContain("mailed: alert backup");
      const outbox = path.join(server.dataDir, "outbox");
      const eml = fs.readdirSync(outbox).map((name) => fs.readFileSync(path.join(outbox, name), "utf8"));
      expect(eml).toEqual([expect.stringContaining("Subject: [127.0.0.1:")]);
      expect(eml[0]).toMatch(/To: operador@example\.com/);
      expect(JSON.parse(fs.readFileSync(stateFile(server.dataDir), "utf8")).conditions.backup).toMatchObject({ firing: true, announced: true });
    } finally {
      await server.stop();
    }
  }, 60_000);
});
