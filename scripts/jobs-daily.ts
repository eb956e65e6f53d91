/**
 * `npm run jobs:daily [-- --force]`: the daily housekeeping now (app/models/ad/housekeeping.server.ts)
 * — removes ads awaiting payment, paused or expired for more than 30 days with their photos, e-mails
 * the owners whose ad ends in 3 days, sweeps abandoned wizard drafts, and logs what it did. The server
 * runs the same job by itself at 03:00 (São Paulo); it runs at most once a day unless --force.
 *
 * Reads .env like `npm start`, so it works on the same DATA_DIR (safe beside a running server: SQLite
 * in WAL mode with a busy timeout).
 */
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const { runMigrations } = await import("../app/db/migrate.server");
const { db, sqlite } = await import("../app/db/client.server");
const { runDailyJobOnce } = await import("../app/models/ad/housekeeping.server");

runMigrations(db);
const force = process.argv.includes("--force");
try {
  const report = await runDailyJobOnce(new Date(), { force });
  if (!report) console.log("Nada feito: o trabalho diário já rodou hoje (use -- --force para rodar de novo).");
} finally {
  sqlite.close();
}
