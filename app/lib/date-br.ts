/**
 * A day as people read it, "22/11/2026" in São Paulo, and nothing else: the ad cards need only this,
 * and importing it alone keeps the rest of lib/dates.ts out of the list pages' JavaScript.
 * lib/dates.ts re-exports it.
 */

// Built on first use: a DateTimeFormat with a time zone loads the zone's rules (costly in a phone's
// browser), and the list pages import this module without formatting a date while they start.
let dayFormatter: Intl.DateTimeFormat | undefined;

/** "22/11/2026", in São Paulo. */
export function formatDateBR(date: Date): string {
  dayFormatter ??= new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" });
  return dayFormatter.format(date);
}
