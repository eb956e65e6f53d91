/**
 * The whole data model (spec 02 §3 plus what sign-in needs), split by job: the base tables in
 * base-schema.ts, the payment tables in payment-schema.ts, the growth tables (favourites, saved
 * searches) in growth-schema.ts. The last two import the first; everyone imports every table from
 * here, and drizzle-kit reads this file (drizzle.config.ts).
 *
 * Conventions, so nobody has to guess:
 * - Column names are snake_case in SQLite (the client uses `casing: "snake_case"`), camelCase here.
 * - Money is integer cents (`priceCents`, `amountCents`); `null` price means "A combinar".
 * - Every timestamp is a UTC instant stored as integer milliseconds.
 * - An ad's `expirationDate` is the first instant after its last São Paulo day (see app/lib/dates.ts).
 */
export * from "./base-schema";
export * from "./growth-schema";
export * from "./payment-schema";
export * from "./message-schema";
