/**
 * `npm run db:drill` when there is nothing sound to drill (scripts/db-drill.mjs): it says why, exits
 * non-zero and leaves nothing behind — before any app is started, so no build is needed. The drill of
 * a sound backup, with the built app, is tests/e2e/drill.spec.ts.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

function dataDir() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-drill-test-"));
  folders.push(folder);
  return folder;
}

function drill(dataDir: string, args: string[] = []): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["scripts/db-drill.mjs", ...args], { env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", DATA_DIR: dataDir }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => (stdout += chunk));
  child.stderr.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("exit", (status) => resolve({ status, stdout, stderr })));
}

it("refuses a damaged backup, says why, and removes its folder", async () => {
  const live = dataDir();
  // The newest backup, damaged: a page of this test's seeded database overwritten.
  const backup = path.join(live, "backups", "2025-03-10T12-00-00Z");
  fs.mkdirSync(backup, { recursive: true });
  const bytes = fs.readFileSync(path.join(process.env.DATA_DIR!, "app.db"));
  bytes.fill(0x5a, 4096 * 3, 4096 * 4);
  fs.writeFileSync(path.join(backup, "app.db"), bytes);

  const { status, stdout, stderr } = await drill(live);
  expect(status).toBe(1);
  expect(stdout).toMatch(new RegExp(`\\[drill\\] restoring ${backup} into ${live}/drill-\\S+ \\(mode 0700\\)`));
  expect(stderr).toMatch(/^Drill failed: .*app\.db is not a usable backup: /m);
  expect(stdout).toMatch(/\[drill\] removed .*drill-/);
  expect(fs.readdirSync(live).sort()).toEqual(["backups"]);
});

it("without a backup to default to, says so and makes nothing", async () => {
  const live = dataDir();
  const { status, stderr } = await drill(live);
  expect(status).toBe(2);
  expect(stderr).toContain(`There is no backup in ${path.join(live, "backups")} to default to.`);
  expect(fs.readdirSync(live)).toEqual([]);
});
