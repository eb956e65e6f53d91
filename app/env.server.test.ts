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

describe("STORAGE_DRIVER=s3", () => {
  it("stops start-up naming each missing S3 setting, instead of failing on the first upload", () => {
    expect(() => parseEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "fotos" })).toThrow(/S3_ENDPOINT: is required when STORAGE_DRIVER=s3/);
    expect(() => parseEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "fotos" })).toThrow(/S3_ACCESS_KEY_ID: is required/);
    expect(() => parseEnv({ STORAGE_DRIVER: "s3", S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT: must be an absolute URL/);
  });

  it("accepts a complete bucket configuration", () => {
    const env = parseEnv({
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: "https://s3.sa-east-1.amazonaws.com/",
      S3_BUCKET: "fotos",
      S3_ACCESS_KEY_ID: "AKIA",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(env).toMatchObject({ STORAGE_DRIVER: "s3", S3_REGION: "auto", S3_BUCKET: "fotos" });
  });
});
