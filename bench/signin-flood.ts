/**
 * `npm run bench:signin` — one e-mail under a guessing flood (issue #32, findings 6 and 7; ADR 010's
 * second amendment), on a real server: `server/entry.mjs` from the built app (`npm run build` first),
 * 2 web workers, full-cost argon2id, a temporary DATA_DIR. 20 clients (FLOOD_CLIENTS) guess the
 * owner's password back to back from 40 addresses (X-Forwarded-For, TRUST_PROXY=true) for 60 s
 * (FLOOD_SECONDS); meanwhile, every 4 s, three sign-ins with the right password are timed: an unrelated
 * account, the owner from a new address (an unknown device), and the owner's known device (the
 * `deviceToken` of an earlier sign-in, as `X-Device-Token`). Prints the flood's statuses and each
 * probe's status and seconds. BENCH_PORT picks the port (39400); FLOOD_CLIENTS=0 gives the times
 * without a flood.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { waitForHealth } from "./wait-for-health";

const SECONDS = Number(process.env.FLOOD_SECONDS ?? 60);
const CLIENTS = Number(process.env.FLOOD_CLIENTS ?? 20);
const port = Number(process.env.BENCH_PORT ?? 39400);
const base = `http://127.0.0.1:${port}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-signin-"));
const server = spawn(process.execPath, ["server/entry.mjs"], {
  stdio: ["ignore", "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    SEED_DEMO: "false",
    PORT: String(port),
    HOST: "127.0.0.1",
    WEB_CONCURRENCY: "2",
    SESSION_SECRET: "bench-signin-secret-bench-signin-secret-0",
    APP_URL: base,
    // The bench signs its accounts up from one address, and varies the guessers' addresses by header.
    REGISTER_THROTTLE_MAX: "1000000",
    TRUST_PROXY: "true",
  },
});
process.on("exit", () => server.kill("SIGTERM"));

await waitForHealth(base);

let addresses = 0;
const freshAddress = () => `10.9.${Math.floor(++addresses / 250)}.${addresses % 250}`;
const post = (url: string, body: unknown, address: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${url}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": address, Origin: base, ...headers },
    body: JSON.stringify(body),
  });

const PASSWORD = "Senha@123";
const owner = `dona.${Date.now()}@exemplo.com.br`;
const other = `outra.${Date.now()}@exemplo.com.br`;
for (const email of [owner, other]) {
  const reply = await post("/api/register", { name: "Pessoa Teste", email, password: PASSWORD }, freshAddress());
  if (reply.status !== 201) throw new Error(`sign-up answered ${reply.status}`);
}
const { deviceToken } = (await (await post("/api/auth/login", { email: owner, password: PASSWORD }, freshAddress())).json()) as { deviceToken?: string };

const flood: Record<string, number> = {};
let flooding = true;
const flooders = Array.from({ length: CLIENTS }, async (_, client) => {
  for (let n = 0; flooding; n++) {
    try {
      const reply = await post("/api/auth/login", { email: owner, password: "Errada@123" }, `10.1.0.${(client * 2 + n) % 40}`);
      await reply.arrayBuffer();
      flood[reply.status] = (flood[reply.status] ?? 0) + 1;
    } catch {
      flood.error = (flood.error ?? 0) + 1;
    }
  }
});

const probes: Record<"other" | "ownerNewAddress" | "ownerKnownDevice", string[]> = { other: [], ownerNewAddress: [], ownerKnownDevice: [] };
async function timeSignIn(list: string[], email: string, headers: Record<string, string> = {}) {
  const started = performance.now();
  const reply = await post("/api/auth/login", { email, password: PASSWORD }, freshAddress(), headers);
  await reply.arrayBuffer();
  list.push(`${reply.status} in ${((performance.now() - started) / 1000).toFixed(2)} s`);
}
const started = Date.now();
await new Promise((resolve) => setTimeout(resolve, 2000));
while (Date.now() - started < SECONDS * 1000) {
  await timeSignIn(probes.other, other);
  await timeSignIn(probes.ownerNewAddress, owner);
  if (deviceToken) await timeSignIn(probes.ownerKnownDevice, owner, { "X-Device-Token": deviceToken });
  await new Promise((resolve) => setTimeout(resolve, 4000));
}
flooding = false;
await Promise.all(flooders);
console.log(JSON.stringify({ seconds: SECONDS, clients: CLIENTS, floodStatuses: flood, probes }, null, 1));
// Its files go once it has stopped writing them.
await new Promise((resolve) => {
  server.once("exit", resolve);
  server.kill("SIGTERM");
});
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
