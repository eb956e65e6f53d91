// @ts-check
/**
 * The files a restore needs beside the database (ADR 035), shipped to DB_REPLICA_URL's files/ by the
 * first process: the photos on disk (DATA_DIR/uploads without the variant cache, which sharp remakes),
 * the generated SESSION_SECRET and webhook token (a restore without them signs everyone out and breaks
 * the payment confirmations) and the access log's days (the law's six months).
 *
 * The outbox is the difference between the data folder and a manifest of what was shipped
 * (DATA_DIR/replica-files.json): every FILES_EVERY_MS a pass walks those files and sends what is new
 * or changed, and a new photo in uploads/originals starts a pass at once (fs.watch); what fails stays
 * different and is sent by the next pass. So the upload code knows nothing about the replica, a photo
 * reaches it within about a second of being stored, and a crash loses no entry of the outbox. Today's access-log file grows with every request: it goes at most every
 * ACCESS_LOG_EVERY_MS. A file removed here (an ad's photos after it is deleted, an access-log day past
 * its retention) is removed from the replica after RETENTION_MS, the window in which the database can
 * be restored to an earlier moment that still names it.
 *
 * Plain JavaScript (Node and the backups' S3 client): the first process and the restore import it.
 */
import fs from "node:fs";
import path from "node:path";
import { deleteObject, getFile, listBucket, putFile } from "../scripts/backup-s3.mjs";
import { parseReplicaUrl } from "../app/services/replica-url.mjs";

/**
 * @typedef {{ endpoint: string; region: string; accessKeyId: string; secretAccessKey: string }} S3Keys
 * @typedef {{ url: string; dataDir: string; databasePath: string; s3?: S3Keys }} ReplicaSettings
 * @typedef {{ size: number; mtimeMs: number; shippedAt: number; goneAt?: number }} Shipped
 * @typedef {{
 *   where: string;
 *   put(relative: string, file: string): Promise<void>;
 *   get(relative: string, file: string): Promise<void>;
 *   list(): Promise<string[]>;
 *   remove(relative: string): Promise<void>;
 * }} FileStore
 */

export const FILES_EVERY_MS = 15_000;
export const ACCESS_LOG_EVERY_MS = 5 * 60_000;
/** A new photo waits this long for the others of its upload (up to five), then they go together. */
const WATCH_DELAY_MS = 200;
/** Litestream keeps this much history too (server/replicator.mjs): a restore to any moment in it finds its photos. */
export const RETENTION_MS = 24 * 60 * 60_000;
const PARALLEL = 8;
const MANIFEST = "replica-files.json";
/** Top-level files of DATA_DIR that a restored site needs (app/env.server.ts, models/payment/gateway.server.ts). */
const SECRETS = ["session-secret", "webhook-token"];

/** @param {ReplicaSettings} settings */
function s3Of(settings) {
  const address = parseReplicaUrl(settings.url);
  if (typeof address === "string") throw new Error(`DB_REPLICA_URL ${address}`);
  if (address.kind === "file") return { address, s3: null };
  if (!settings.s3) throw new Error("DB_REPLICA_URL is an s3:// address but S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not all set");
  return { address, s3: { ...settings.s3, bucket: address.bucket } };
}

/** The replica's files/ folder or prefix. @param {ReplicaSettings} settings @returns {FileStore} */
export function fileStore(settings) {
  const { address, s3 } = s3Of(settings);
  if (address.kind === "file") {
    const root = path.join(address.dir, "files");
    const at = (/** @type {string} */ relative) => path.join(root, ...relative.split("/"));
    return {
      where: root,
      async put(relative, file) {
        // Written aside and renamed: a reader (a restore) never sees half a file.
        const target = at(relative);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.copyFileSync(file, `${target}.partial`);
        fs.renameSync(`${target}.partial`, target);
      },
      async get(relative, file) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.copyFileSync(at(relative), file);
      },
      async list() {
        return walk(root).filter((name) => !name.endsWith(".partial"));
      },
      async remove(relative) {
        fs.rmSync(at(relative), { force: true });
      },
    };
  }
  const bucket = /** @type {NonNullable<typeof s3>} */ (s3);
  const prefix = `${/** @type {{ prefix: string }} */ (address).prefix}/files/`;
  return {
    where: `s3://${bucket.bucket}/${prefix}`,
    put: async (relative, file) => void (await putFile(bucket, prefix + relative, file)),
    get: (relative, file) => getFile(bucket, prefix + relative, file),
    list: async () => (await listBucket(bucket, prefix)).keys.map((key) => key.slice(prefix.length)),
    remove: (relative) => deleteObject(bucket, prefix + relative),
  };
}

/** Files under `folder` as "/"-separated paths relative to it. @param {string} folder @returns {string[]} */
function walk(folder, prefix = "") {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory()) return walk(path.join(folder, entry.name), `${prefix}${entry.name}/`);
    return entry.isFile() ? [`${prefix}${entry.name}`] : [];
  });
}

/** Whether a relative path of DATA_DIR is one the replica keeps. @param {string} relative */
export function isReplicatedFile(relative) {
  if (SECRETS.includes(relative)) return true;
  if (relative.startsWith("uploads/")) return !relative.startsWith("uploads/variants/");
  return /^access-log\/\d{4}-\d{2}-\d{2}\.jsonl$/.test(relative);
}

/** The files of DATA_DIR the replica keeps, with their size and time. @param {string} dataDir */
export function localFiles(dataDir) {
  /** @type {Map<string, { size: number; mtimeMs: number }>} */
  const files = new Map();
  const candidates = [...SECRETS, ...walk(path.join(dataDir, "uploads"), "uploads/"), ...walk(path.join(dataDir, "access-log"), "access-log/")];
  for (const relative of candidates) {
    if (!isReplicatedFile(relative)) continue;
    try {
      const stat = fs.statSync(path.join(dataDir, ...relative.split("/")));
      files.set(relative, { size: stat.size, mtimeMs: stat.mtimeMs });
    } catch {
      // Not there (a secret never generated) or gone since the walk.
    }
  }
  return files;
}

/** @param {string} dataDir @param {string} url @returns {Record<string, Shipped>} */
function readManifest(dataDir, url) {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(dataDir, MANIFEST), "utf8"));
    // Another replica address: nothing of it is there yet.
    return manifest.url === url ? manifest.files : {};
  } catch {
    return {};
  }
}

/** @param {string} dataDir @param {string} url @param {Record<string, Shipped>} files */
export function writeManifest(dataDir, url, files) {
  const file = path.join(dataDir, MANIFEST);
  fs.writeFileSync(`${file}.partial`, JSON.stringify({ url, files }), { mode: 0o600 });
  fs.renameSync(`${file}.partial`, file);
}

/** Runs `work` over `items`, PARALLEL at a time. @template T @param {T[]} items @param {(item: T) => Promise<void>} work */
export async function inParallel(items, work) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(/** @type {T} */ (items[next++]));
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, items.length) }, worker));
}

/**
 * The shipper the first process runs: a pass every FILES_EVERY_MS (and one last pass on stop).
 * `onPass` hears each pass's outcome (for /metrics).
 * @param {ReplicaSettings} settings
 * @param {{ everyMs?: number; onPass?: (result: { sent: number; removed: number; failed: number; error: string | null }) => void; now?: () => number }} [options]
 */
export function createFileShipper(settings, { everyMs = FILES_EVERY_MS, onPass = () => {}, now = Date.now } = {}) {
  const store = fileStore(settings);
  let shipped = readManifest(settings.dataDir, settings.url);
  /** @type {NodeJS.Timeout | null} */
  let timer = null;
  /** @type {Promise<void> | null} */
  let running = null;
  let stopped = false;

  async function pass() {
    const at = now();
    const local = localFiles(settings.dataDir);
    const today = `access-log/${new Date(at).toISOString().slice(0, 10)}.jsonl`;
    const toSend = [...local].filter(([relative, stat]) => {
      const before = shipped[relative];
      if (before && !before.goneAt && before.size === stat.size && before.mtimeMs === stat.mtimeMs) return false;
      // Today's access log changes with every request: sent now and then, not at every pass.
      return !(relative === today && before && !before.goneAt && at - before.shippedAt < ACCESS_LOG_EVERY_MS);
    });
    let failed = 0;
    /** @type {string | null} */
    let error = null;
    await inParallel(toSend, async ([relative, stat]) => {
      try {
        await store.put(relative, path.join(settings.dataDir, ...relative.split("/")));
        shipped[relative] = { ...stat, shippedAt: at };
      } catch (cause) {
        failed++;
        error ??= `${relative}: ${cause instanceof Error ? cause.message : String(cause)}`;
      }
    });
    let removed = 0;
    let marked = 0;
    for (const [relative, entry] of Object.entries(shipped)) {
      if (local.has(relative)) continue;
      if (!entry.goneAt) {
        shipped[relative] = { ...entry, goneAt: at };
        marked++;
      } else if (at - entry.goneAt > RETENTION_MS) {
        try {
          await store.remove(relative);
          delete shipped[relative];
          removed++;
        } catch (cause) {
          failed++;
          error ??= `removing ${relative}: ${cause instanceof Error ? cause.message : String(cause)}`;
        }
      }
    }
    const sent = toSend.length - failed;
    // Rewritten only when it changed: at 30 000 photos it is a few megabytes, and most passes find nothing.
    if (sent || removed || marked) writeManifest(settings.dataDir, settings.url, shipped);
    if (failed) console.error(`[replica] ${failed} file(s) not shipped to ${store.where}, retried in ${everyMs / 1000}s; first: ${error}`);
    onPass({ sent, removed, failed, error });
  }

  /** Something arrived while a pass ran (it may have walked past it): one more pass right after. */
  let again = false;
  const runPass = () => {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((cause) => {
        console.error("[replica] file pass failed:", cause);
        onPass({ sent: 0, removed: 0, failed: 1, error: String(cause) });
      })
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          void runPass();
        }
      });
    return running;
  };
  /** @type {fs.FSWatcher | null} */
  let watcher = null;
  /** @type {NodeJS.Timeout | null} */
  let soon = null;

  return {
    where: store.where,
    start() {
      const tick = () => {
        if (stopped) return;
        void runPass().then(() => {
          if (!stopped) timer = setTimeout(tick, everyMs);
        });
      };
      tick();
      // A new photo goes at once, not at the next pass: its ad's row reaches the replica within a
      // second (Litestream), and a restore should not find the row without the photo.
      const originals = path.join(settings.dataDir, "uploads", "originals");
      fs.mkdirSync(originals, { recursive: true });
      watcher = fs.watch(originals, () => {
        soon ??= setTimeout(() => {
          soon = null;
          void runPass();
        }, WATCH_DELAY_MS);
      });
      watcher.on("error", (error) => console.error(`[replica] watching ${originals} stopped (the ${everyMs / 1000} s passes go on):`, error));
    },
    pass: runPass,
    /** Stops the schedule after one last pass (what was stored just before the stop goes too). */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (soon) clearTimeout(soon);
      watcher?.close();
      if (running) await running;
      await runPass();
    },
  };
}

/**
 * Puts the replica's files back into `dataDir` (a restore), and records them as shipped so the
 * restored server does not send them all again. Returns how many were restored.
 * @param {ReplicaSettings} settings
 */
export async function restoreFiles(settings) {
  const store = fileStore(settings);
  const names = (await store.list()).filter(isReplicatedFile);
  /** @type {Record<string, Shipped>} */
  const shipped = {};
  const at = Date.now();
  await inParallel(names, async (relative) => {
    const target = path.join(settings.dataDir, ...relative.split("/"));
    if (path.relative(settings.dataDir, target).startsWith("..")) throw new Error(`unexpected name in the replica: ${relative}`);
    await store.get(relative, target);
    // The secrets and the access log are private to the service's user, as the app writes them.
    if (!relative.startsWith("uploads/")) fs.chmodSync(target, 0o600);
    const stat = fs.statSync(target);
    shipped[relative] = { size: stat.size, mtimeMs: stat.mtimeMs, shippedAt: at };
  });
  writeManifest(settings.dataDir, settings.url, shipped);
  return { count: names.length, photos: names.filter((name) => name.startsWith("uploads/")).length, where: store.where };
}
