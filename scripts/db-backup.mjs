// `npm run db:backup -- <file>`: a consistent copy of the live database through SQLite's online
// backup API, safe while the server is running (WAL readers and the writer are not blocked).
import { existsSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

if (existsSync(".env")) process.loadEnvFile(".env");

const target = process.argv[2];
if (!target) {
  console.error("Usage: npm run db:backup -- <destination file>");
  process.exit(2);
}
const dataDir = process.env.DATA_DIR || "./data";
const source = process.env.DATABASE_URL?.startsWith("file:")
  ? process.env.DATABASE_URL.slice("file:".length)
  : path.join(dataDir, "app.db");
if (!existsSync(source)) {
  console.error(`No database at ${path.resolve(source)}`);
  process.exit(1);
}

const db = new Database(source, { readonly: true, fileMustExist: true });
const started = Date.now();
await db.backup(target);
db.close();
console.log(`Backup of ${path.resolve(source)} written to ${path.resolve(target)} in ${Date.now() - started} ms`);
