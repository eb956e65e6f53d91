/**
 * A number as people read it in pt-BR, the same on the ad page, in the API and in the offline
 * description: "148000" → "148.000", 1234.5 → "1.234,5".
 */

// Built once, on first use: a NumberFormat is costly to build (a browser's first pt-BR one loads the
// locale's data, tens of milliseconds on a phone) and cheap to use, and the wizard's and the dashboard's
// scripts import this module without always needing it. "min2" groups from five digits on ("148.000"),
// leaving four-digit numbers plain: an "Ano" of 2015 must not read "2.015".
let numberDisplay: Intl.NumberFormat | undefined;

export function formatDisplayNumber(value: number): string {
  numberDisplay ??= new Intl.NumberFormat("pt-BR", { useGrouping: "min2", maximumFractionDigits: 6 });
  return numberDisplay.format(value);
}
