/**
 * Asaas's two addresses, and which environment an address or an API key belongs to: env.server.ts
 * refuses a sandbox key against the production address (and the reverse) before the server starts.
 * Apart from the client (asaas.server.ts) so that the settings' check does not load the whole client.
 */
export const ASAAS_SANDBOX_URL = "https://api-sandbox.asaas.com/v3";
export const ASAAS_PRODUCTION_URL = "https://api.asaas.com/v3";

export function normalizeAsaasBaseUrl(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, "");
  return /\/v\d+$/.test(trimmed) ? trimmed : `${trimmed}/v3`;
}

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
