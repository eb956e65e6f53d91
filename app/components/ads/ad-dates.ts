import { expirationKeyFromInstant, formatDateBR, formatDateKeyBR } from "~/lib/dates";
import type { AdDetail } from "~/models/ad/ad";

/** An ad's dates as AdDetail shows them ("22/11/2026", in São Paulo). */
export type AdDetailDates = { publishedOn: string; expiresOn: string | null };

/**
 * Formatted by the ad page's loader, so that a phone's browser loads no time-zone rules (tens of
 * milliseconds) while the page starts; the dialogs over the lists format them in the browser.
 */
export function adDetailDates(ad: Pick<AdDetail, "createdAt" | "expirationDate">): AdDetailDates {
  return {
    publishedOn: formatDateBR(new Date(ad.createdAt)),
    expiresOn: ad.expirationDate ? formatDateKeyBR(expirationKeyFromInstant(new Date(ad.expirationDate))) : null,
  };
}
