// @ts-check
/**
 * The files that name the server running on a data folder, written by the first process
 * (server/entry.mjs) and removed when it exits:
 *   - DATA_DIR/server.pid, its pid, so `npm run db:restore` refuses to replace the database under it
 *     (scripts/backup.mjs);
 *   - DATA_DIR/server.json, where it listens, `{"pid", "host", "port"}`, once the site listens, so the
 *     operator's commands (`npm run payments:confirm`) find a server started with its own PORT
 *     (`PORT=3400 npm start`, a systemd unit's environment) instead of guessing from their own settings.
 *
 * Node's fs and path only, in plain JavaScript: the first process imports it without loading the app.
 */
import fs from "node:fs";
import path from "node:path";

/** @typedef {{ pid: number; host: string; port: number }} RunningServer */

/** @param {string} dataDir */
export const serverFile = (dataDir) => path.join(dataDir, "server.json");

/** @param {string} dataDir */
export const pidFile = (dataDir) => path.join(dataDir, "server.pid");

/** Written at start-up; removed when the process exits (a kill -9 leaves it, naming a dead process). @param {string} dataDir */
export function writePidFile(dataDir) {
  const file = pidFile(dataDir);
  fs.writeFileSync(file, String(process.pid));
  process.on("exit", () => fs.rmSync(file, { force: true }));
}

/** Written when the server listens; removed when the process exits (a kill -9 leaves it, with a dead pid). @param {string} dataDir @param {RunningServer} server */
export function writeServerFile(dataDir, server) {
  const file = serverFile(dataDir);
  // Removed first: the mode of writeFileSync applies only to a file it creates.
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `${JSON.stringify(server)}\n`, { mode: 0o600 });
  process.on("exit", () => fs.rmSync(file, { force: true }));
}

/** The server running on `dataDir`, or null: no file, an unreadable one, or one left by a process that is gone. @param {string} dataDir @returns {RunningServer | null} */
export function readRunningServer(dataDir) {
  /** @type {{ pid?: unknown; host?: unknown; port?: unknown } | null} */
  let parsed;
  try {
    parsed = JSON.parse(fs.readFileSync(serverFile(dataDir), "utf8"));
  } catch {
    return null;
  }
  const { pid, host, port } = parsed ?? {};
  if (!isPositiveInteger(pid) || typeof host !== "string" || !isPositiveInteger(port)) return null;
  return isAlive(pid) ? { pid, host, port } : null;
}

/** The pid of a server running on this data folder, or null (no file, or a stale one). @param {string} dataDir */
export function runningServerPid(dataDir) {
  let pid;
  try {
    pid = Number(fs.readFileSync(pidFile(dataDir), "utf8").trim());
  } catch {
    return null;
  }
  return isPositiveInteger(pid) && isAlive(pid) ? pid : null;
}

/** @param {unknown} value @returns {value is number} */
function isPositiveInteger(value) {
  return Number.isInteger(value) && /** @type {number} */ (value) > 0;
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return /** @type {NodeJS.ErrnoException} */ (error).code === "EPERM";
  }
}
