import { db } from "~/db/client.server";
import { keptUntilReferenceChanges } from "~/db/reference-version.server";
import { cities } from "~/db/schema";
import { sortCities } from "~/models/city/city";

function citiesQuery() {
  return db
    .select({ id: cities.id, name: cities.name, state: cities.state })
    .from(cities);
}

// Every public list page asks for this: kept in memory until an admin changes a city.
const allCities = keptUntilReferenceChanges(() => sortCities(citiesQuery().all()));

export function listCities() {
  return allCities();
}
