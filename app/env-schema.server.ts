/**
 * The settings' schema: every variable the server reads, its default and its checks, and the pure
 * parse that names each bad one (see .env.example for the list). env.server.ts loads it into the
 * process (getEnv) and prints env-warnings.server.ts's warnings; both import this module, which
 * imports neither.
 */
import { createPrivateKey } from "node:crypto";
import { z } from "zod";
import {
  ASAAS_KEY_PREFIX,
  ASAAS_PRODUCTION_URL,
  ASAAS_SANDBOX_URL,
  asaasAddressOf,
  asaasKeyEnvironment,
  normalizeAsaasBaseUrl,
} from "~/services/payments/asaas-environment.server";
import { checkPixKey } from "~/services/payments/pix-key";
import { MIN_RETENTION_DAYS } from "~/services/access-log-store.server";
import { isValidCnpj, isValidCpf } from "~/lib/documents";
import { shownValue } from "~/env-secrets.server";
import { DEMO_ADMIN_PASSWORD, isDeployment, refuseDemoSettings } from "~/env-deployment.server";
import { smtpUrlProblem } from "~/services/smtp-url.server";
import { parseReplicaUrl } from "~/services/replica-url.mjs";

const booleanString = z
  .enum(["true", "false", "1", "0", "yes", "no"], { message: "use true or false" })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^file:.+/, { message: "must look like file:./data/app.db" })
    .optional(),
  /**
   * Public origin (https://classificados.example) for links in e-mails and the Google callback; never
   * taken from a request's Host. Unset: http://localhost:{PORT}, with a warning at start-up.
   */
  APP_URL: z.url({ message: "must be an absolute URL" }).optional(),
  SESSION_SECRET: z.string().min(32, { message: "must have at least 32 characters" }).optional(),
  ADMIN_EMAIL: z.email({ message: "must be an e-mail address" }).default("admin@classificados.local"),
  /** Default (parseEnv): DEMO_ADMIN_PASSWORD, except in a deployment, which has none. */
  ADMIN_PASSWORD: z.string().min(8, { message: "must have at least 8 characters" }).optional(),
  /** Default (parseEnv): true, except in a deployment. */
  SEED_DEMO: booleanString.optional(),
  /** Web worker processes (node:cluster). Default: one per CPU core, at most 4; always 1 in development. */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(32).optional(),
  /**
   * Each web worker's JavaScript heap, in megabytes (Node's --max-old-space-size, set by the first
   * process when it forks them, server/entry.mjs): a worker that leaks stops at this size and is
   * replaced, instead of pushing the server into swap. Measured at 100 000 ads after a load: ~45 MB of
   * heap in use per worker, ~65 MB reserved; the rest of its ~160 MB resident is code, native modules
   * and SQLite's caches. The default leaves room for the heavy pages (a PDF receipt) and does not make
   * a worker smaller: it only stops one that grows without end. Job children get the same bound.
   */
  WORKER_MAX_HEAP_MB: z.coerce.number().int().min(64).max(8_192).default(192),
  // A job child (backup, daily job, reconciliation…) still running after this long is stopped and tried
  // again later (server/job-runner.mjs). The daily job took ~4 minutes at a million ads on a busy 2-core machine.
  JOB_TIMEOUT_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(60),
  /** Set by the first process on the children it forks for a job (server/jobs.ts); never by hand. */
  SERVER_JOB: z.string().optional(),
  /**
   * Set by `npm run db:drill` on the server it starts over a restored copy (scripts/db-drill.mjs): no
   * seed (not even the administrator or the reference data) and no job (backups, the daily job, the
   * reconciliation, alerts), so the copy is served as it was restored and nothing leaves it.
   */
  RESTORE_DRILL: booleanString.default(false),
  /**
   * Largest upload body, in megabytes (5 images of up to 8 MB each): multipart posts to the upload
   * routes only (app/web/body-limits.server.ts); every other body is capped at 100 KB.
   */
  MAX_BODY_MB: z.coerce.number().positive().max(200).default(45),
  /**
   * True when a reverse proxy is in front and every connection comes through it: only then are
   * X-Forwarded-For/-Proto/-Host believed (client address, https, public host). Off, anyone could send them.
   */
  TRUST_PROXY: booleanString.default(false),
  /** Minutes between automatic backups into DATA_DIR/backups (scripts/backup.mjs); 0 turns them off. */
  BACKUP_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(10_080).default(60),
  /** Sign-ups allowed per client address per hour; only the bench raises it (to measure hashing under a flood). */
  REGISTER_THROTTLE_MAX: z.coerce.number().int().min(1).default(10),
  /**
   * The longest wait (ms) before a sign-in or reset request for an e-mail that many addresses have
   * been guessing at (models/account/throttle.server.ts); only tests shorten it.
   */
  AUTH_GUESS_DELAY_MAX_MS: z.coerce.number().int().min(0).max(5000).default(5000),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  /** Google's OAuth endpoints; only changed to point tests at a local fake Google. */
  GOOGLE_AUTHORIZATION_URL: z.url({ message: "must be an absolute URL" }).default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: z.url({ message: "must be an absolute URL" }).default("https://oauth2.googleapis.com/token"),
  GOOGLE_USERINFO_URL: z.url({ message: "must be an absolute URL" }).default("https://www.googleapis.com/oauth2/v3/userinfo"),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default("Classificados Patos <nao-responda@classificados.local>"),
  /**
   * DKIM signing of every message the app sends (all three or none): the domain of MAIL_FROM, the
   * selector of its DNS record, and the PEM private key ("\n" may stand for line breaks in .env).
   * The alerts' one-click unsubscribe headers must be signed (RFC 8058): by these, or by the relay.
   */
  DKIM_DOMAIN: optionalText,
  DKIM_SELECTOR: optionalText,
  DKIM_PRIVATE_KEY: optionalText.transform((value) => value?.replace(/\\n/g, "\n")),
  /** AI providers, tried in this order: Gemini, then OpenAI, then local rules (always available). */
  GEMINI_API_KEY: optionalText,
  GEMINI_BASE_URL: z.url({ message: "must be an absolute URL" }).optional(),
  GEMINI_MODEL: optionalText,
  OPENAI_API_KEY: optionalText,
  OPENAI_BASE_URL: z.url({ message: "must be an absolute URL" }).optional(),
  OPENAI_MODEL: optionalText,
  OPENAI_MODERATION_MODEL: optionalText,
  /** Each AI provider call gives up after this long and the next provider is tried. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8_000),
  /** AI descriptions per user per São Paulo calendar month (spec 02 §9: 10). */
  AI_MONTHLY_LIMIT: z.coerce.number().int().min(0).max(10_000).default(10),
  /** Payments: the local gateway (real PIX BR Codes, test cards; no keys) or Asaas. */
  PAYMENT_GATEWAY: z.enum(["local", "asaas"], { message: "use local or asaas" }).default("local"),
  ASAAS_API_KEY: optionalText,
  ASAAS_BASE_URL: z.url({ message: "must be an absolute URL" }).default("https://api-sandbox.asaas.com/v3"),
  ASAAS_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  /** Compared with the webhook's asaas-access-token header; also signs the local confirmation command. */
  ASAAS_WEBHOOK_TOKEN: optionalText,
  /**
   * The local gateway approves any well-formed card number without moving money: outside production
   * that is what demos and tests need; in production it is off (PIX only) unless this says true.
   */
  PAYMENT_TEST_CARDS: booleanString.optional(),
  /**
   * Seconds between reconciliation runs: the server asks the gateway about charges still pending, so a
   * lost webhook never leaves a paid ad hidden. At least 60 against Asaas's production address.
   */
  PAYMENT_RECONCILE_SECONDS: z.coerce.number().int().min(5).max(86_400).default(300),
  /** The operator's PIX key; the default is a documented demo key registered to nobody. */
  PIX_KEY: optionalText,
  PIX_MERCHANT_NAME: z.string().trim().min(1).default("CLASSIFICADOS PATOS"),
  PIX_MERCHANT_CITY: z.string().trim().min(1).default("PATOS DE MINAS"),
  /** Where images are kept: the file system under DATA_DIR/uploads, or an S3-compatible bucket. */
  STORAGE_DRIVER: z.enum(["fs", "s3"], { message: "use fs or s3" }).default("fs"),
  S3_ENDPOINT: z.url({ message: "must be an absolute URL" }).optional(),
  S3_REGION: z.string().min(1).default("auto"),
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  /**
   * Days the access log (DATA_DIR/access-log, app/services/access-log-store.server.ts) is kept. The Marco
   * Civil (Lei 12.965/2014, art. 15) asks for six months at least; an authority may ask for longer.
   */
  ACCESS_LOG_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(MIN_RETENTION_DAYS, {
      message: `must be at least ${MIN_RETENTION_DAYS} days: the Marco Civil da Internet (art. 15) requires six months of access logs; more is allowed, less is not`,
    })
    .default(MIN_RETENTION_DAYS),
  /** Only the bench turns the access log off, to measure what it costs; production warns when it is off. */
  ACCESS_LOG: booleanString.default(true),
  /**
   * Who runs the site, shown in every page's footer and in /termos (Decreto 7.962/2013, art. 2): name,
   * CNPJ or CPF, physical and electronic address, and an optional phone. Production warns when missing.
   */
  OPERATOR_NAME: optionalText,
  OPERATOR_CNPJ: optionalText,
  OPERATOR_CPF: optionalText,
  OPERATOR_ADDRESS: optionalText,
  OPERATOR_EMAIL: z.email({ message: "must be an e-mail address" }).optional(),
  OPERATOR_PHONE: optionalText,
  /**
   * A bucket of its own (ideally another account or region) that receives every backup under
   * backups/<UTC time>/: the database and, with STORAGE_DRIVER=fs, the images. Same S3_* endpoint and keys.
   */
  BACKUP_S3_BUCKET: optionalText,
  /**
   * Continuous replication of the database (Litestream, server/replicator.mjs) and of the files a
   * restore needs (photos on disk, the generated secrets, the access log): s3://<bucket>/<path> with the
   * S3_* endpoint and keys, or file:///<path> on another disk. Unset: no replica (the backups stay).
   */
  DB_REPLICA_URL: optionalText.superRefine((value, ctx) => {
    const parsed = value ? parseReplicaUrl(value) : null;
    if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
  }),
  /** With it, GET /metrics answers only `Authorization: Bearer <METRICS_TOKEN>`; without it, only this machine. */
  METRICS_TOKEN: z.string().trim().min(16, { message: "must have at least 16 characters" }).optional(),
  /**
   * What a password hash costs (services/password-hash.server.ts). "test", Argon2 at its floor, only with
   * NODE_ENV=test: the test suite signs up and in thousands of times, and at full cost that is minutes of
   * CPU beside the browser tests. Everything else hashes at full cost, whatever this says.
   */
  PASSWORD_HASH_COST: z.enum(["production", "test"]).default("production"),
}).superRefine((env, ctx) => {
  if (env.PASSWORD_HASH_COST === "test" && env.NODE_ENV !== "test") {
    ctx.addIssue({ code: "custom", path: ["PASSWORD_HASH_COST"], message: "may be test only with NODE_ENV=test: a real server hashes passwords at full cost" });
  }
  // A half-configured bucket or gateway must stop start-up, not the first upload or payment.
  if (env.STORAGE_DRIVER === "s3") {
    for (const key of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when STORAGE_DRIVER=s3" });
    }
  }
  // Also when the images stay on disk: a backup that cannot leave the machine is found at start-up, not after the disk dies.
  if (env.BACKUP_S3_BUCKET) {
    for (const key of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when BACKUP_S3_BUCKET is set" });
    }
  }
  if (env.DB_REPLICA_URL?.startsWith("s3://")) {
    for (const key of ["S3_ENDPOINT", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when DB_REPLICA_URL is an s3:// address" });
    }
  }
  if (env.PAYMENT_GATEWAY === "asaas") {
    for (const key of ["ASAAS_API_KEY", "ASAAS_WEBHOOK_TOKEN"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when PAYMENT_GATEWAY=asaas" });
    }
    const address = asaasAddressOf(env.ASAAS_BASE_URL);
    // Asaas refuses a key of the other environment only when it is used: at a payer's checkout. The
    // key's prefix says which environment issued it, so the mismatch is caught here instead.
    const keyFrom = asaasKeyEnvironment(env.ASAAS_API_KEY);
    if (address && keyFrom && keyFrom !== address) {
      const other = address === "production" ? ASAAS_SANDBOX_URL : ASAAS_PRODUCTION_URL;
      ctx.addIssue({
        code: "custom",
        path: ["ASAAS_API_KEY"],
        message:
          `is a ${keyFrom} key (${ASAAS_KEY_PREFIX[keyFrom]}…) but ASAAS_BASE_URL is Asaas's ${address} address ` +
          `(${normalizeAsaasBaseUrl(env.ASAAS_BASE_URL)}): use a ${address} key, or ASAAS_BASE_URL=${other}`,
      });
    }
    // Asaas allows 25,000 requests per 12 hours per account and forbids polling; the sandbox and local
    // stand-ins take any value the schema allows (from 5 s).
    if (address === "production" && env.PAYMENT_RECONCILE_SECONDS < MIN_RECONCILE_SECONDS_ASAAS_PRODUCTION) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENT_RECONCILE_SECONDS"],
        message: `must be at least ${MIN_RECONCILE_SECONDS_ASAAS_PRODUCTION} against Asaas's production address (Asaas allows 25,000 requests in 12 hours and forbids polling)`,
      });
    }
  }
  if (env.OPERATOR_CNPJ && !isValidCnpj(env.OPERATOR_CNPJ)) {
    ctx.addIssue({ code: "custom", path: ["OPERATOR_CNPJ"], message: "is not a valid CNPJ (check digits do not match)" });
  }
  if (env.OPERATOR_CPF && !isValidCpf(env.OPERATOR_CPF)) {
    ctx.addIssue({ code: "custom", path: ["OPERATOR_CPF"], message: "is not a valid CPF (check digits do not match)" });
  }
  if (env.OPERATOR_CNPJ && env.OPERATOR_CPF) {
    ctx.addIssue({ code: "custom", path: ["OPERATOR_CPF"], message: "set OPERATOR_CNPJ or OPERATOR_CPF, not both (the site shows one seller)" });
  }
  // Half a DKIM setting would send unsigned mail while the operator believes it signed.
  const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY];
  if (dkim.some(Boolean) && !dkim.every(Boolean)) {
    for (const key of ["DKIM_DOMAIN", "DKIM_SELECTOR", "DKIM_PRIVATE_KEY"] as const) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required when any DKIM_* is set (all three or none)" });
    }
  }
  if (env.DKIM_PRIVATE_KEY) {
    try {
      createPrivateKey(env.DKIM_PRIVATE_KEY);
    } catch {
      ctx.addIssue({ code: "custom", path: ["DKIM_PRIVATE_KEY"], message: "is not a PEM private key" });
    }
  }
  // A malformed key makes BR Codes the payer's bank cannot resolve: found at start-up, not by a payer.
  if (env.PIX_KEY) {
    const check = checkPixKey(env.PIX_KEY);
    if (!check.ok) ctx.addIssue({ code: "custom", path: ["PIX_KEY"], message: check.problem });
  }
  // Found at start-up: nodemailer would fail each e-mail while the visitor is told it was sent.
  const smtpProblem = env.SMTP_URL ? smtpUrlProblem(env.SMTP_URL) : null;
  if (smtpProblem) ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: smtpProblem });
  if (isDeployment(env)) refuseDemoSettings(env, ctx);
});

export type ParsedEnv = ReturnType<typeof parseEnv>;

/** The lowest PAYMENT_RECONCILE_SECONDS against Asaas's production address. */
export const MIN_RECONCILE_SECONDS_ASAAS_PRODUCTION = 60;

/** The local gateway's test cards are accepted: PAYMENT_TEST_CARDS when set, else everywhere but production. */
export function paymentTestCardsOf(parsed: Pick<ParsedEnv, "PAYMENT_TEST_CARDS" | "NODE_ENV">): boolean {
  return parsed.PAYMENT_TEST_CARDS ?? parsed.NODE_ENV !== "production";
}

export class EnvError extends Error {}

/**
 * Pure parse of a variables object; throws EnvError naming each bad variable (and never a secret's
 * value: the message goes to the journal). The defaults that depend on a deployment are filled here.
 */
export function parseEnv(source: Record<string, string | undefined>) {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${issue.path.join(".")}: ${issue.message} (got ${shownValue(name, source[name])})`;
    });
    throw new EnvError(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const deployment = isDeployment(result.data);
  return {
    ...result.data,
    ADMIN_PASSWORD: result.data.ADMIN_PASSWORD ?? (deployment ? undefined : DEMO_ADMIN_PASSWORD),
    SEED_DEMO: result.data.SEED_DEMO ?? !deployment,
    isDeployment: deployment,
  };
}
