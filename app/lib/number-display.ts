/**
 * A number as people read it in pt-BR, the same on the ad page, in the API and in the offline
 * description: "148000" → "148.000", 1234.5 → "1.234,5".
 */

// Built once: a NumberFormat is costly to build and cheap to use. "min2" groups from five digits on
// ("148.000"), leaving four-digit numbers plain: an "Ano" of 2015 must not read "2.015".
const numberDisplay = new Intl.NumberFormat("pt-BR", { useGrouping: "min2", maximumFractionDigits: 6 });

export function formatDisplayNumber(value: number): string {
  return numberDisplay.format(value);
}
