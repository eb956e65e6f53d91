/**
 * Every setting the server reads, parsed once by one zod schema (env-schema.server.ts) and loaded
 * here. A bad value stops start-up with a message naming the variable; nothing else reads process.env.
 */
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { OperatorIdentity } from "~/lib/operator";
import { operatorIdentityOf } from "~/lib/operator-settings";
import { startupWarnings } from "~/env-warnings.server";
import { hideSecretsInOutput, secretsOf } from "~/env-secrets.server";
import { EnvError, parseEnv, paymentTestCardsOf, type ParsedEnv } from "~/env-schema.server";

export type Env = Omit<ParsedEnv, "DATABASE_URL" | "SESSION_SECRET" | "WEB_CONCURRENCY"> & {
  WEB_CONCURRENCY: number;
  DATABASE_PATH: string;
  SESSION_SECRET: string;
  isProduction: boolean;
  /** Secure cookies and HSTS need HTTPS, which only APP_URL can vouch for (behind a TLS proxy). */
  isHttps: boolean;
  /** The site's public origin: APP_URL's, or http://localhost:{PORT} when it is unset. */
  publicOrigin: string;
  /** The local gateway's test cards are accepted (PAYMENT_TEST_CARDS, else: not in production). */
  paymentTestCards: boolean;
  /** The operator's identity as the pages show it (footer, /termos). */
  operator: OperatorIdentity;
  /** nodemailer's DKIM options when DKIM_* are set (services/mail.server.ts signs every message). */
  dkim: { domainName: string; keySelector: string; privateKey: string } | null;
};

function resolveSessionSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  // Zero-config start: keep a generated secret beside the database so sessions survive restarts.
  const file = path.join(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  console.warn(`[env] SESSION_SECRET is not set: generated one and kept it in ${file}`);
  return secret;
}

/**
 * Where links in e-mails point. Never the request's Host or X-Forwarded-Host: anyone can send those, and
 * a password reset link must not lead to the sender's server. Zero-config starts get localhost, and
 * the operator a warning (once, from the first process) that production needs APP_URL.
 */
function publicOriginOf(parsed: ParsedEnv) {
  if (parsed.APP_URL) return new URL(parsed.APP_URL).origin;
  const fallback = `http://localhost:${parsed.PORT}`;
  if (parsed.NODE_ENV === "production" && warnsAtLoad(parsed)) {
    console.warn(`[env] APP_URL is not set: e-mailed links point at ${fallback}. Set APP_URL to the public address (https://…) in production.`);
  }
  return fallback;
}

/**
 * Warnings are printed once for the whole server, by the process that migrates at start-up (or the
 * npm script run by hand): not by the web workers or the job children, which load the same settings.
 */
function warnsAtLoad(parsed: ParsedEnv) {
  return cluster.isPrimary && parsed.SERVER_JOB === undefined;
}

function loadEnv(): Env {
  const parsed = parseEnv(process.env);
  // Before anything is logged: from here on no line this process writes shows a configured secret.
  hideSecretsInOutput(secretsOf(parsed));
  // Once for the whole server: the workers load the same settings.
  if (warnsAtLoad(parsed)) for (const warning of startupWarnings(parsed)) console.warn(warning);
  // The parsed mode becomes the process's: Express (app.get("env")) and libraries read NODE_ENV
  // themselves, and an unset one means "development" to Express — stack traces in error pages.
  // (scripts/start.mjs sets the same default earlier, before React is loaded.)
  process.env.NODE_ENV = parsed.NODE_ENV;
  const dataDir = path.resolve(parsed.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  const databasePath = parsed.DATABASE_URL
    ? path.resolve(parsed.DATABASE_URL.slice("file:".length))
    : path.join(dataDir, "app.db");
  fs.mkdirSync(path.dirname(databasePath), { recursive: true });
  const sessionSecret = resolveSessionSecret(dataDir, parsed.SESSION_SECRET);
  // The generated one too.
  hideSecretsInOutput(secretsOf({ ...parsed, SESSION_SECRET: sessionSecret }));
  return {
    ...parsed,
    DATA_DIR: dataDir,
    DATABASE_PATH: databasePath,
    SESSION_SECRET: sessionSecret,
    WEB_CONCURRENCY:
      parsed.WEB_CONCURRENCY ?? (parsed.NODE_ENV === "development" ? 1 : Math.min(os.availableParallelism(), 4)),
    isProduction: parsed.NODE_ENV === "production",
    isHttps: parsed.APP_URL?.startsWith("https://") ?? false,
    publicOrigin: publicOriginOf(parsed),
    paymentTestCards: paymentTestCardsOf(parsed),
    operator: operatorIdentityOf(parsed),
    dkim:
      parsed.DKIM_DOMAIN && parsed.DKIM_SELECTOR && parsed.DKIM_PRIVATE_KEY
        ? { domainName: parsed.DKIM_DOMAIN, keySelector: parsed.DKIM_SELECTOR, privateKey: parsed.DKIM_PRIVATE_KEY }
        : null,
  };
}

let cached: Env | undefined;

/** The validated environment, loaded on first use; a bad value ends the process with a clear message. */
export function getEnv(): Env {
  if (cached) return cached;
  try {
    cached = loadEnv();
    return cached;
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
