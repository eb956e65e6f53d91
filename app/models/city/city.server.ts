import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cities } from "~/db/schema";

function citiesQuery() {
  return db
    .select({ id: cities.id, name: cities.name, state: cities.state })
    .from(cities)
    .orderBy(asc(cities.name), asc(cities.state));
}

// Every public list page asks for this: the SQL is built once, on first use.
let allCities: ReturnType<ReturnType<typeof citiesQuery>["prepare"]> | undefined;

export function listCities() {
  allCities ??= citiesQuery().prepare();
  return allCities.all();
}
