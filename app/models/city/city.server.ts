import { asc } from "drizzle-orm";
import { db } from "~/db/client.server";
import { cities } from "~/db/schema";

export function listCities() {
  return db
    .select({ id: cities.id, name: cities.name, state: cities.state })
    .from(cities)
    .orderBy(asc(cities.name), asc(cities.state))
    .all();
}
