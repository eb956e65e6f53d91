/**
 * Which Asaas environment an address or an API key belongs to: env.server.ts refuses a sandbox key
 * against the production address (and the reverse) before the server starts.
 */
import { ASAAS_PRODUCTION_URL, ASAAS_SANDBOX_URL, normalizeAsaasBaseUrl } from "~/services/payments/asaas.server";

/** How Asaas begins the keys it issues in each environment (keys issued before that have neither). */
export const ASAAS_KEY_PREFIX = { production: "$aact_prod_", sandbox: "$aact_hmlg_" } as const;
type AsaasEnvironment = keyof typeof ASAAS_KEY_PREFIX;

/** Asaas's production or sandbox address, or null for any other (a local stand-in in tests). */
export function asaasAddressOf(baseUrl: string): AsaasEnvironment | null {
  const address = normalizeAsaasBaseUrl(baseUrl).toLowerCase();
  if (address === ASAAS_PRODUCTION_URL) return "production";
  if (address === ASAAS_SANDBOX_URL) return "sandbox";
  return null;
}

export function asaasKeyEnvironment(apiKey: string | undefined): AsaasEnvironment | null {
  if (apiKey?.startsWith(ASAAS_KEY_PREFIX.production)) return "production";
  if (apiKey?.startsWith(ASAAS_KEY_PREFIX.sandbox)) return "sandbox";
  return null;
}
