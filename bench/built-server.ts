import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../tests/support/free-port";
import { waitForHealth } from "./wait-for-health";

/** The demo seed writes its photos at start-up: on a busy shared machine that takes tens of seconds. */
const STARTUP_MS = 180_000;
const root = path.resolve(import.meta.dirname, "..");

/**
 * The production build (`npm run build` first) started as `npm start` would, on a free 127.0.0.1 port,
 * in a temporary data folder: with the demo data for the benches that look at pages as a browser gets
 * them (bench:lighthouse, bench:js, bench:offline), without it for those that write their own
 * (bench:messages, bench:messages:inbox: `seedDemo: false`, `dataDir` made beforehand when the bench's
 * own modules must read it at import, `env` for its secret). `checkout` starts another checkout's build
 * instead of this one's (bench:ab). `stop()` ends it and removes the folder.
 */
export async function startBuiltServer({
  seedDemo = true,
  dataDir = makeDataDir(),
  env = {},
  checkout = root,
}: { seedDemo?: boolean; dataDir?: string; env?: Record<string, string>; checkout?: string } = {}) {
  if (!fs.existsSync(path.join(checkout, "build/server/index.js"))) throw new Error(`No production build in ${checkout}: run \`npm run build\` there first.`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["server/entry.mjs"], {
    cwd: checkout,
    env: { PATH: process.env.PATH, NODE_ENV: "production", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: String(seedDemo), ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    await waitForHealth(base, { timeoutMs: STARTUP_MS });
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, dataDir, pid: server.pid!, stop };
}

/** A fresh temporary data folder for a bench's server. */
export function makeDataDir() {
  return fs.mkdtempSync(path.join(os.tmpdir(), "classificados-bench-"));
}
