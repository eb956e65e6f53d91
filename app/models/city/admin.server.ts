/**
 * The admin's writes on cities (spec 02 §2, §6, §7), shared by /admin/create-city, /admin/edit-city/{id},
 * the delete confirmation and /api/cities. Input is validated by ./city-form.ts.
 *
 * Rules kept here: a city is unique by name and state (case ignored); Patos de Minas/MG, the default
 * city every list starts on, is neither deleted nor renamed; a city ads are in is never deleted (409)
 * — ads point at it and show its name. Checks and writes share one IMMEDIATE transaction. Cities are
 * read from the database on every request, so a change shows at once on every page and worker.
 */
import { and, count, eq, ne, sql } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { ads, cities } from "~/db/schema";
import { sortCities } from "~/models/city/city";
import { CITY_MESSAGES, isDefaultCity, type CityInput } from "~/models/city/city-form";

export type CityRefusal = { ok: false; status: 404 | 409; message: string; field?: "name" | "state" };
export type CityOutcome<T> = { ok: true; value: T } | CityRefusal;

/** Every city with how many ads are in it, and whether it may be deleted. */
export function listCitiesForAdmin() {
  const adCounts = db.select({ idCity: ads.idCity, n: count().as("ad_n") }).from(ads).groupBy(ads.idCity).as("ad_counts");
  const rows = db
    .select({
      id: cities.id,
      name: cities.name,
      state: cities.state,
      adCount: sql<number>`coalesce(${adCounts.n}, 0)`,
    })
    .from(cities)
    .leftJoin(adCounts, eq(adCounts.idCity, cities.id))
    .all();
  return sortCities(rows).map((city) => ({ ...city, isDefault: isDefaultCity(city) }));
}

export function getCity(id: number) {
  return db.select().from(cities).where(eq(cities.id, id)).get() ?? null;
}

function taken(tx: Pick<typeof db, "select">, input: CityInput, exceptId?: number) {
  return Boolean(
    tx
      .select({ id: cities.id })
      .from(cities)
      .where(
        and(
          sql`lower(${cities.name}) = lower(${input.name})`,
          eq(cities.state, input.state),
          exceptId === undefined ? undefined : ne(cities.id, exceptId),
        ),
      )
      .get(),
  );
}

const duplicate: CityRefusal = { ok: false, status: 409, message: CITY_MESSAGES.duplicate, field: "name" };

export function createCity(input: CityInput, now: Date = new Date()): CityOutcome<typeof cities.$inferSelect> {
  return writeTransaction((tx) => {
    if (taken(tx, input)) return duplicate;
    const row = tx.insert(cities).values({ name: input.name, state: input.state, createdAt: now, updatedAt: now }).returning().get();
    return { ok: true as const, value: row };
  });
}

/**
 * Renames a city. Ads copy the city's name and state when written (spec 02 §3), so theirs follow in
 * the same transaction: the lists, which filter by id, and the cards, which show the copy, agree.
 */
export function updateCity(id: number, input: CityInput, now: Date = new Date()): CityOutcome<typeof cities.$inferSelect> {
  return writeTransaction((tx) => {
    const current = tx.select().from(cities).where(eq(cities.id, id)).get();
    if (!current) return { ok: false as const, status: 404 as const, message: CITY_MESSAGES.notFound };
    if (isDefaultCity(current) && !isDefaultCity(input)) return { ok: false as const, status: 409 as const, message: CITY_MESSAGES.defaultNotRenamed };
    if (taken(tx, input, id)) return duplicate;
    const row = tx.update(cities).set({ name: input.name, state: input.state, updatedAt: now }).where(eq(cities.id, id)).returning().get();
    if (current.name !== input.name || current.state !== input.state) {
      tx.update(ads).set({ city: input.name, state: input.state }).where(eq(ads.idCity, id)).run();
    }
    return { ok: true as const, value: row! };
  });
}

export function deleteCity(id: number): CityOutcome<{ id: number; name: string; state: string }> {
  return writeTransaction((tx) => {
    const current = tx.select().from(cities).where(eq(cities.id, id)).get();
    if (!current) return { ok: false as const, status: 404 as const, message: CITY_MESSAGES.notFound };
    if (isDefaultCity(current)) return { ok: false as const, status: 409 as const, message: CITY_MESSAGES.defaultNotDeletable };
    const used = tx.select({ n: count() }).from(ads).where(eq(ads.idCity, id)).get()?.n ?? 0;
    if (used > 0) {
      return {
        ok: false as const,
        status: 409 as const,
        message: `Não é possível excluir ${current.name} - ${current.state}: ${used} ${used === 1 ? "anúncio está" : "anúncios estão"} nesta cidade.`,
      };
    }
    tx.delete(cities).where(eq(cities.id, id)).run();
    return { ok: true as const, value: { id, name: current.name, state: current.state } };
  });
}
