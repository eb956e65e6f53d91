/**
 * The access log (Marco Civil art. 15, ADR 022): the line written for a request (no query values), the
 * client's port under TRUST_PROXY, the files' permissions, the daily job's retention, and the
 * `npm run access-log` command's filters. The server's wiring (a real request, the address behind a
 * proxy, not served over HTTP) is checked by tests/e2e/access-log.spec.ts and behind-caddy.spec.ts.
 */
import { execFile, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/env-schema.server";
import { getEnv } from "~/env.server";
import { runDailyJob } from "~/models/ad/housekeeping.server";
import { accessLogDir, openAccessLog, pruneAccessLog, warnWhenAccessLogDiskShort, type AccessLogEntry } from "~/services/access-log-store.server";
import { registerScrapeGauges, registry } from "~/services/metrics-registry.server";
import { accessLogEntry, clientPortOf, clipForLine } from "~/web/access-log-entry.server";
import { scrapeReadings } from "../../server/worker-metrics";

const run = promisify(execFile);
const tsx = path.resolve("node_modules/.bin/tsx");
const folders: string[] = [];

function scratch() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "access-log-test-"));
  folders.push(dir);
  return dir;
}

afterEach(() => {
  for (const dir of folders.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const mode = (file: string) => fs.statSync(file).mode & 0o777;

function entry(overrides: Partial<AccessLogEntry> = {}): AccessLogEntry {
  return {
    time: "2026-03-10T12:00:00.000Z",
    ip: "203.0.113.7",
    port: 51234,
    method: "GET",
    path: "/",
    query: [],
    status: 200,
    userId: null,
    userAgent: "Mozilla/5.0",
    requestId: "r-1",
    ...overrides,
  };
}

/** Files for these UTC days, each with the given entries (one line each). */
function writeDays(dataDir: string, days: Record<string, AccessLogEntry[]>) {
  const dir = accessLogDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  for (const [day, entries] of Object.entries(days)) {
    fs.writeFileSync(path.join(dir, `${day}.jsonl`), entries.map((e) => `${JSON.stringify(e)}\n`).join(""));
  }
}

const plainRequest = {
  time: new Date("2026-03-10T12:00:00Z"),
  ip: "203.0.113.7",
  port: 40_001,
  method: "GET",
  target: "/",
  status: 200,
  userId: null,
  userAgent: "Mozilla/5.0",
  requestId: "r",
};

describe("a request's line", () => {
  it("keeps the path and the query's parameter names, never their values (a reset token stays out)", () => {
    const line = accessLogEntry({
      time: new Date("2026-03-10T12:00:00Z"),
      ip: "::ffff:203.0.113.7",
      port: 40_001,
      method: "GET",
      target: "/reset-password?token=s3cr3t-reset-token&redirectTo=%2Fconta&token=again",
      status: 200,
      userId: 42,
      userAgent: "Mozilla/5.0 (Android)",
      requestId: "abc",
    });
    expect(line).toEqual({
      time: "2026-03-10T12:00:00.000Z",
      ip: "203.0.113.7",
      port: 40_001,
      method: "GET",
      path: "/reset-password",
      query: ["token", "redirectTo"],
      status: 200,
      userId: 42,
      userAgent: "Mozilla/5.0 (Android)",
      requestId: "abc",
    });
    expect(JSON.stringify(line)).not.toContain("s3cr3t");
  });

  /**
   * The worst a client can make a line: every field it controls at its longest, written in the
   * characters JSON stretches most — `"` (2 bytes), a byte over 0x7f in a header (2 bytes of UTF-8),
   * a control character percent-encoded in a parameter's name (6 bytes: \u0001) — and, with
   * TRUST_PROXY on a port reachable directly, a forged address. The request of the attack (50 names of
   * 100 characters, a 512-byte agent) made 5.9 KB; this one made 43 KB (35 KB with a real address).
   */
  it("is at most 1 KB, whatever a hostile client sends: a huge path, user agent, address or a thousand parameter names", () => {
    const names = Array.from({ length: 1000 }, (_, i) => `${i}${"%01".repeat(100)}=x`).join("&");
    const line = accessLogEntry({
      time: new Date(),
      ip: "9".repeat(8_000),
      port: 65_535,
      method: "UNSUBSCRIBE",
      target: `/${'"'.repeat(10_000)}?${names}`,
      status: 404,
      userId: Number.MAX_SAFE_INTEGER,
      userAgent: "\xff".repeat(16_000),
      requestId: randomUUID(),
    });
    expect(Buffer.byteLength(`${JSON.stringify(line)}\n`)).toBeLessThanOrEqual(1024);
    // Still the start of each field, cut between characters, never inside an escape.
    expect(line.path.startsWith('/""')).toBe(true);
    expect(line.userAgent?.startsWith("\xff\xff")).toBe(true);
    expect(line.query.length).toBeGreaterThan(0);
    expect(clipForLine("😀😀", 5)).toBe("😀");
    expect(accessLogEntry({ ...plainRequest, ip: undefined }).ip).toBeNull();
  });

  it("keeps what real clients send whole: an ad's address, a long in-app browser's agent, the list filters and campaign tags", () => {
    const instagram =
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 307.0.2.21.113 (iPhone14,5; iOS 17_1; pt_BR; pt-BR; scale=3.00; 1170x2532; 531127164)";
    const path = `/anuncio/1234567-${"bicicleta-aro-29-".repeat(5).slice(0, 80)}`;
    const query = "search=bike&category=3&subcategoryId=12&cityId=5&adType=sale&minPrice=100&maxPrice=900&sort=price_asc&page=2&utm_campaign=x";
    const line = accessLogEntry({ ...plainRequest, target: `${path}?${query}`, userAgent: instagram });
    expect(line).toMatchObject({ path, userAgent: instagram, query: [...new URLSearchParams(query).keys()] });
  });
});

describe("the client's port", () => {
  it("is the socket's without TRUST_PROXY, whatever X-Client-Port a client forges", () => {
    expect(clientPortOf({ trustProxy: false, socketPort: 50_123, forwardedPort: "1" })).toBe(50_123);
  });

  it("is what our proxy forwards with TRUST_PROXY, and unknown (not the proxy's own) when it forwards none or garbage", () => {
    expect(clientPortOf({ trustProxy: true, socketPort: 38_000, forwardedPort: "61234" })).toBe(61_234);
    expect(clientPortOf({ trustProxy: true, socketPort: 38_000, forwardedPort: undefined })).toBeNull();
    expect(clientPortOf({ trustProxy: true, socketPort: 38_000, forwardedPort: "99999" })).toBeNull();
    expect(clientPortOf({ trustProxy: true, socketPort: 38_000, forwardedPort: "abc" })).toBeNull();
  });
});

describe("the files", () => {
  it("are whole lines in the entry's UTC day, readable by the owner only (0600 in 0700), written at once", async () => {
    const dataDir = scratch();
    const log = openAccessLog(dataDir);
    log.write(entry({ time: "2026-03-10T23:59:59.999Z", requestId: "late" }));
    log.write(entry({ time: "2026-03-11T00:00:00.000Z", requestId: "early" }));
    log.close();
    const dir = accessLogDir(dataDir);
    expect(mode(dir)).toBe(0o700);
    expect(fs.readdirSync(dir).sort()).toEqual(["2026-03-10.jsonl", "2026-03-11.jsonl"]);
    for (const file of fs.readdirSync(dir)) expect(mode(path.join(dir, file))).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "2026-03-10.jsonl"), "utf8"))).toMatchObject({ requestId: "late" });

    // A process that exits right after (a worker told to stop) has written its line already.
    const script = `import { openAccessLog } from "./app/services/access-log-store.server";
      openAccessLog(${JSON.stringify(dataDir)}).write(${JSON.stringify(entry({ requestId: "at-exit" }))}); process.exit(0);`;
    await run(tsx, ["-e", script]);
    expect(fs.readFileSync(path.join(dir, "2026-03-10.jsonl"), "utf8")).toContain('"requestId":"at-exit"');
  });

  it("takes back a folder another tool opened up", () => {
    const dataDir = scratch();
    fs.mkdirSync(accessLogDir(dataDir), { mode: 0o755 });
    fs.chmodSync(accessLogDir(dataDir), 0o755);
    openAccessLog(dataDir).close();
    expect(mode(accessLogDir(dataDir))).toBe(0o700);
  });
});

/**
 * A web server in a child process that logs through the real modules, as server.ts does; prints its
 * port. The request id comes from the client, so the test knows which line is whose. Its answers go
 * out the three ways Express sends them: a whole body (the head made by \`end\`), a head with a status
 * first, and a body streamed in parts.
 */
function startLoggingServer(dataDir: string) {
  const script = `import http from "node:http";
    import { openAccessLog } from "./app/services/access-log-store.server";
    import { accessLogEntry, logAnswer } from "./app/web/access-log-entry.server";
    const log = openAccessLog(${JSON.stringify(dataDir)});
    const server = http.createServer((req, res) => {
      logAnswer(res, () => log.write(accessLogEntry({ time: new Date(), ip: req.socket.remoteAddress, port: req.socket.remotePort ?? null,
        method: req.method, target: req.url, status: res.statusCode, userId: null, userAgent: req.headers["user-agent"], requestId: req.headers["x-request-id"] })));
      const n = Number(req.url.slice(1));
      if (n % 3 === 0) res.end("ok");
      else if (n % 3 === 1) res.writeHead(404, { "Content-Type": "text/plain" }).end("não há");
      else {
        res.write("em ");
        setImmediate(() => res.end("partes"));
      }
    });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  // One process (node with tsx's loader, not the tsx command, which would run it in a child): the kill hits the server.
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  const port = new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (chunk: Buffer) => resolve(Number(chunk.toString().trim())));
    child.once("exit", (code) => reject(new Error(`the logging server exited (${code}) before listening`)));
  });
  return { child, port };
}

/** Sends requests from `clients` connections, one after the other on each, until `stop()`; `answered`: each answered id's status. */
function sendUntilStopped(port: number, clients: number) {
  const answered = new Map<string, number>();
  let stopped = false;
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const one = () =>
    new Promise<void>((resolve) => {
      const n = next++;
      const request = http.get({ host: "127.0.0.1", port, path: `/${n}`, agent, headers: { "x-request-id": `req-${n}` } }, (response) => {
        response.resume();
        response.on("end", () => {
          answered.set(`req-${n}`, response.statusCode!);
          resolve();
        });
        response.on("error", () => resolve());
      });
      request.on("error", () => resolve());
    });
  const loops = Array.from({ length: clients }, async () => {
    while (!stopped) await one();
  });
  return {
    answered,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
    },
  };
}

describe("a worker killed with SIGKILL", { timeout: 60_000 }, () => {
  it("has written the line of every request it answered (the law asks for each use: ADR 022)", async () => {
    const dataDir = scratch();
    const { child, port } = startLoggingServer(dataDir);
    const client = sendUntilStopped(await port, 4);
    // Killed while the client is still sending, as a crash or the OOM killer would.
    while (client.answered.size < 300) await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill("SIGKILL");
    await client.stop();
    const dir = accessLogDir(dataDir);
    const logged = new Map(
      fs
        .readdirSync(dir)
        .flatMap((file) => fs.readFileSync(path.join(dir, file), "utf8").split("\n").filter(Boolean))
        .map((line) => JSON.parse(line) as AccessLogEntry)
        .map((line) => [line.requestId, line.status]),
    );
    const missing = [...client.answered.keys()].filter((id) => !logged.has(id));
    expect({ answered: client.answered.size >= 300, missing: missing.length }).toEqual({ answered: true, missing: 0 });
    // Each line has the status the client got, 404 too.
    for (const [id, status] of client.answered) expect(logged.get(id), id).toBe(status);
  });
});

const GB = 1e9;

/** Files of these logical sizes for these UTC days (sparse: they take no room on the test's disk). */
function sizedDays(dataDir: string, days: Record<string, number>) {
  const dir = accessLogDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  for (const [day, bytes] of Object.entries(days)) {
    fs.writeFileSync(path.join(dir, `${day}.jsonl`), "");
    fs.truncateSync(path.join(dir, `${day}.jsonl`), bytes);
  }
}

describe("the disk the log needs", () => {
  const now = new Date("2026-09-10T12:00:00Z");
  const freeSpace = (bytes: number) => () => ({ bavail: bytes / 4096, bsize: 4096, blocks: (1000 * GB) / 4096 });
  const warnings = () => vi.spyOn(console, "warn").mockImplementation(() => {});
  afterEach(() => vi.restoreAllMocks());

  it("warns when the free space will not hold the retention at the last days' rate, and not when it will", () => {
    const dataDir = scratch();
    // A week at 1 GB a day (an older, quieter day is out of the rate), half a gigabyte so far today.
    sizedDays(dataDir, { "2026-09-01": 0.1 * GB, "2026-09-03": GB, "2026-09-04": GB, "2026-09-05": GB, "2026-09-06": GB, "2026-09-07": GB, "2026-09-08": GB, "2026-09-09": GB, "2026-09-10": 0.5 * GB });
    const warn = warnings();
    // 184 days (the retention and today) at 1 GB, less the 7.6 GB held: 176.4 GB more.
    expect(warnWhenAccessLogDiskShort(dataDir, 183, now, freeSpace(100 * GB))).toEqual({ freeBytes: 100 * GB, sizeBytes: 1000 * GB, bytesPerDay: GB, neededBytes: 176.4 * GB });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toMatch(/has 100\.0 GB free, but at the recent rate \(1\.0 GB a day\) the 183 days the log is kept need 176\.4 GB more/);
    warn.mockClear();
    warnWhenAccessLogDiskShort(dataDir, 183, now, freeSpace(200 * GB));
    expect(warn).not.toHaveBeenCalled();
  });

  it("counts today's pace when it is faster than the last days' (a flood, or a first day)", () => {
    const dataDir = scratch();
    // 3 GB by noon: 6 GB a day, though yesterday was 1 GB.
    sizedDays(dataDir, { "2026-09-09": GB, "2026-09-10": 3 * GB });
    const warn = warnings();
    expect(warnWhenAccessLogDiskShort(dataDir, 183, now, freeSpace(500 * GB))).toMatchObject({ bytesPerDay: 6 * GB, neededBytes: 184 * 6 * GB - 4 * GB });
    expect(warn).toHaveBeenCalledOnce();
    // A quarter of an hour into the day does not read as a whole day: six hours at least.
    const early = scratch();
    sizedDays(early, { "2026-09-10": 0.25 * GB });
    expect(warnWhenAccessLogDiskShort(early, 183, new Date("2026-09-10T00:15:00Z"), freeSpace(500 * GB)).bytesPerDay).toBe(GB);
  });

  it("is on /metrics, free space against what the log still needs", async () => {
    registerScrapeGauges(() => scrapeReadings(getEnv()));
    const text = await registry.metrics();
    const value = (which: string) => Number(new RegExp(`^classificados_access_log_disk_bytes\\{which="${which}"\\} (\\S+)$`, "m").exec(text)?.[1]);
    const { bavail, bsize } = fs.statfsSync(getEnv().DATA_DIR);
    expect(value("free")).toBeGreaterThan(0);
    expect(Math.abs(value("free") - bavail * bsize)).toBeLessThan(GB);
    for (const which of ["needed", "per_day"]) expect(value(which)).toBeGreaterThanOrEqual(0);
  });

  it("is checked by the daily job, which says so in the journal", async () => {
    const dataDir = getEnv().DATA_DIR;
    // 10 TB a day: no disk of a test machine holds six months of that.
    const days = { "2026-09-08": 10_000 * GB, "2026-09-09": 10_000 * GB };
    sizedDays(dataDir, days);
    const warn = warnings();
    try {
      await runDailyJob(new Date("2026-09-10T03:00:00Z"));
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[access-log\] the disk of .* free, but at the recent rate \(10000\.0 GB a day\)/));
    } finally {
      for (const day of Object.keys(days)) fs.rmSync(path.join(accessLogDir(dataDir), `${day}.jsonl`));
    }
  });
});

describe("retention", () => {
  const now = new Date("2026-09-10T03:00:00Z");

  it("deletes the days whose every line is older than the setting and keeps the rest", () => {
    const dataDir = scratch();
    // 2026-03-10 ends 2026-03-11T00:00Z, 183 days and 3 hours before `now`; 2026-03-11 ends 182 days and 3 hours before.
    writeDays(dataDir, { "2026-03-09": [entry()], "2026-03-10": [entry()], "2026-03-11": [entry()], "2026-09-10": [entry()] });
    fs.writeFileSync(path.join(accessLogDir(dataDir), "notes.txt"), "the operator's own file");
    expect(pruneAccessLog(dataDir, 183, now)).toEqual(["2026-03-09", "2026-03-10"]);
    expect(fs.readdirSync(accessLogDir(dataDir)).sort()).toEqual(["2026-03-11.jsonl", "2026-09-10.jsonl", "notes.txt"]);
    // A longer retention (an authority asked for it, art. 15 §2) keeps more.
    writeDays(dataDir, { "2025-12-01": [entry()] });
    expect(pruneAccessLog(dataDir, 365, now)).toEqual([]);
  });

  it("refuses less than six months, in the settings and in the pruning itself", () => {
    expect(() => parseEnv({ ACCESS_LOG_RETENTION_DAYS: "90" })).toThrow(
      /ACCESS_LOG_RETENTION_DAYS: must be at least 183 days: the Marco Civil da Internet \(art\. 15\).*\(got "90"\)/,
    );
    expect(parseEnv({}).ACCESS_LOG_RETENTION_DAYS).toBe(183);
    expect(parseEnv({ ACCESS_LOG_RETENTION_DAYS: "400" }).ACCESS_LOG_RETENTION_DAYS).toBe(400);
    const dataDir = scratch();
    writeDays(dataDir, { "2026-01-01": [entry()] });
    expect(() => pruneAccessLog(dataDir, 30, now)).toThrow(RangeError);
    expect(fs.existsSync(path.join(accessLogDir(dataDir), "2026-01-01.jsonl"))).toBe(true);
  });

  it("is applied by the daily job", async () => {
    const dataDir = getEnv().DATA_DIR;
    writeDays(dataDir, { "2025-01-01": [entry()], "2026-09-09": [entry()] });
    const report = await runDailyJob(now);
    expect(report.accessLogDaysDeleted).toBe(1);
    expect(fs.readdirSync(accessLogDir(dataDir))).toEqual(["2026-09-09.jsonl"]);
  });
});

// Each call starts tsx, which compiles the script and what it imports: seconds apiece on a loaded CI
// machine, five of them in one test.
describe("npm run access-log", { timeout: 60_000 }, () => {
  const command = (dataDir: string, args: string[]) =>
    run(tsx, ["scripts/access-log.ts", ...args], { env: { PATH: process.env.PATH, DATA_DIR: dataDir, NODE_ENV: "test" } });
  const ids = (stdout: string) =>
    stdout
      .trim()
      .split("\n")
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as AccessLogEntry).requestId);

  it("prints the lines of one address, narrowed by user and UTC days, for a court order", async () => {
    const dataDir = scratch();
    writeDays(dataDir, {
      "2026-03-01": [entry({ requestId: "a", ip: "203.0.113.7" }), entry({ requestId: "b", ip: "203.0.113.70" })],
      "2026-03-02": [entry({ requestId: "c", ip: "203.0.113.7", userId: 5 }), entry({ requestId: "d", ip: "2001:db8::1", userId: 5 })],
      "2026-03-03": [entry({ requestId: "e", ip: "203.0.113.7", userId: 6 })],
    });
    // Not 203.0.113.70: the address whole, not a prefix.
    expect(ids((await command(dataDir, ["--ip", "203.0.113.7"])).stdout)).toEqual(["a", "c", "e"]);
    expect(ids((await command(dataDir, ["--ip", "203.0.113.7", "--user", "5"])).stdout)).toEqual(["c"]);
    expect(ids((await command(dataDir, ["--ip", "203.0.113.7", "--from", "2026-03-02", "--to", "2026-03-02"])).stdout)).toEqual(["c"]);
    expect(ids((await command(dataDir, ["--ip", "2001:DB8::1"])).stdout)).toEqual(["d"]);
    const { stdout, stderr } = await command(dataDir, ["--ip", "198.51.100.1"]);
    expect(stdout).toBe("");
    expect(stderr).toContain("0 line(s).");
  });

  it("refuses a call it cannot answer exactly, with the usage", async () => {
    const dataDir = scratch();
    for (const args of [[], ["--ip", "1.2.3.4", "--from", "10/03/2026"]]) {
      await expect(command(dataDir, args)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining("usage: npm run access-log") });
    }
  });
});
