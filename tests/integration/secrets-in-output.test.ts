/**
 * No secret that is set ever reaches the journal: neither in a start-up refusal nor in a logged error
 * (issue #32). Each case runs the settings' loading in a process of its own and reads everything it
 * wrote, the way systemd's journal would. The SMTP relay here refuses the sign-in and quotes the
 * command it got, as some do: base64 of the user and password.
 */
import { execFile } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const tsx = path.resolve("node_modules/.bin/tsx");
const CHILD = path.resolve("tests/support/output-secrets-child.ts");
const SMTP_PASSWORD = "relay-SEGREDO-smtp-0123";

const SECRETS = {
  SESSION_SECRET: "sessao-SEGREDO-0123456789abcdef0123456789",
  ADMIN_PASSWORD: "admin-SEGREDO-senha-longa",
  GOOGLE_CLIENT_SECRET: "google-SEGREDO-0123",
  GEMINI_API_KEY: "gemini-SEGREDO-0123",
  OPENAI_API_KEY: "openai-SEGREDO-0123",
  ASAAS_API_KEY: "$aact_hmlg_000SEGREDO0123",
  ASAAS_WEBHOOK_TOKEN: "webhook-SEGREDO-0123",
  S3_SECRET_ACCESS_KEY: "s3-SEGREDO-0123",
  METRICS_TOKEN: "metrics-SEGREDO-0123",
  DKIM_PRIVATE_KEY: generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
};

/** Every form a secret could take in the output: as set, the DKIM key's body lines, the SMTP password and its AUTH encodings. */
const FORMS = [
  ...Object.values(SECRETS).filter((value) => !value.includes("PRIVATE KEY")),
  ...SECRETS.DKIM_PRIVATE_KEY.split("\n").filter((line) => line && !line.startsWith("-----")),
  SMTP_PASSWORD,
  Buffer.from(SMTP_PASSWORD).toString("base64"),
  Buffer.from(`\u0000relay\u0000${SMTP_PASSWORD}`).toString("base64"),
];

let relay: net.Server;
let relayPort: number;
let dataDir: string;

beforeAll(async () => {
  // An SMTP relay that offers AUTH, refuses it and quotes the command (credentials included) in its answer.
  relay = net.createServer((socket) => {
    socket.on("error", () => socket.destroy());
    socket.write("220 relay.example ESMTP\r\n");
    socket.on("data", (data) => {
      const line = data.toString().trim();
      if (/^EHLO/i.test(line)) socket.write("250-relay.example\r\n250 AUTH PLAIN LOGIN\r\n");
      else if (/^AUTH/i.test(line)) socket.write(`535 5.7.8 Authentication failed: ${line}\r\n`);
      else if (/^QUIT/i.test(line)) socket.end("221 bye\r\n");
      else socket.write("250 ok\r\n");
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  relayPort = (relay.address() as net.AddressInfo).port;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-secrets-"));
});

afterAll(async () => {
  await new Promise((resolve) => relay.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Runs the child with exactly these settings; resolves with its exit code and everything it wrote. */
async function runChild(settings: Record<string, string>) {
  // Exactly these: nothing of the test process's own settings (the type @remix-run/node declares for process.env requires NODE_ENV).
  const env: Record<string, string> = { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, ...settings };
  try {
    const { stdout, stderr } = await promisify(execFile)(tsx, [CHILD], { env: env as NodeJS.ProcessEnv, timeout: 60_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

function expectNoSecret(output: string) {
  for (const form of FORMS) expect(output, `the output shows ${form}`).not.toContain(form);
}

const DEPLOYMENT = {
  NODE_ENV: "production",
  APP_URL: "https://classificados.example.com.br",
  HOST: "127.0.0.1",
  PIX_KEY: "pix@classificados.example.com.br",
  DKIM_DOMAIN: "classificados.example.com.br",
  DKIM_SELECTOR: "mail",
};

describe("secrets in the output", () => {
  it("a start-up refusal shows none of the secrets set", async () => {
    const { code, output } = await runChild({
      ...DEPLOYMENT,
      ...SECRETS,
      // Each refused: too short, the demo password, a sandbox key against production, a malformed SMTP URL.
      SESSION_SECRET: "sessao-SEGREDO-curta",
      METRICS_TOKEN: "met-SEGREDO",
      ADMIN_PASSWORD: "Admin@12345",
      PAYMENT_GATEWAY: "asaas",
      ASAAS_BASE_URL: "https://api.asaas.com/v3",
      SMTP_URL: `smtp//relay:${SMTP_PASSWORD}@127.0.0.1:${relayPort}`,
    });
    expect(code).toBe(1);
    expect(output).toMatch(/Invalid environment configuration/);
    for (const name of ["SESSION_SECRET", "METRICS_TOKEN", "ADMIN_PASSWORD", "ASAAS_API_KEY", "SMTP_URL"]) expect(output).toContain(`${name}:`);
    expectNoSecret(output);
    expect(output).not.toMatch(/SEGREDO|Admin@12345/);
  }, 60_000);

  it("logged errors, a logged settings object and a library's own writes show none of them", async () => {
    const { code, output } = await runChild({ ...DEPLOYMENT, ...SECRETS, SMTP_URL: `smtp://relay:${SMTP_PASSWORD}@127.0.0.1:${relayPort}` });
    expect(code, output).toBe(0);
    // What was logged is there, with the secrets hidden.
    expect(output).toContain("[auth] could not send the password reset e-mail");
    expect(output).toMatch(/535 5\.7\.8 Authentication failed: AUTH PLAIN \[SMTP_URL password hidden\]/);
    expect(output).toContain("a failure that quotes the settings: [SESSION_SECRET hidden] [GEMINI_API_KEY hidden] smtp://relay:[SMTP_URL password hidden]@");
    expect(output).toContain("[library] [S3_SECRET_ACCESS_KEY hidden] [METRICS_TOKEN hidden]");
    expectNoSecret(output);
  }, 60_000);

  it("a deployment without SMTP_URL files the mail in the outbox but never logs its links (a reset link is a key to the account)", async () => {
    const { code, output } = await runChild({ ...DEPLOYMENT, ...SECRETS });
    expect(code, output).toBe(0);
    expect(output).toMatch(/\[mail\] SMTP_URL not set: "Redefinição de senha" to alguem@example\.com written to .*\.eml/);
    expect(output).not.toContain("reset-TOKEN-SEGREDO");
    expectNoSecret(output);
  }, 60_000);
});
