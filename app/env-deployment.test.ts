/**
 * A deployment (NODE_ENV=production with an https:// APP_URL, as docs/operations.md sets it) refuses
 * what a careless start would serve quietly: the demo administrator's password, the demo PIX key, demo
 * ads, a malformed SMTP_URL. No refusal and no warning ever carries a secret: start-up messages end up
 * in the journal. A local start (no APP_URL, the README's Quick start) keeps its demo defaults.
 */
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env-schema.server";
import { startupWarnings } from "./env-warnings.server";
import { DEMO_PIX_KEY } from "./services/payments/local-gateway.server";

const OPERATOR = {
  OPERATOR_NAME: "Fulano de Tal",
  OPERATOR_CPF: "52998224725",
  OPERATOR_ADDRESS: "Rua A, 1, Patos de Minas - MG",
  OPERATOR_EMAIL: "fulano@example.com",
};

/** What docs/operations.md writes, complete: it starts without a warning but DKIM's. */
const DEPLOYMENT = {
  ...OPERATOR,
  NODE_ENV: "production",
  APP_URL: "https://classificados.example.com.br",
  HOST: "127.0.0.1",
  TRUST_PROXY: "true",
  ADMIN_EMAIL: "voce@example.com.br",
  ADMIN_PASSWORD: "uma senha longa e só minha",
  PIX_KEY: "pix@classificados.example.com.br",
  SMTP_URL: "smtp://relay:senha-do-relay-0123@smtp.example.com:587",
};

function refusal(source: Record<string, string | undefined>): string {
  try {
    parseEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.message;
    throw error;
  }
  throw new Error("start-up was not refused");
}

describe("a deployment (production, https APP_URL)", () => {
  it("starts with the settings docs/operations.md writes", () => {
    expect(parseEnv(DEPLOYMENT)).toMatchObject({ ADMIN_PASSWORD: DEPLOYMENT.ADMIN_PASSWORD, SEED_DEMO: false, PIX_KEY: DEPLOYMENT.PIX_KEY });
  });

  it("refuses the demo administrator password, without printing it", () => {
    const message = refusal({ ...DEPLOYMENT, ADMIN_PASSWORD: "Admin@12345" });
    expect(message).toMatch(/ADMIN_PASSWORD: is the demo administrator's password/);
    expect(message).not.toContain("Admin@12345");
  });

  it("has no default administrator password (the seed asks for one when it must create the administrator)", () => {
    const { ADMIN_PASSWORD: _set, ...withoutPassword } = DEPLOYMENT;
    expect(parseEnv(withoutPassword).ADMIN_PASSWORD).toBeUndefined();
    // A local start keeps the README's demo administrator.
    expect(parseEnv({}).ADMIN_PASSWORD).toBe("Admin@12345");
    expect(parseEnv({ NODE_ENV: "production", APP_URL: "http://127.0.0.1:3000" }).ADMIN_PASSWORD).toBe("Admin@12345");
  });

  it("refuses the local gateway without the operator's PIX key, or with the demo one", () => {
    const { PIX_KEY: _set, ...withoutKey } = DEPLOYMENT;
    expect(refusal(withoutKey)).toMatch(/PIX_KEY: is required with PAYMENT_GATEWAY=local and an https APP_URL/);
    expect(refusal({ ...DEPLOYMENT, PIX_KEY: DEMO_PIX_KEY })).toMatch(/PIX_KEY: is the demo key/);
    // Asaas pays into the operator's Asaas account: no PIX_KEY is read.
    const asaas = { ...withoutKey, PAYMENT_GATEWAY: "asaas", ASAAS_API_KEY: "$aact_hmlg_000abc", ASAAS_WEBHOOK_TOKEN: "webhook-token-0123456789" };
    expect(parseEnv(asaas).PAYMENT_GATEWAY).toBe("asaas");
    // Nor anywhere but a deployment.
    expect(parseEnv({ PIX_KEY: DEMO_PIX_KEY }).PIX_KEY).toBe(DEMO_PIX_KEY);
  });

  it("seeds no demo ads unless SEED_DEMO=true says so", () => {
    expect(parseEnv(DEPLOYMENT).SEED_DEMO).toBe(false);
    expect(parseEnv({ ...DEPLOYMENT, SEED_DEMO: "true" }).SEED_DEMO).toBe(true);
    expect(parseEnv({}).SEED_DEMO).toBe(true);
    expect(parseEnv({ NODE_ENV: "test", APP_URL: "https://classificados.example" }).SEED_DEMO).toBe(true);
  });

  it("warns when demo ads are asked for, or when mail would only be filed in the outbox", () => {
    expect(startupWarnings(parseEnv({ ...DEPLOYMENT, SEED_DEMO: "true" })).join("\n")).toMatch(/SEED_DEMO=true with an https APP_URL/);
    const { SMTP_URL: _set, ...withoutSmtp } = DEPLOYMENT;
    expect(startupWarnings(parseEnv(withoutSmtp)).join("\n")).toMatch(/SMTP_URL is not set.*outbox/);
    expect(startupWarnings(parseEnv(DEPLOYMENT)).filter((warning) => !warning.includes("DKIM"))).toEqual([]);
  });
});

describe("SMTP_URL", () => {
  it.each([
    ["smtp//relay:S3cretPass@smtp.example.com:587", /SMTP_URL: must start with smtp:\/\/ or smtps:\/\/ \(the scheme, then a colon and two slashes\) \(got "smtp\/\/\*\*\*@smtp\.example\.com:587"\)/],
    ["http://relay:S3cretPass@smtp.example.com", /SMTP_URL: the scheme is http, not smtp or smtps/],
    ["smtp://relay:S3cretPass@", /SMTP_URL: has no host/],
    ["smtp://relay:S3cretPass@smtp.example.com:99999", /SMTP_URL: the port 99999 is not a number from 1 to 65535/],
    ["smtp://relay:S3cretPass@smtp.example.com:abc", /SMTP_URL: the port abc is not a number from 1 to 65535/],
    ["smtp://relay:S3c/retPass@smtp.example.com", /SMTP_URL: the user name or password has \/, \? or # not percent-encoded/],
  ])("refuses %s naming the wrong part, never the password", (value, problem) => {
    const message = refusal({ SMTP_URL: value });
    expect(message).toMatch(problem);
    expect(message).not.toMatch(/S3c/);
  });

  it.each(["smtp://relay:p%40ss@smtp.example.com:587", "smtps://smtp.example.com", "smtp://127.0.0.1:2525", "smtp://relay:p@ss@smtp.example.com"])(
    "accepts %s",
    (value) => {
      expect(parseEnv({ SMTP_URL: value }).SMTP_URL).toBe(value);
    },
  );
});

describe("secrets in start-up refusals", () => {
  it("shows a too-short SESSION_SECRET by its length only", () => {
    const message = refusal({ SESSION_SECRET: "curto-demais-S3cret" });
    expect(message).toMatch(/SESSION_SECRET: must have at least 32 characters \(got a secret of 19 characters\)/);
    expect(message).not.toContain("curto-demais");
  });

  it("never carries any secret that is set, whatever is refused", () => {
    const secrets = {
      SESSION_SECRET: "sessao-curta-SEGREDO1",
      ADMIN_PASSWORD: "SEGRED2",
      GOOGLE_CLIENT_SECRET: "google-SEGREDO3",
      GEMINI_API_KEY: "gemini-SEGREDO4",
      OPENAI_API_KEY: "openai-SEGREDO5",
      ASAAS_API_KEY: "$aact_prod_000SEGREDO6",
      ASAAS_WEBHOOK_TOKEN: "webhook-SEGREDO7",
      S3_SECRET_ACCESS_KEY: "s3-SEGREDO8",
      DKIM_PRIVATE_KEY: "not-a-key-SEGREDO9",
      METRICS_TOKEN: "met-SEGREDO10",
      SMTP_URL: "smtp//relay:smtp-SEGREDO11@smtp.example.com",
    };
    const message = refusal({
      ...DEPLOYMENT,
      ...secrets,
      PAYMENT_GATEWAY: "asaas",
      ASAAS_BASE_URL: "https://api-sandbox.asaas.com/v3",
      STORAGE_DRIVER: "s3",
      DKIM_DOMAIN: "classificados.example.com.br",
      DKIM_SELECTOR: "mail",
    });
    // Every one of them was refused (or made another refusal)…
    for (const name of ["SESSION_SECRET", "ADMIN_PASSWORD", "ASAAS_API_KEY", "S3_ENDPOINT", "DKIM_PRIVATE_KEY", "METRICS_TOKEN", "SMTP_URL"]) {
      expect(message).toContain(`${name}:`);
    }
    // …and none is in the message.
    expect(message).not.toMatch(/SEGRED/);
  });
});

describe("TRUST_PROXY on a public address", () => {
  it.each(["0.0.0.0", "::", "203.0.113.5", "classificados.example.com.br"])("warns with HOST=%s: anyone reaching the port may write X-Forwarded-For", (HOST) => {
    const warnings = startupWarnings(parseEnv({ TRUST_PROXY: "true", HOST }));
    expect(warnings.join("\n")).toMatch(new RegExp(`TRUST_PROXY=true and HOST=${HOST.replace(/\./g, "\\.")}`));
  });

  it.each(["127.0.0.1", "::1", "localhost", "[::1]"])("does not with HOST=%s, nor without TRUST_PROXY", (HOST) => {
    const aboutTheProxy = (source: Record<string, string>) => startupWarnings(parseEnv(source)).filter((warning) => warning.includes("TRUST_PROXY"));
    expect(aboutTheProxy({ TRUST_PROXY: "true", HOST })).toEqual([]);
    expect(aboutTheProxy({ HOST: "0.0.0.0" })).toEqual([]);
  });
});
