// @ts-check
/**
 * Continuous replication (ADR 035): with DB_REPLICA_URL the first process (server/entry.mjs) checks
 * that it can write there, then runs and supervises Litestream (`litestream replicate`, the binary of
 * @flydotio/litestream) on the database, and ships the files a restore needs (server/replica-files.mjs).
 *
 *   - Litestream ships the WAL every SYNC_INTERVAL (1 s, set explicitly: it bounds what a lost disk
 *     loses), a fresh snapshot every SNAPSHOT_INTERVAL (a restore replays at most that much WAL), and
 *     keeps RETENTION of history for a restore to a moment (`--at`).
 *   - It is restarted when it dies, after 1 s, then longer waits up to a minute while it keeps dying
 *     (a bucket down); a run of a minute resets the wait. On shutdown it gets SIGTERM, which makes it
 *     ship what is pending before it exits (the workers have closed the database by then).
 *   - /metrics (this process's registry, server/cluster-metrics.mjs): the lag — how long the oldest
 *     write not yet shipped has waited, 0 when the replica has everything — read from the WAL's time
 *     against Litestream's "wal segment written" lines; the last error (its time, and its message as a
 *     label); restarts; files not shipped at the last pass.
 *
 * Checkpoints are Litestream's (ADR 035): the app turns SQLite's automatic checkpoint off when a
 * replica is set (app/db/client.server.ts) and never asks for a TRUNCATE or RESTART one.
 *
 * Plain JavaScript, Node and prom-client: the first process never loads the app.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { clearInterval, setInterval } from "node:timers";
import { Counter, Gauge } from "prom-client";
import { parseReplicaUrl } from "../app/services/replica-url.mjs";
import { createFileShipper, fileStore } from "./replica-files.mjs";

/** @typedef {import("./replica-files.mjs").ReplicaSettings} ReplicaSettings */

export const SYNC_INTERVAL = "1s";
export const SNAPSHOT_INTERVAL = "1h";
export const RETENTION = "24h";
/** Waits before restarting a Litestream that died, longer each time it dies again soon. */
const RESTART_WAITS_MS = [1_000, 2_000, 5_000, 10_000, 30_000, 60_000];
/** A run this long counts as healthy: the next death waits the shortest time again. */
const HEALTHY_RUN_MS = 60_000;
/** SIGTERM lets Litestream ship what is pending; past this it is killed. */
const STOP_TIMEOUT_MS = 15_000;
/** Litestream's routine lines, one a second under load: counted, not printed. */
const QUIET = new Set(["write wal segment", "wal segment written", "write snapshot"]);

/** The Litestream binary @flydotio/litestream installs for this machine (linux-x64 and linux-arm64). */
export function litestreamBinary() {
  const name = `@flydotio/litestream-${process.platform}-${process.arch}`;
  try {
    return path.join(path.dirname(createRequire(import.meta.url).resolve(`${name}/package.json`)), "litestream");
  } catch {
    throw new Error(`Litestream's binary for ${process.platform}-${process.arch} (${name}) is not installed: npm install brings it on linux-x64 and linux-arm64`);
  }
}

/**
 * Litestream's configuration for the database at `databasePath` (the live one, or the one a restore
 * names: the replica is found by its settings, not by the path). JSON, which is YAML too.
 * The keys stay out of it: Litestream reads them from its environment (litestreamEnv).
 * @param {ReplicaSettings} settings @param {string} [databasePath]
 */
export function litestreamConfig(settings, databasePath = settings.databasePath) {
  const address = parseReplicaUrl(settings.url);
  if (typeof address === "string") throw new Error(`DB_REPLICA_URL ${address}`);
  const timing = { "sync-interval": SYNC_INTERVAL, "snapshot-interval": SNAPSHOT_INTERVAL, retention: RETENTION };
  const replica =
    address.kind === "file"
      ? { type: "file", path: path.join(address.dir, "db"), ...timing }
      : {
          type: "s3",
          bucket: address.bucket,
          path: `${address.prefix}/db`,
          endpoint: settings.s3?.endpoint,
          region: settings.s3?.region,
          "force-path-style": true,
          ...timing,
        };
  return { dbs: [{ path: databasePath, replicas: [replica] }] };
}

/** Writes the configuration into `folder` (private: it names the bucket and its endpoint). @param {ReplicaSettings} settings @param {string} folder @param {string} [databasePath] */
export function writeLitestreamConfig(settings, folder, databasePath) {
  const file = path.join(folder, "litestream.yml");
  fs.writeFileSync(file, JSON.stringify(litestreamConfig(settings, databasePath), null, 2), { mode: 0o600 });
  return file;
}

/** Litestream's environment: the S3 keys, and nothing else of ours. @param {ReplicaSettings} settings */
export function litestreamEnv(settings) {
  /** @type {Record<string, string>} */
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir() };
  if (settings.s3) {
    env.LITESTREAM_ACCESS_KEY_ID = settings.s3.accessKeyId;
    env.LITESTREAM_SECRET_ACCESS_KEY = settings.s3.secretAccessKey;
  }
  // @types/node's ProcessEnv requires NODE_ENV, which Litestream has no use for.
  return /** @type {NodeJS.ProcessEnv} */ (/** @type {unknown} */ (env));
}

/**
 * Writes and removes a probe where the replica goes: start-up stops, naming the address, when it
 * cannot (a read-only mount, a wrong key, a missing bucket).
 * @param {ReplicaSettings} settings
 */
export async function probeReplica(settings) {
  const name = `.probe-${os.hostname()}-${process.pid}`;
  const local = path.join(os.tmpdir(), name);
  try {
    const store = fileStore(settings);
    fs.writeFileSync(local, new Date().toISOString());
    await store.put(name, local);
    await store.remove(name);
  } catch (error) {
    throw new Error(`DB_REPLICA_URL=${settings.url} cannot be written: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    fs.rmSync(local, { force: true });
  }
}

/** @param {string} dataDir */
const pidFileOf = (dataDir) => path.join(dataDir, "litestream.pid");

/**
 * A Litestream left running by a first process that was killed (SIGKILL to it alone): two on one
 * database would write the same generation, so the old one is stopped first.
 * @param {string} dataDir
 */
async function stopLeftover(dataDir) {
  const pid = Number(fs.existsSync(pidFileOf(dataDir)) ? fs.readFileSync(pidFileOf(dataDir), "utf8") : 0);
  if (!pid) return;
  let command = "";
  try {
    command = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
  } catch {
    return;
  }
  if (!command.includes("litestream")) return;
  console.log(`[replica] stopping Litestream ${pid}, left running by an earlier start`);
  process.kill(pid, "SIGTERM");
  for (let waited = 0; waited < STOP_TIMEOUT_MS && fs.existsSync(`/proc/${pid}`); waited += 100) await new Promise((resolve) => setTimeout(resolve, 100));
}

/**
 * Checks the address, then starts Litestream and the file shipper, with their metrics in `registry`.
 * Throws (start-up stops) when the replica cannot be written.
 * @param {ReplicaSettings} settings @param {import("prom-client").Registry} registry
 * @param {{ binary?: string; restartWaitsMs?: number[]; filesEveryMs?: number }} [options]
 */
export async function startReplicator(settings, registry, { binary = litestreamBinary(), restartWaitsMs = RESTART_WAITS_MS, filesEveryMs } = {}) {
  await probeReplica(settings);
  await stopLeftover(settings.dataDir);
  const config = writeLitestreamConfig(settings, settings.dataDir);
  const walFile = `${settings.databasePath}-wal`;
  const registers = [registry];

  /** @type {import("node:child_process").ChildProcess | null} */
  let child = null;
  let stopping = false;
  let failures = 0;
  /** @type {NodeJS.Timeout | null} */
  let restartTimer = null;
  /** When the replica last had everything: Litestream's start or its last shipped segment. */
  let shippedAt = Date.now();
  /** When a write was first seen that is not shipped yet; null when there is none. */
  let pendingSince = /** @type {number | null} */ (null);

  const restarts = new Counter({ name: "classificados_replica_restarts_total", help: "Litestream restarts after it died", registers });
  const errors = new Counter({ name: "classificados_replica_errors_total", help: "Errors Litestream reported (each a line of its log)", registers });
  const lastError = new Gauge({ name: "classificados_replica_last_error", help: "Unix time of Litestream's last error, with its message", labelNames: ["message"], registers });
  const filesFailed = new Gauge({ name: "classificados_replica_files_failed", help: "Files (photos, secrets, access log) the last pass could not ship; retried at the next", registers });
  new Gauge({
    name: "classificados_replica_lag_seconds",
    help: "How long the oldest write not yet in the replica has waited (0: the replica has every write)",
    registers,
    collect() {
      this.set(pendingSince === null ? 0 : (Date.now() - pendingSince) / 1000);
    },
  });
  new Gauge({
    name: "classificados_replica_running",
    help: "1 while Litestream runs",
    registers,
    collect() {
      this.set(child && child.exitCode === null && child.signalCode === null ? 1 : 0);
    },
  });

  /** @param {string} message */
  const noteError = (message) => {
    errors.inc();
    lastError.reset();
    lastError.set({ message: message.slice(0, 300) }, Date.now() / 1000);
  };

  // The WAL's time says when the app last wrote; a write after the last shipped segment is pending.
  const watch = setInterval(() => {
    try {
      if (pendingSince === null && fs.statSync(walFile).mtimeMs > shippedAt) pendingSince = Date.now();
    } catch {
      // No WAL yet.
    }
  }, 1_000);
  watch.unref();

  /** @param {string} line */
  const onLine = (line) => {
    const level = /level=(\w+)/.exec(line)?.[1] ?? "INFO";
    const message = /msg="([^"]*)"|msg=(\S+)/.exec(line);
    const text = message?.[1] ?? message?.[2] ?? line;
    if (text === "wal segment written" || text === "snapshot written") {
      shippedAt = Date.now();
      pendingSince = null;
    }
    if (level === "ERROR") {
      const cause = / error="((?:[^"\\]|\\.)*)"/.exec(line)?.[1];
      noteError(cause ? `${text}: ${cause}` : text);
    }
    if (QUIET.has(text)) return;
    (level === "ERROR" || level === "WARN" ? console.error : console.log)(`[replica] ${line.replace(/^time=\S+ /, "")}`);
  };

  const run = () => {
    restartTimer = null;
    const startedAt = Date.now();
    const spawned = spawn(binary, ["replicate", "-config", config], { env: litestreamEnv(settings), stdio: ["ignore", "pipe", "pipe"] });
    child = spawned;
    if (spawned.pid) fs.writeFileSync(pidFileOf(settings.dataDir), String(spawned.pid));
    for (const stream of [spawned.stdout, spawned.stderr]) readline.createInterface({ input: stream }).on("line", onLine);
    spawned.on("error", (error) => console.error(`[replica] Litestream could not start: ${error.message}`));
    spawned.on("exit", (code, signal) => {
      if (stopping) return;
      failures = Date.now() - startedAt >= HEALTHY_RUN_MS ? 0 : failures + 1;
      const wait = restartWaitsMs[Math.min(failures, restartWaitsMs.length - 1)] ?? 1_000;
      noteError(`Litestream exited (${signal ?? code})`);
      console.error(`[replica] Litestream exited (${signal ?? code}); restarting it in ${wait / 1000}s`);
      restarts.inc();
      restartTimer = setTimeout(run, wait);
    });
  };
  run();

  const files = createFileShipper(settings, {
    everyMs: filesEveryMs,
    onPass: (pass) => {
      filesFailed.set(pass.failed);
      if (pass.error) noteError(`files: ${pass.error}`);
    },
  });
  files.start();
  console.log(`[replica] replicating ${settings.databasePath} and the data folder's files to ${settings.url}`);

  return {
    /** Litestream's pid (tests kill it to see it restarted). */
    pid: () => child?.pid ?? null,
    /** Ships what is pending and stops: the files' last pass and Litestream's last sync. */
    async stop() {
      stopping = true;
      clearInterval(watch);
      if (restartTimer) clearTimeout(restartTimer);
      const running = child && child.exitCode === null && child.signalCode === null ? child : null;
      const exited = running ? new Promise((resolve) => running.once("exit", resolve)) : Promise.resolve();
      running?.kill("SIGTERM");
      const killer = setTimeout(() => running?.kill("SIGKILL"), STOP_TIMEOUT_MS);
      await Promise.all([exited, files.stop()]);
      clearTimeout(killer);
      fs.rmSync(pidFileOf(settings.dataDir), { force: true });
    },
  };
}
