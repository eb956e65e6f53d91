/**
 * The suite runs on its own settings: a developer's DATABASE_URL, SMTP_URL, APP_URL or SEED_DEMO (in
 * the shell, or from a sourced .env) must not point the tests at a real database or mail server.
 * Proven for real by `DATABASE_URL=file:/nonexistent/real.db SMTP_URL=smtp://real.example APP_URL=https://real.example SEED_DEMO=false npx vitest run`.
 */
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sqlite } from "~/db/client.server";
import { envSchema } from "~/env-schema.server";
import { getEnv } from "~/env.server";
import { clearAppEnv } from "../support/app-env";

describe("the test environment", () => {
  it("inherits none of the developer's app settings", () => {
    for (const name of ["DATABASE_URL", "SMTP_URL", "APP_URL", "SEED_DEMO", "STORAGE_DRIVER"]) expect(process.env[name], name).toBeUndefined();
    const env = getEnv();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.APP_URL).toBeUndefined();
  });

  it("uses this file's temporary database, not one named elsewhere", () => {
    const dataDir = process.env.DATA_DIR!;
    expect(path.dirname(dataDir)).toBe(os.tmpdir());
    expect(path.basename(dataDir)).toMatch(/^classificados-test-/);
    expect(getEnv().DATABASE_PATH).toBe(path.join(dataDir, "app.db"));
    expect(sqlite.name).toBe(path.join(dataDir, "app.db"));
  });

  it("clears every variable the app reads, and only those", () => {
    const settings = Object.keys(envSchema.shape);
    expect(settings).toEqual(expect.arrayContaining(["DATABASE_URL", "SMTP_URL", "APP_URL", "SEED_DEMO"]));
    const env: Record<string, string | undefined> = {
      ...Object.fromEntries(settings.map((name) => [name, "from-the-developer"])),
      OPENAI_API_KEY_OLD: "sk-live",
      PATH: "/usr/bin",
      HOME: "/home/dev",
    };
    expect(clearAppEnv(env).sort()).toEqual([...settings, "OPENAI_API_KEY_OLD"].sort());
    expect(env).toEqual({ PATH: "/usr/bin", HOME: "/home/dev" });
  });
});
