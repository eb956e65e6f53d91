/**
 * What start-up warns about, without refusing to start (env.server.ts logs these once): settings that
 * work but that a careful operator would not leave so in production.
 */
import { paymentTestCardsOf, type ParsedEnv } from "~/env-schema.server";
import { missingOperatorVariables } from "~/lib/operator-settings";
import { normalizeAsaasBaseUrl } from "~/services/payments/asaas-environment.server";
import { ASAAS_KEY_PREFIX, asaasAddressOf, asaasKeyEnvironment } from "~/services/payments/asaas-environment.server";

/**
 * Settings that start but deserve the operator's attention, as log lines (printed once, by the first
 * process). Secrets are never part of them.
 */
export function startupWarnings(parsed: ParsedEnv): string[] {
  const warnings: string[] = [];
  const address = parsed.PAYMENT_GATEWAY === "asaas" ? asaasAddressOf(parsed.ASAAS_BASE_URL) : null;
  if (address && parsed.ASAAS_API_KEY && !asaasKeyEnvironment(parsed.ASAAS_API_KEY)) {
    warnings.push(
      `[env] ASAAS_API_KEY starts with neither ${ASAAS_KEY_PREFIX.production} nor ${ASAAS_KEY_PREFIX.sandbox} (a key issued before Asaas added them): ` +
        `cannot check that it is a ${address} key, as ASAAS_BASE_URL (${normalizeAsaasBaseUrl(parsed.ASAAS_BASE_URL)}) needs.`,
    );
  }
  if (parsed.NODE_ENV === "production") {
    const missing = missingOperatorVariables(parsed);
    if (missing.length) {
      warnings.push(
        `[env] The operator's identity is incomplete: set ${missing.join(", ")}. Decreto 7.962/2013 (art. 2) asks a site that sells ` +
          "online to show its seller's name, CNPJ or CPF, and physical and electronic address; the footer and /termos show what is set.",
      );
    }
    if (!parsed.DKIM_PRIVATE_KEY) {
      warnings.push(
        "[env] DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are not set: the app sends its mail unsigned. " +
          "Set them, or make sure the SMTP relay signs with DKIM (the search alerts' one-click unsubscribe needs signed headers, RFC 8058).",
      );
    }
    if (!parsed.ACCESS_LOG) {
      warnings.push("[env] ACCESS_LOG=false in production: no access log is kept, which the Marco Civil da Internet (art. 15) requires. Unset it.");
    }
  }
  if (parsed.BACKUP_S3_BUCKET && parsed.STORAGE_DRIVER === "s3" && parsed.BACKUP_S3_BUCKET === parsed.S3_BUCKET) {
    warnings.push(
      `[env] BACKUP_S3_BUCKET is the images' bucket (${parsed.S3_BUCKET}): one mistake or one compromised key loses both. ` +
        "Give the backups a bucket of their own, ideally in another account or region.",
    );
  }
  if (parsed.TRUST_PROXY && !isLoopbackHost(parsed.HOST)) {
    warnings.push(
      `[env] TRUST_PROXY=true and HOST=${parsed.HOST}: the app's port may be reachable without the proxy, and then anyone can write ` +
        "X-Forwarded-For — a made-up address per request passes the per-address limits (sign-ups, sign-ins). " +
        "Listen on HOST=127.0.0.1 behind a proxy on this machine, or let only the proxy reach the port (firewall).",
    );
  }
  if (parsed.isDeployment && parsed.SEED_DEMO) {
    warnings.push("[env] SEED_DEMO=true with an https APP_URL: the demo seller's made-up ads are public on the site. Unset it unless this is a demo.");
  }
  if (parsed.isDeployment && !parsed.SMTP_URL) {
    warnings.push(
      "[env] SMTP_URL is not set: every e-mail (password resets, receipts, alerts) is only filed in DATA_DIR/outbox, and nobody receives it. " +
        "Set SMTP_URL to your relay (smtp://user:password@host:587 or smtps://…:465).",
    );
  }
  if (parsed.PAYMENT_GATEWAY === "local" && parsed.NODE_ENV === "production" && paymentTestCardsOf(parsed)) {
    warnings.push(
      "[env] PAYMENT_TEST_CARDS=true in production: test cards are ON, and the local gateway approves them without charging anyone " +
        "(any ad can be paid for with a made-up card). Unset it to take PIX only.",
    );
  }
  return warnings;
}

/**
 * HOST names only this machine: a loopback address or "localhost". Anything else — 0.0.0.0 and ::
 * (every interface), a routable address, a host name — may be reached from elsewhere.
 */
function isLoopbackHost(host: string): boolean {
  const name = host.trim().toLowerCase().replace(/^\[(.*)\]$/, "$1");
  return name === "localhost" || name === "::1" || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(name);
}
