// `npm run db:backup`: a backup now, the same one the server takes every hour (database, image
// snapshot, bucket copy, retention) into DATA_DIR/backups/<UTC time>/ — see scripts/backup.mjs. It
// exits 1 when any copy fails, the bucket's included (the local backup then stands), and the run and
// its upload are counted in the server's /metrics like the hourly ones (scripts/backup-tally.mjs).
// `npm run db:backup -- <file>`: only a consistent copy of the database, written to <file>.
// Both are safe while the server is running (SQLite's online backup API).
import { existsSync } from "node:fs";
import path from "node:path";
import { backupDatabase, runBackup, settingsFromEnv } from "./backup.mjs";

if (existsSync(".env")) process.loadEnvFile(".env");
// What it writes is the service's user's alone, as the service's UMask=0077 makes its own files.
process.umask(0o077);

const settings = settingsFromEnv(process.env);
// The server refuses to start so (app/env.server.ts); this script must not quietly keep the backup on the same disk either.
if (process.env.BACKUP_S3_BUCKET && !settings.s3) {
  console.error("Backup refused: BACKUP_S3_BUCKET is set, but S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not all set.");
  process.exit(1);
}
const target = process.argv[2];
try {
  if (target) {
    const started = Date.now();
    const bytes = await backupDatabase(settings.databasePath, path.resolve(target));
    console.log(`Backup of ${settings.databasePath} written to ${path.resolve(target)} (${bytes} bytes) in ${Date.now() - started} ms`);
  } else {
    const { upload } = await runBackup(settings);
    if (upload === "failed") {
      console.error("Backup failed: it was taken in DATA_DIR/backups, but its copy to the bucket failed (the line above says why).");
      process.exit(1);
    }
  }
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
