// `npm run db:restore -- <backup>`: puts a backup back in place of the database. <backup> is a folder
// of DATA_DIR/backups/ (its images missing from DATA_DIR/uploads come back too), `latest` (the newest
// of them), or a database file from `npm run db:backup -- <file>`. Stop the server first: this refuses
// while one runs on DATA_DIR. The file must pass PRAGMA integrity_check; the current database is kept
// in DATA_DIR/before-restore/<time>/.
// <backup> may also be s3://<bucket>/backups/<UTC time>, a backup the server copied to BACKUP_S3_BUCKET
// (read with S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY).
// `npm run db:restore -- --from-replica [--at <ISO time>] [--force]`: from DB_REPLICA_URL instead, into an empty DATA_DIR.
import { existsSync } from "node:fs";
import path from "node:path";
import { backupsDir, newestBackup, settingsFromEnv } from "./backup.mjs";
import { restoreBackup, restoreFromBucket, RestoreError } from "./restore.mjs";

if (existsSync(".env")) process.loadEnvFile(".env");
// What it writes is the service's user's alone, as the service's UMask=0077 makes its own files.
process.umask(0o077);

// --from-replica [--at <ISO time>] [--force]: from DB_REPLICA_URL, the continuous replica (scripts/replica-restore.mjs).
if (process.argv.includes("--from-replica")) process.exit(await (await import("./replica-restore.mjs")).replicaRestoreCommand(process.argv.slice(2), process.env));
const source = process.argv[2];
if (!source) {
  console.error("Usage: npm run db:restore -- <backup folder, latest, database file or s3://<bucket>/backups/<UTC time>>");
  process.exit(2);
}
try {
  const settings = settingsFromEnv(process.env);
  if (source.startsWith("s3://")) await restoreFromBucket(settings, source);
  else restoreBackup(settings, source === "latest" ? latestFolder(settings.dataDir) : source);
} catch (error) {
  if (!(error instanceof RestoreError)) throw error;
  console.error(`Restore refused: ${error.message}`);
  process.exit(1);
}

/** @param {string} dataDir */
function latestFolder(dataDir) {
  const newest = newestBackup(dataDir);
  if (!newest) throw new RestoreError(`there is no backup in ${backupsDir(dataDir)}`);
  return path.join(backupsDir(dataDir), newest);
}
