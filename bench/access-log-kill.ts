/**
 * `npx tsx bench/access-log-kill.ts` — how many answered requests have no access-log line after the
 * server is killed with SIGKILL (ADR 022; issue 32, finding 8). Run `npm run build` first.
 *
 * The production build (`node server/entry.mjs`, WEB_CONCURRENCY web workers) starts on a scratch
 * DATA_DIR; KILL_CLIENTS keep-alive clients ask for the home page back to back; after KILL_SECONDS the
 * whole process group is killed with SIGKILL while they are still sending. Then every X-Request-Id a
 * client received is looked for in DATA_DIR/access-log. Printed per round (KILL_ROUNDS): the requests
 * answered, how many have no line, and how long before the kill the oldest of those was answered.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/support/free-port";
import { waitForHealth } from "./wait-for-health";

const ROUNDS = Number(process.env.KILL_ROUNDS ?? 3);
const SECONDS = Number(process.env.KILL_SECONDS ?? 3);
const CLIENTS = Number(process.env.KILL_CLIENTS ?? 8);
const root = path.resolve(import.meta.dirname, "..");

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-kill-"));

async function round(index: number) {
  const port = await freePort();
  // Its own process group, so one kill reaches the first process and every worker at once.
  const server = spawn(process.execPath, ["server/entry.mjs"], {
    cwd: root,
    detached: true,
    stdio: "ignore",
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, SEED_DEMO: "false", PORT: String(port), HOST: "127.0.0.1", APP_URL: `http://127.0.0.1:${port}`, SESSION_SECRET: "kill-bench-secret-kill-bench-secret-0000" },
  });
  await waitForHealth(`http://127.0.0.1:${port}`, { timeoutMs: 30_000 });

  const answeredAt = new Map<string, number>();
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  let sending = true;
  const one = () =>
    new Promise<void>((resolve) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
        response.resume();
        response.on("end", () => {
          answeredAt.set(String(response.headers["x-request-id"]), performance.now());
          resolve();
        });
        response.on("error", () => resolve());
      });
      request.on("error", () => resolve());
    });
  const clients = Array.from({ length: CLIENTS }, async () => {
    while (sending) await one();
  });
  await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
  process.kill(-server.pid!, "SIGKILL");
  const killedAt = performance.now();
  sending = false;
  await Promise.all(clients);
  agent.destroy();

  const dir = path.join(dataDir, "access-log");
  const logged = new Set(
    fs
      .readdirSync(dir)
      .flatMap((file) => fs.readFileSync(path.join(dir, file), "utf8").split("\n"))
      .map((line) => /"requestId":"([^"]+)"/.exec(line)?.[1]),
  );
  const missing = [...answeredAt].filter(([id]) => !logged.has(id));
  const window = missing.length ? `, the oldest answered ${(killedAt - Math.min(...missing.map(([, at]) => at))).toFixed(0)} ms before the kill` : "";
  console.log(`round ${index}: ${answeredAt.size} requests answered, ${missing.length} without an access-log line${window}`);
}

try {
  for (let index = 1; index <= ROUNDS; index++) await round(index);
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
