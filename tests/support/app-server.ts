/**
 * A production server of its own (`node server/entry.mjs`, so `npm run build` must have run) on a free
 * port with a fresh data folder, for a test that must not share the run's server: one that changes
 * server-wide state such as the per-address login throttle, or that stops the server.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

export type AppServer = {
  url: string;
  dataDir: string;
  /** Everything the server printed so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): void;
  /** SIGKILL to the server and its workers, then removes the data folder (unless the caller gave it). */
  stop(): Promise<void>;
};

/**
 * What a server with an https APP_URL needs besides (a deployment, ADR 031: no demo administrator
 * password, no demo PIX key with the local gateway). The administrator is ADMIN_EMAIL's default.
 */
export const DEPLOYMENT_SETTINGS = { ADMIN_PASSWORD: "uma senha longa de teste", PIX_KEY: "pix@classificados.example" } as const;

/**
 * Starts the server with exactly `env` on top of the basics (no variable of the caller's environment
 * but PATH; a variable set to undefined is left out, e.g. NODE_ENV) and, unless `waitForHealth` is
 * false, resolves once /healthz answers 200. A given `dataDir` is the caller's: stop() leaves it.
 */
export async function startAppServer(
  env: Record<string, string | undefined> = {},
  { waitForHealth = true, timeoutMs = 30_000, dataDir: givenDataDir }: { waitForHealth?: boolean; timeoutMs?: number; dataDir?: string } = {},
): Promise<AppServer> {
  const dataDir = givenDataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "classificados-server-"));
  const port = await freePort();
  const merged: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    SEED_DEMO: "false",
    SESSION_SECRET: "own-server-secret-own-server-secret-0123",
    ...env,
  };
  const child = spawn(process.execPath, ["server/entry.mjs"], {
    // NODE_ENV may be left out (see above): the type @remix-run/node declares for process.env requires it.
    env: Object.fromEntries(Object.entries(merged).filter((entry): entry is [string, string] => entry[1] !== undefined)) as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    // Its own process group, so stop() also kills the cluster's workers: a worker left running after the
    // primary is killed may still write to the data folder while the test removes it (ENOTEMPTY).
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let ended = false;
  // A test that times out never reaches its stop(): the server must not outlive the test process.
  const killGroup = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // The whole group has already exited.
    }
  };
  process.once("exit", killGroup);
  void exited.then(() => {
    ended = true;
    process.off("exit", killGroup);
  });
  const server: AppServer = {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output: () => output,
    exited,
    kill: (signal) => void child.kill(signal),
    async stop() {
      killGroup();
      if (!ended) await exited;
      if (!givenDataDir) removeDataDir(dataDir);
    },
  };
  if (!waitForHealth) return server;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (ended) {
      await server.stop();
      throw new Error(`the server exited before answering /healthz:\n${output}`);
    }
    const healthy = await fetch(`${server.url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return server;
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`the server did not answer /healthz within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Removes a test's data folder, retrying while a process that has just been killed lets go of it. */
export function removeDataDir(dataDir: string) {
  fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
}
