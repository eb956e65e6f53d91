/**
 * The settings of ADR 008 (app/env.server.ts): TRUST_PROXY, BACKUP_INTERVAL_MINUTES, and NODE_ENV
 * made the process's own from the parsed settings (Express reads process.env.NODE_ENV itself).
 */
import { describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/env-schema.server";

describe("TRUST_PROXY and BACKUP_INTERVAL_MINUTES", () => {
  it("default to no proxy and hourly backups", () => {
    expect(parseEnv({})).toMatchObject({ TRUST_PROXY: false, BACKUP_INTERVAL_MINUTES: 60 });
  });

  it("read true/false and a number of minutes (0 turns backups off)", () => {
    expect(parseEnv({ TRUST_PROXY: "true", BACKUP_INTERVAL_MINUTES: "0" })).toMatchObject({ TRUST_PROXY: true, BACKUP_INTERVAL_MINUTES: 0 });
    expect(parseEnv({ TRUST_PROXY: "0" })).toMatchObject({ TRUST_PROXY: false });
  });

  it.each([
    ["TRUST_PROXY", "loopback"],
    ["BACKUP_INTERVAL_MINUTES", "-5"],
    ["BACKUP_INTERVAL_MINUTES", "toda hora"],
  ])("stops start-up on %s=%s", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}: .*\\(got "${value}"\\)`));
  });
});

describe("NODE_ENV", () => {
  it("is set in the process from the parsed settings: unset becomes production", async () => {
    const before = { NODE_ENV: process.env.NODE_ENV, PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST };
    Reflect.deleteProperty(process.env, "NODE_ENV");
    // Production hashes at full cost: the suite's cheap hashes are refused outside NODE_ENV=test.
    Reflect.deleteProperty(process.env, "PASSWORD_HASH_COST");
    try {
      vi.resetModules();
      const { getEnv } = await import("~/env.server");
      expect(getEnv().NODE_ENV).toBe("production");
      expect(process.env.NODE_ENV).toBe("production");
    } finally {
      Object.assign(process.env, before);
      vi.resetModules();
    }
  });
});
