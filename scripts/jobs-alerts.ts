/**
 * `npm run jobs:alerts`: the saved searches' e-mail alerts now (app/models/saved-search/alerts.server.ts)
 * — each search not yet e-mailed today (São Paulo) gets the ads published since its last e-mail that
 * match it — and the price-drop e-mails still owed (app/models/favourite/price-drop-mail.server.ts). The server runs the same job by itself every hour; running it again the same day sends
 * nothing twice.
 *
 * Reads .env like `npm start`, so it works on the same DATA_DIR (safe beside a running server: SQLite
 * in WAL mode with a busy timeout).
 */
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const { runMigrations } = await import("../app/db/migrate.server");
const { db, sqlite } = await import("../app/db/client.server");
const { runAlertsJob } = await import("../app/models/saved-search/alerts.server");
const { sendPriceDropMails } = await import("../app/models/favourite/price-drop-mail.server");

runMigrations(db);
try {
  const report = await runAlertsJob();
  console.log(`Buscas salvas a verificar: ${report.due}; e-mails enviados: ${report.mailed}; falhas: ${report.failed}.`);
  const drops = await sendPriceDropMails();
  console.log(`Avisos de queda de preço enviados: ${drops.mailed}; falhas: ${drops.failed}.`);
  if (report.failed || drops.failed) process.exitCode = 1;
} finally {
  sqlite.close();
}
