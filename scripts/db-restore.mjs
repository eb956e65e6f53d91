// `npm run db:restore -- <backup>`: puts a backup back in place of the database. <backup> is a folder
// of DATA_DIR/backups/ (its images missing from DATA_DIR/uploads come back too) or a database file
// from `npm run db:backup -- <file>`. Stop the server first: this refuses while one runs on DATA_DIR.
// The file must pass PRAGMA integrity_check; the current database is kept in DATA_DIR/backups/before-restore-<time>/.
// <backup> may also be s3://<bucket>/backups/<UTC time>, a backup the server copied to BACKUP_S3_BUCKET
// (read with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY).
import { existsSync } from "node:fs";
import { restoreBackup, restoreFromBucket, RestoreError, settingsFromEnv } from "./backup.mjs";

if (existsSync(".env")) process.loadEnvFile(".env");

const source = process.argv[2];
if (!source) {
  console.error("Usage: npm run db:restore -- <backup folder, database file or s3://<bucket>/backups/<UTC time>>");
  process.exit(2);
}
try {
  const settings = settingsFromEnv(process.env);
  if (source.startsWith("s3://")) await restoreFromBucket(settings, source);
  else restoreBackup(settings, source);
} catch (error) {
  if (!(error instanceof RestoreError)) throw error;
  console.error(`Restore refused: ${error.message}`);
  process.exit(1);
}
