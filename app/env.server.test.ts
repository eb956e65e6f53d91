import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv, paymentTestCardsOf } from "./env-schema.server";
import { startupWarnings } from "./env-warnings.server";

const DKIM = {
  DKIM_DOMAIN: "classificados.example",
  DKIM_SELECTOR: "mail",
  DKIM_PRIVATE_KEY: generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
};

/**
 * A complete operator identity (and DKIM signing), so production's warnings about a missing one stay
 * out of these tests (see operator-identity.test.ts).
 */
const OPERATOR = {
  OPERATOR_NAME: "Fulano de Tal",
  OPERATOR_CPF: "52998224725",
  OPERATOR_ADDRESS: "Rua A, 1, Patos de Minas - MG",
  OPERATOR_EMAIL: "fulano@example.com",
  ...DKIM,
};

describe("DKIM signing (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY)", () => {
  it("takes all three, a key written on one line with \\n included", () => {
    const oneLine = DKIM.DKIM_PRIVATE_KEY.replace(/\n/g, "\\n");
    expect(parseEnv({ ...DKIM, DKIM_PRIVATE_KEY: oneLine }).DKIM_PRIVATE_KEY).toBe(DKIM.DKIM_PRIVATE_KEY);
  });

  it("refuses one or two of them, naming the missing ones, and a key that is not one", () => {
    expect(() => parseEnv({ DKIM_DOMAIN: "classificados.example" })).toThrow(/DKIM_SELECTOR.*all three or none/s);
    expect(() => parseEnv({ ...DKIM, DKIM_PRIVATE_KEY: "not a key" })).toThrow(/DKIM_PRIVATE_KEY: is not a PEM private key/);
  });

  it("warns in production when none is set (the relay must sign then), not elsewhere", () => {
    const { DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY, ...unsigned } = OPERATOR;
    expect([DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY].every(Boolean)).toBe(true);
    expect(startupWarnings(parseEnv({ NODE_ENV: "production", ...unsigned })).join("\n")).toMatch(/DKIM_PRIVATE_KEY are not set.*relay/);
    expect(startupWarnings(parseEnv({ NODE_ENV: "development" })).join("\n")).not.toContain("DKIM");
  });
});

describe("parseEnv", () => {
  it("gives every setting a default so a bare `npm start` works", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: "./data", SEED_DEMO: true, NODE_ENV: "production" });
    expect(env.ADMIN_EMAIL).toContain("@");
  });

  it("hashes passwords at full cost unless the test suite asks otherwise, and only the test suite may", () => {
    expect(parseEnv({}).PASSWORD_HASH_COST).toBe("production");
    expect(parseEnv({ NODE_ENV: "test", PASSWORD_HASH_COST: "test" }).PASSWORD_HASH_COST).toBe("test");
    for (const NODE_ENV of ["production", "development"]) {
      expect(() => parseEnv({ NODE_ENV, PASSWORD_HASH_COST: "test" })).toThrow(/PASSWORD_HASH_COST: may be test only with NODE_ENV=test/);
    }
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

describe("BACKUP_S3_BUCKET and METRICS_TOKEN", () => {
  // A complete operator, so that its own production warning does not count here.
  const keys = { ...OPERATOR, S3_ENDPOINT: "https://s3.sa-east-1.amazonaws.com/", S3_ACCESS_KEY_ID: "AKIA", S3_SECRET_ACCESS_KEY: "secret" };

  it("stops start-up without the S3 endpoint and keys, also when the images stay on disk", () => {
    expect(() => parseEnv({ BACKUP_S3_BUCKET: "copias" })).toThrow(/S3_ENDPOINT: is required when BACKUP_S3_BUCKET is set/);
    expect(() => parseEnv({ BACKUP_S3_BUCKET: "copias" })).toThrow(/S3_SECRET_ACCESS_KEY: is required when BACKUP_S3_BUCKET is set/);
    // S3_BUCKET is the images' bucket: not needed for backups alone.
    expect(parseEnv({ BACKUP_S3_BUCKET: "copias", ...keys })).toMatchObject({ STORAGE_DRIVER: "fs", BACKUP_S3_BUCKET: "copias" });
  });

  it("warns when the backups would share the images' bucket", () => {
    const env = parseEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "fotos", BACKUP_S3_BUCKET: "fotos", ...keys });
    expect(startupWarnings(env)).toEqual([expect.stringContaining("BACKUP_S3_BUCKET is the images' bucket (fotos)")]);
    expect(startupWarnings(parseEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "fotos", BACKUP_S3_BUCKET: "copias", ...keys }))).toEqual([]);
  });

  it("refuses a guessable metrics token without printing it", () => {
    expect(() => parseEnv({ METRICS_TOKEN: "curto" })).toThrow(/METRICS_TOKEN: must have at least 16 characters \(got a secret of 5 characters\)/);
    expect(parseEnv({ METRICS_TOKEN: "um-token-comprido-o-bastante" }).METRICS_TOKEN).toBe("um-token-comprido-o-bastante");
  });
});

describe("Asaas key and address (PAYMENT_GATEWAY=asaas)", () => {
  const SANDBOX_KEY = "$aact_hmlg_000MzkwODA2MWY2OGM3MWRlMDU2NWM3MzJlNzZmNGZhZGY6OjExMTEx";
  const PRODUCTION_KEY = "$aact_prod_000MzkwODA2MWY2OGM3MWRlMDU2NWM3MzJlNzZmNGZhZGY6OjIyMjIy";
  const OLD_KEY = "$aact_YTU5YTE0M2M2N2I4MTliNzk0YTI5N2U5MzdjNWZmNDQ6OjAwMDAwMDAwMDAwMDAwNjA";
  const asaas = (settings: Record<string, string>) =>
    parseEnv({ PAYMENT_GATEWAY: "asaas", ASAAS_WEBHOOK_TOKEN: "webhook-token-0123456789", ...OPERATOR, ...settings });

  it("refuses a sandbox key with the production address, showing only the key's prefix", () => {
    const start = () => asaas({ ASAAS_API_KEY: SANDBOX_KEY, ASAAS_BASE_URL: "https://api.asaas.com/v3" });
    expect(start).toThrow(EnvError);
    expect(start).toThrow(
      /ASAAS_API_KEY: is a sandbox key \(\$aact_hmlg_…\) but ASAAS_BASE_URL is Asaas's production address \(https:\/\/api\.asaas\.com\/v3\): use a production key, or ASAAS_BASE_URL=https:\/\/api-sandbox\.asaas\.com\/v3 \(got "\$aact_hmlg_…"\)/,
    );
    // The secret itself never reaches the message (start-up errors end up in logs).
    expect(start).not.toThrow(/MzkwODA2/);
  });

  it("refuses a production key with the sandbox address, the default one included", () => {
    expect(() => asaas({ ASAAS_API_KEY: PRODUCTION_KEY, ASAAS_BASE_URL: "https://api-sandbox.asaas.com/v3" })).toThrow(
      /ASAAS_API_KEY: is a production key \(\$aact_prod_…\) but ASAAS_BASE_URL is Asaas's sandbox address/,
    );
    expect(() => asaas({ ASAAS_API_KEY: PRODUCTION_KEY })).toThrow(/ASAAS_API_KEY: is a production key/);
  });

  it("compares normalised addresses: a trailing slash or a missing /v3 changes nothing", () => {
    expect(() => asaas({ ASAAS_API_KEY: SANDBOX_KEY, ASAAS_BASE_URL: "https://api.asaas.com/" })).toThrow(/ASAAS_API_KEY: is a sandbox key/);
    expect(() => asaas({ ASAAS_API_KEY: PRODUCTION_KEY, ASAAS_BASE_URL: "https://api-sandbox.asaas.com/v3/" })).toThrow(/ASAAS_API_KEY: is a production key/);
  });

  it("accepts each key with its own address", () => {
    expect(asaas({ ASAAS_API_KEY: PRODUCTION_KEY, ASAAS_BASE_URL: "https://api.asaas.com/v3" })).toMatchObject({ PAYMENT_GATEWAY: "asaas" });
    expect(asaas({ ASAAS_API_KEY: SANDBOX_KEY })).toMatchObject({ ASAAS_BASE_URL: "https://api-sandbox.asaas.com/v3" });
  });

  it("only warns about a key issued before the prefixes, without showing it", () => {
    const env = asaas({ ASAAS_API_KEY: OLD_KEY, ASAAS_BASE_URL: "https://api.asaas.com/v3" });
    const warnings = startupWarnings(env);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^\[env\] ASAAS_API_KEY starts with neither \$aact_prod_ nor \$aact_hmlg_ .*a production key, as ASAAS_BASE_URL \(https:\/\/api\.asaas\.com\/v3\) needs/);
    expect(warnings[0]).not.toContain(OLD_KEY);
    expect(startupWarnings(asaas({ ASAAS_API_KEY: PRODUCTION_KEY, ASAAS_BASE_URL: "https://api.asaas.com/v3" }))).toEqual([]);
  });

  it("does not check a key against any other address (a local stand-in)", () => {
    for (const key of [SANDBOX_KEY, PRODUCTION_KEY, OLD_KEY]) {
      const env = asaas({ ASAAS_API_KEY: key, ASAAS_BASE_URL: "http://127.0.0.1:4010/v3", PAYMENT_RECONCILE_SECONDS: "5" });
      expect(env.PAYMENT_RECONCILE_SECONDS).toBe(5);
      expect(startupWarnings(env)).toEqual([]);
    }
  });

  it("refuses reconciliation more often than every 60 s against Asaas's production address only", () => {
    const production = { ASAAS_API_KEY: PRODUCTION_KEY, ASAAS_BASE_URL: "https://api.asaas.com/v3" };
    expect(() => asaas({ ...production, PAYMENT_RECONCILE_SECONDS: "59" })).toThrow(
      /PAYMENT_RECONCILE_SECONDS: must be at least 60 against Asaas's production address \(Asaas allows 25,000 requests in 12 hours and forbids polling\) \(got "59"\)/,
    );
    expect(asaas({ ...production, PAYMENT_RECONCILE_SECONDS: "60" })).toMatchObject({ PAYMENT_RECONCILE_SECONDS: 60 });
    expect(asaas({ ...production })).toMatchObject({ PAYMENT_RECONCILE_SECONDS: 300 });
    expect(asaas({ ASAAS_API_KEY: SANDBOX_KEY, PAYMENT_RECONCILE_SECONDS: "5" })).toMatchObject({ PAYMENT_RECONCILE_SECONDS: 5 });
    // The local gateway polls nobody.
    expect(parseEnv({ ASAAS_BASE_URL: "https://api.asaas.com/v3", PAYMENT_RECONCILE_SECONDS: "5" })).toMatchObject({ PAYMENT_RECONCILE_SECONDS: 5 });
    expect(() => parseEnv({ PAYMENT_RECONCILE_SECONDS: "4" })).toThrow(/PAYMENT_RECONCILE_SECONDS: .*\(got "4"\)/);
  });
});

describe("PIX_KEY", () => {
  it.each([
    ["CPF", "12345678909"],
    ["CNPJ", "11222333000181"],
    ["phone", "+5534999998888"],
    ["e-mail", "pix@classificadospatos.com.br"],
    ["random key", "123e4567-e12b-12d1-a456-426655440000"],
  ])("accepts a %s key (%s)", (_form, key) => {
    expect(parseEnv({ PIX_KEY: key })).toMatchObject({ PIX_KEY: key });
  });

  it("is optional: unset, the local gateway uses its demo key", () => {
    expect(parseEnv({}).PIX_KEY).toBeUndefined();
    expect(parseEnv({ PIX_KEY: "  " }).PIX_KEY).toBeUndefined();
  });

  it.each([
    ["12345678900", "looks like a CPF but its check digits are wrong"],
    ["123.456.789-09", "looks like a CPF, but a CPF key is written as digits only: 12345678909"],
    ["11222333000180", "looks like a CNPJ but its check digits are wrong"],
    ["(34) 99999-8888", "looks like a phone number, but a phone key must be +55 followed by DDD and number, e.g. +5534999998888"],
    ["+55349999", "looks like a phone number, but a phone key must be +55 followed by DDD and number, e.g. +5534999998888"],
    ["Pix@Example.com", "looks like an e-mail, but e-mail keys are written in lowercase: pix@example.com"],
    ["pix@localhost", "looks like an e-mail, but it is not a valid address"],
    ["123e4567-e12b-12d1-a456", "looks like a random key (EVP), but a random key must be 36 characters"],
    ["minha chave", "is not a PIX key"],
  ])("stops start-up on PIX_KEY=%s, saying what it looks like and what is wrong", (key, problem) => {
    expect(() => parseEnv({ PIX_KEY: key })).toThrow(EnvError);
    expect(() => parseEnv({ PIX_KEY: key })).toThrow(`PIX_KEY: ${problem}`);
    expect(() => parseEnv({ PIX_KEY: key })).toThrow(`(got ${JSON.stringify(key)})`);
  });
});

describe("PAYMENT_TEST_CARDS", () => {
  it("defaults to off in production and on in development and test", () => {
    expect(paymentTestCardsOf(parseEnv({}))).toBe(false);
    expect(paymentTestCardsOf(parseEnv({ NODE_ENV: "production" }))).toBe(false);
    expect(paymentTestCardsOf(parseEnv({ NODE_ENV: "development" }))).toBe(true);
    expect(paymentTestCardsOf(parseEnv({ NODE_ENV: "test" }))).toBe(true);
  });

  it("follows an explicit value anywhere", () => {
    expect(paymentTestCardsOf(parseEnv({ NODE_ENV: "production", PAYMENT_TEST_CARDS: "true" }))).toBe(true);
    expect(paymentTestCardsOf(parseEnv({ NODE_ENV: "development", PAYMENT_TEST_CARDS: "false" }))).toBe(false);
    expect(() => parseEnv({ PAYMENT_TEST_CARDS: "talvez" })).toThrow(/PAYMENT_TEST_CARDS: use true or false \(got "talvez"\)/);
  });

  it("warns at start-up when it turns test cards on in production with the local gateway", () => {
    const [warning, ...others] = startupWarnings(parseEnv({ NODE_ENV: "production", PAYMENT_TEST_CARDS: "true", ...OPERATOR }));
    expect(others).toEqual([]);
    expect(warning).toMatch(/^\[env\] PAYMENT_TEST_CARDS=true in production: test cards are ON, and the local gateway approves them without charging anyone/);
    // Not by default, not outside production, not with Asaas (whose cards are real).
    expect(startupWarnings(parseEnv({ NODE_ENV: "production", ...OPERATOR }))).toEqual([]);
    expect(startupWarnings(parseEnv({ NODE_ENV: "development", PAYMENT_TEST_CARDS: "true" }))).toEqual([]);
    expect(
      startupWarnings(
        parseEnv({
          ...OPERATOR,
          NODE_ENV: "production",
          PAYMENT_TEST_CARDS: "true",
          PAYMENT_GATEWAY: "asaas",
          ASAAS_API_KEY: "$aact_hmlg_000abc",
          ASAAS_WEBHOOK_TOKEN: "webhook-token-0123456789",
        }),
      ),
    ).toEqual([]);
  });
});
