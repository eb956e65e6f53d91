/**
 * A day as people read it, "22/11/2026" in São Paulo, and nothing else: the ad cards need only this,
 * and importing it alone keeps the rest of lib/dates.ts out of the list pages' JavaScript.
 * lib/dates.ts re-exports it.
 */

const dayFormatter = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo", day: "2-digit", month: "2-digit", year: "numeric" });

/** "22/11/2026", in São Paulo. */
export function formatDateBR(date: Date): string {
  return dayFormatter.format(date);
}
