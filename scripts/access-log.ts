/**
 * `npm run access-log -- --ip <address> [--user <id>] [--from YYYY-MM-DD] [--to YYYY-MM-DD]`: prints
 * the access log's lines (DATA_DIR/access-log, ADR 022) for one client address — what a court order
 * asks for (Marco Civil art. 10 §1, art. 15) — optionally only one user's and only between two UTC days
 * (inclusive). --user alone works too. The lines go to stdout as written (JSON lines, for a file to
 * hand over); the count goes to stderr. Lines still in a running server's buffers arrive within seconds.
 *
 * Reads .env like `npm start`, so it reads the same DATA_DIR.
 */
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";

if (existsSync(".env")) process.loadEnvFile(".env");

const USAGE = "usage: npm run access-log -- --ip <address> [--user <id>] [--from YYYY-MM-DD] [--to YYYY-MM-DD]";
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

let values: { ip?: string; user?: string; from?: string; to?: string };
try {
  ({ values } = parseArgs({ options: { ip: { type: "string" }, user: { type: "string" }, from: { type: "string" }, to: { type: "string" } } }));
} catch (error) {
  fail((error as Error).message);
}
if (!values.ip && !values.user) fail("Give --ip (and/or --user).");
if (values.user !== undefined && !/^\d+$/.test(values.user)) fail(`--user must be a user id (a number), got "${values.user}".`);
for (const key of ["from", "to"] as const) {
  const day = values[key];
  if (day !== undefined && (!DAY.test(day) || Number.isNaN(Date.parse(`${day}T00:00:00Z`)))) fail(`--${key} must be a UTC day as YYYY-MM-DD, got "${day}".`);
}
if (values.from && values.to && values.from > values.to) fail("--from is after --to.");

const { getEnv } = await import("../app/env.server");
const { searchAccessLog } = await import("../app/services/access-log-store.server");

let count = 0;
for await (const line of searchAccessLog(getEnv().DATA_DIR, {
  ip: values.ip,
  userId: values.user === undefined ? undefined : Number(values.user),
  from: values.from,
  to: values.to,
})) {
  process.stdout.write(`${line}\n`);
  count++;
}
console.error(`${count} line(s).`);
