import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("gives every setting a default so a bare `npm start` works", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", SEED_DEMO: true, NODE_ENV: "production" });
    expect(env.ADMIN_EMAIL).toContain("@");
  });

  it("reads SEED_DEMO=false and a numeric PORT", () => {
    expect(parseEnv({ SEED_DEMO: "false", PORT: "8080" })).toMatchObject({ SEED_DEMO: false, PORT: 8080 });
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["SEED_DEMO", "talvez"],
    ["ADMIN_EMAIL", "not-an-email"],
    ["DATABASE_URL", "postgres://x"],
    ["SESSION_SECRET", "short"],
  ])("rejects %s=%s with a message naming the variable", (name, value) => {
    expect(() => parseEnv({ [name]: value })).toThrow(EnvError);
    expect(() => parseEnv({ [name]: value })).toThrow(new RegExp(`${name}: .*\\(got "${value}"\\)`));
  });
});
