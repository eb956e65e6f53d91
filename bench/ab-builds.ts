/**
 * Two builds side by side, in one run (`npm run bench:ab -- <other checkout>`): the CPU time a request takes
 * on `/sobre`, `/` and `/categories` for a signed-in visitor with three of the page's ads among the
 * favourites, on this checkout's build and on another's (e.g. `git worktree add /tmp/base <commit>`, then
 * `npm run build` there). This shared machine's load moves from one run of `npm run bench` to the next by
 * more than a cut is worth; here each round times every page of both builds back to back, so the two are
 * compared under the same load (issue #35, item 3).
 *
 * Each build runs with one web worker, on its own copy of the same database: the bench's 100 000 ads when
 * `npm run bench` kept them (BENCH_REUSE=1), else the demo data. Printed: the median over the rounds of
 * each page's CPU per request, and of /sobre's over it in the same round (the ratio).
 * Options (env): AB_ROUNDS=7  AB_SECONDS=3  AB_CONNECTIONS=4
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import { makeDataDir, startBuiltServer } from "./built-server";
import { serverCpuMs } from "./server-cpu";
import { insertSignedInPerson, sessionCookieHeader } from "./signed-in-person";

const ROUNDS = Number(process.env.AB_ROUNDS ?? 7);
const SECONDS = Number(process.env.AB_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.AB_CONNECTIONS ?? 4);
const PAGES = ["/sobre", "/", "/categories"];
const SECRET = "bench-ab-secret-bench-ab-secret-0000000";
const BENCH_ADS = path.join(os.tmpdir(), "classificados-bench-cache", "100,000.db");

const other = process.argv[2];
if (!other) throw new Error("Usage: npm run bench:ab -- <path of another checkout, built>");
const checkouts = [path.resolve(import.meta.dirname, ".."), path.resolve(other)];

const database = fs.existsSync(BENCH_ADS) ? BENCH_ADS : null;
console.log(`== ${database ? "100 000 ads (the bench's kept database)" : "the demo data"}, ${ROUNDS} rounds of ${SECONDS} s a page`);

const servers = [];
for (const checkout of checkouts) {
  const dataDir = makeDataDir();
  if (database) fs.copyFileSync(database, path.join(dataDir, "app.db"));
  const server = await startBuiltServer({ checkout, dataDir, seedDemo: !database, env: { SESSION_SECRET: SECRET, WEB_CONCURRENCY: "1" } });
  const firstPage = (await (await fetch(`${server.base}/api/ads/public?limit=3`)).json()) as { ads: { id: number }[] };
  const sqlite = new Database(path.join(dataDir, "app.db"));
  const person = insertSignedInPerson(sqlite, `ab_${servers.length}_${Date.now()}`, Date.now(), firstPage.ads.map((ad) => ad.id));
  sqlite.close();
  servers.push({ checkout, server, cookie: await sessionCookieHeader(person, SECRET) });
}

const cpuMs: Record<string, number[]> = {};
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (const { checkout, server, cookie } of servers) {
      for (const page of PAGES) {
        const before = serverCpuMs(server.pid);
        const result = await autocannon({ url: `${server.base}${page}`, connections: CONNECTIONS, duration: SECONDS, headers: { Cookie: cookie } });
        (cpuMs[`${checkout} ${page}`] ??= []).push((serverCpuMs(server.pid) - before) / Math.max(1, result.requests.total));
      }
    }
  }
} finally {
  for (const { server } of servers) await server.stop();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
for (const { checkout } of servers) {
  const sobre = cpuMs[`${checkout} /sobre`]!;
  for (const page of PAGES) {
    const times = cpuMs[`${checkout} ${page}`]!;
    const ratio = median(times.map((time, round) => sobre[round]! / time));
    console.log(`${checkout.padEnd(24)} ${page.padEnd(12)} ${median(times).toFixed(2)} ms CPU a request; /sobre's over it ${ratio.toFixed(2)}×`);
  }
}
