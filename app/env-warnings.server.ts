/**
 * What start-up warns about, without refusing to start (env.server.ts logs these once): settings that
 * work but that a careful operator would not leave so in production.
 */
import { paymentTestCardsOf, type ParsedEnv } from "~/env.server";
import { missingOperatorVariables } from "~/lib/operator";
import { normalizeAsaasBaseUrl } from "~/services/payments/asaas.server";
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
  if (parsed.PAYMENT_GATEWAY === "local" && parsed.NODE_ENV === "production" && paymentTestCardsOf(parsed)) {
    warnings.push(
      "[env] PAYMENT_TEST_CARDS=true in production: test cards are ON, and the local gateway approves them without charging anyone " +
        "(any ad can be paid for with a made-up card). Unset it to take PIX only.",
    );
  }
  return warnings;
}
