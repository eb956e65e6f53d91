import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cities, states } from "~/db/schema";

/** The city every list starts on when the visitor has not chosen one (spec 01 §9). */
export const DEFAULT_CITY = { name: "Patos de Minas", state: "MG" } as const;

export function listCities() {
  return db
    .select({ id: cities.id, name: cities.name, state: cities.state })
    .from(cities)
    .orderBy(asc(cities.name), asc(cities.state))
    .all();
}

export function findDefaultCity<T extends { name: string; state: string }>(list: T[]): T | undefined {
  return list.find((city) => city.name === DEFAULT_CITY.name && city.state === DEFAULT_CITY.state);
}

export function listStates() {
  return db.select().from(states).orderBy(asc(states.code)).all();
}
