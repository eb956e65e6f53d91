/**
 * Ad status as users see it. The stored status is not updated when an ad's time
 * runs out, so every screen and query asks `effectiveStatus` instead of reading
 * `status` directly (spec 02 §4).
 */
// Type-only import: keeps drizzle and the database code out of the browser bundle.
import type { AdStatus } from "~/db/schema";

/** pt-BR display labels. (Not to be confused with the status list of the same name in ~/db/schema.) */
export const AD_STATUS_LABELS: Readonly<Record<AdStatus, string>> = {
  active: "Ativo",
  paused: "Pausado",
  pending_payment: "Aguardando Pagamento",
  expired: "Expirado",
  rejected: "Rejeitado",
  pending: "Em análise",
};

/**
 * "expired" once `now` reaches `expirationDate` (the first instant after the last
 * visible São Paulo day), whatever is stored; otherwise the stored status.
 */
export function effectiveStatus(
  { status, expirationDate }: { status: AdStatus; expirationDate: Date },
  now: Date = new Date(),
): AdStatus {
  return expirationDate.getTime() <= now.getTime() ? "expired" : status;
}

export function adStatusLabel(status: AdStatus): string {
  return AD_STATUS_LABELS[status];
}
