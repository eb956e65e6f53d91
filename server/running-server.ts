/**
 * DATA_DIR/server.json: where the server running on a data folder listens, `{"pid", "host", "port"}`.
 * The first process writes it once the site is listening and removes it on exit (server/primary.ts),
 * so the operator's commands (`npm run payments:confirm`) find a server started with its own PORT
 * (`PORT=3400 npm start`, a systemd unit's environment) instead of guessing from their own settings.
 *
 * Node's fs and path only: the commands import it without loading the app (or opening the database).
 */
import fs from "node:fs";
import path from "node:path";

export type RunningServer = { pid: number; host: string; port: number };

export const serverFile = (dataDir: string) => path.join(dataDir, "server.json");

/** Written when the server listens; removed when the process exits (a kill -9 leaves it, with a dead pid). */
export function writeServerFile(dataDir: string, server: RunningServer) {
  const file = serverFile(dataDir);
  // Removed first: the mode of writeFileSync applies only to a file it creates.
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `${JSON.stringify(server)}\n`, { mode: 0o600 });
  process.on("exit", () => fs.rmSync(file, { force: true }));
}

/** The server running on `dataDir`, or null: no file, an unreadable one, or one left by a process that is gone. */
export function readRunningServer(dataDir: string): RunningServer | null {
  let parsed: { pid?: unknown; host?: unknown; port?: unknown } | null;
  try {
    parsed = JSON.parse(fs.readFileSync(serverFile(dataDir), "utf8")) as typeof parsed;
  } catch {
    return null;
  }
  const { pid, host, port } = parsed ?? {};
  if (!isPositiveInteger(pid) || typeof host !== "string" || !isPositiveInteger(port)) return null;
  return isAlive(pid) ? { pid, host, port } : null;
}

function isPositiveInteger(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) > 0;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0); // signal 0: only asks whether the process exists
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
