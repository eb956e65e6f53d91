/**
 * The variables the app reads: every setting of app/env.server.ts's schema, plus any variable with the
 * prefix of a service the app talks to. A developer's shell or sourced .env may carry them — a
 * DATABASE_URL pointing at the real database, an SMTP_URL that mails real people, an APP_URL that
 * changes every e-mailed link, SEED_DEMO=false, live payment or AI keys — and neither a test server nor
 * a test process may inherit them: the tests set what they need explicitly.
 */
import { envSchema } from "../../app/env-schema.server";

const SETTINGS = new Set(Object.keys(envSchema.shape));
const SERVICE_PREFIX = /^(SMTP|MAIL|GOOGLE|STORAGE|S3|OPENAI|GEMINI|AI|ASAAS|PAYMENT|PIX)_/;

export function isAppEnvName(name: string) {
  return SETTINGS.has(name) || SERVICE_PREFIX.test(name);
}

/** Deletes every app variable from `env` (process.env by default), in place; returns the names removed. */
export function clearAppEnv(env: Record<string, string | undefined> = process.env): string[] {
  const removed = Object.keys(env).filter(isAppEnvName);
  for (const name of removed) delete env[name];
  return removed;
}
