/** Column helpers shared by the schema modules (schema.ts, payment-schema.ts). */
import { sql } from "drizzle-orm";
import { integer } from "drizzle-orm/sqlite-core";

/** A creation instant (UTC milliseconds), set by SQLite when the row is written. */
export const createdAt = () =>
  integer({ mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch('subsec') * 1000)`);
