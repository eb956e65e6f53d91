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
