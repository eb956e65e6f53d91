/** Cities, the browser-safe half: the default city and how a list picks the city it shows. */

/** The city every list starts on when the visitor has not chosen one (spec 01 §9). */
export const DEFAULT_CITY = { name: "Patos de Minas", state: "MG" } as const;

export function findDefaultCity<T extends { name: string; state: string }>(list: T[]): T | undefined {
  return list.find((city) => city.name === DEFAULT_CITY.name && city.state === DEFAULT_CITY.state);
}

/** The city asked for when it exists, else Patos de Minas, else the first one (an empty list gives undefined). */
export function chooseCity<T extends { id: number; name: string; state: string }>(list: T[], requestedId?: number): T | undefined {
  return list.find((city) => city.id === requestedId) ?? findDefaultCity(list) ?? list[0];
}

// Built once: a collator is costly to build and cheap to use.
const cityCollator = new Intl.Collator("pt-BR");

/**
 * The order of every city list (selects, the admin list, /api/cities): pt-BR collation, so accents
 * and case do not push a name out of its place ("São Gonçalo do Abaeté" before "Serra do Salitre").
 * SQLite's ORDER BY compares bytes, which puts "Serra" before "São" (ã sorts after every plain letter).
 */
export function compareCities(a: { name: string; state: string }, b: { name: string; state: string }): number {
  return cityCollator.compare(a.name, b.name) || cityCollator.compare(a.state, b.state);
}

/** A sorted copy of the list, in compareCities' order. */
export function sortCities<T extends { name: string; state: string }>(list: readonly T[]): T[] {
  return [...list].sort(compareCities);
}
