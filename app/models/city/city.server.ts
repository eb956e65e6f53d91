import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { keptUntilReferenceChanges } from "~/db/reference-version.server";
import { cities } from "~/db/schema";

function citiesQuery() {
  return db
    .select({ id: cities.id, name: cities.name, state: cities.state })
    .from(cities)
    .orderBy(asc(cities.name), asc(cities.state));
}

// Every public list page asks for this: kept in memory until an admin changes a city.
const allCities = keptUntilReferenceChanges(() => citiesQuery().all());

export function listCities() {
  return allCities();
}
