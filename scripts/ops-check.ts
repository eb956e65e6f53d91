/**
 * `npm run ops:check`: is the server well? Reads /healthz and /metrics and e-mails OPERATOR_EMAIL
 * (else ADMIN_EMAIL) through the app's mailer — SMTP_URL, or .eml files in DATA_DIR/outbox — when
 * the site does not answer, the newest backup is too old, a bucket copy failed, the replica lags, the
 * data disk is almost full or filling up, or an ad waits for a moderator for more than a day; at most
 * once per condition per 6 hours, and once when it clears (scripts/ops-check-conditions.ts, ADR 033).
 * deploy/classificados-check.timer runs it every 5 minutes with the service's settings.
 *
 * Prints one line for the journal; exits 1 when an e-mail could not be sent (it is tried again at the
 * next run), 0 otherwise, whatever it found.
 */
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const { getEnv } = await import("../app/env.server");
const { sendMail } = await import("../app/models/mail/mailer.server");
const { readServer, runOpsCheck } = await import("./ops-check-run");

const env = getEnv();
// The app's own port on this machine; a wildcard address is reached through loopback.
const host = ["0.0.0.0", "::"].includes(env.HOST) ? "127.0.0.1" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
const localUrl = `http://${host}:${env.PORT}`;
const siteUrl = env.APP_URL ?? localUrl;

const report = await runOpsCheck({
  dataDir: env.DATA_DIR,
  to: env.OPERATOR_EMAIL ?? env.ADMIN_EMAIL,
  site: new URL(siteUrl).host,
  backupIntervalMinutes: env.BACKUP_INTERVAL_MINUTES,
  read: () => readServer({ siteUrl, localUrl, metricsToken: env.METRICS_TOKEN }),
  send: sendMail,
});

const states = Object.entries(report.verdicts).map(([name, verdict]) => (verdict.firing ? `${name} FIRING (${verdict.detail})` : `${name} ok`));
const mailed = report.sent.map((mail) => `${mail.kind} ${mail.condition}`);
console.log(`[ops-check] ${states.join(", ")}; mailed: ${mailed.join(", ") || "nothing"}`);
for (const { mail, error } of report.failed) console.error(`[ops-check] could not send the ${mail.kind} e-mail for ${mail.condition}: ${error}`);
if (report.failed.length) process.exitCode = 1;
