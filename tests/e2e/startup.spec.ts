import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { removeDataDir, startAppServer } from "../support/app-server";

test("start-up with a bad setting stops with a message naming the variable", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-badenv-"));
  const result = spawnSync(process.execPath, ["server/entry.mjs"], {
    env: { NODE_ENV: "production", PATH: process.env.PATH ?? "", DATA_DIR: dataDir, PORT: "porta", SEED_DEMO: "talvez" },
    encoding: "utf8",
    timeout: 20_000,
  });
  removeDataDir(dataDir);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain("Invalid environment configuration");
  expect(result.stderr).toMatch(/PORT: .*\(got "porta"\)/);
  expect(result.stderr).toMatch(/SEED_DEMO: .*\(got "talvez"\)/);
  // A clear message, not a stack trace.
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

test("two web workers serve the site; SIGTERM stops them all cleanly", async () => {
  const server = await startAppServer({ WEB_CONCURRENCY: "2" }, { waitForHealth: false });
  try {
    await expect.poll(() => server.output(), { timeout: 20_000 }).toContain("2 workers");
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${server.url}/healthz`);
      expect(response.status).toBe(200);
    }
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    server.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain("SIGTERM received: closing");
    expect(server.output()).not.toContain("starting another");
  } finally {
    await server.stop();
  }
});
