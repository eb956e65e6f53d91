/**
 * The access log the Marco Civil da Internet asks of an application provider run as a business (Lei
 * 12.965/2014, art. 15; art. 5 VIII: date, time and IP of each use): one JSON line per request in
 * DATA_DIR/access-log/<UTC date>.jsonl, kept ACCESS_LOG_RETENTION_DAYS (six months at least) and handed
 * over only by court order (art. 10 §1) — `npm run access-log` finds the lines. See ADR 022.
 *
 * The folder is the owner's alone (0700, files 0600) and lies outside public/, so nothing serves it.
 * Every web worker appends each line with O_APPEND, one whole line per write, before the answer leaves
 * (web/access-log-entry.server.ts logAnswer): workers never interleave inside a line, and an answered request
 * always has its line, even when its worker is killed right after.
 *
 * Node's fs and path only (no app settings): the server, the daily job and the command all pass the
 * folder they use.
 */
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";

export type AccessLogEntry = {
  /** ISO 8601, UTC. */
  time: string;
  ip: string | null;
  port: number | null;
  method: string;
  /** Without the query string: its values may be reset tokens or Google's return data. */
  path: string;
  /** The query's parameter names only. */
  query: string[];
  status: number;
  userId: number | null;
  userAgent: string | null;
  requestId: string;
};

/** The law's floor (Marco Civil art. 15: six months), in days; the settings refuse less (env.server.ts). */
export const MIN_RETENTION_DAYS = 183;
const DAY_MS = 86_400_000;
const FILE_NAME = /^(\d{4}-\d{2}-\d{2})\.jsonl$/;
/** A full or broken disk fails every line: it is said at most this often, with how many were lost. */
const FAILURE_REPORT_MS = 60_000;

export const accessLogDir = (dataDir: string) => path.join(dataDir, "access-log");
export const fileOf = (dir: string, day: string) => path.join(dir, `${day}.jsonl`);

/** Creates the folder, or takes back one another tool opened up: the owner's alone. */
export function ensureAccessLogDir(dataDir: string): string {
  const dir = accessLogDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
  return dir;
}

/**
 * A worker's writer: `write` hands the line to the operating system at once, one write(2) on its day's
 * file (by the entry's own UTC date, so lines across midnight land right), opened with O_APPEND ("a"),
 * so each line lands whole at the end whatever the other workers write. A line written survives the
 * process being killed (SIGKILL, the OOM killer); only a machine crash can lose what the kernel had
 * not yet put on the disk (no fsync). A buffer would save nothing worth it: a write costs a few
 * microseconds (ADR 022, measured), and a killed worker lost up to two seconds of lines with one.
 */
export function openAccessLog(dataDir: string) {
  const dir = ensureAccessLogDir(dataDir);
  let open: { day: string; fd: number } | null = null;
  let lost = 0;
  let reportedAt = -Infinity;

  const fdOf = (day: string) => {
    if (open?.day === day) return open.fd;
    if (open) fs.closeSync(open.fd);
    open = null;
    // mode applies when the file is created.
    open = { day, fd: fs.openSync(fileOf(dir, day), "a", 0o600) };
    return open.fd;
  };

  return {
    write(entry: AccessLogEntry) {
      const line = Buffer.from(`${JSON.stringify(entry)}\n`);
      try {
        const written = fs.writeSync(fdOf(entry.time.slice(0, 10)), line);
        if (written !== line.length) throw new Error(`only ${written} of ${line.length} bytes written (is the disk full?)`);
      } catch (error) {
        // The answer still goes out: a page is not refused because the disk is full.
        lost++;
        if (Date.now() - reportedAt < FAILURE_REPORT_MS) return;
        reportedAt = Date.now();
        console.error(`[access-log] could not write ${lost} line(s) to ${dir}:`, error);
        lost = 0;
      }
    },
    close() {
      if (open) fs.closeSync(open.fd);
      open = null;
    },
  };
}

export type AccessLog = ReturnType<typeof openAccessLog>;

/** The days with a log file, oldest first. */
export function loggedDays(dir: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => FILE_NAME.exec(name)?.[1])
    .filter((day): day is string => day !== undefined)
    .sort();
}

/**
 * Deletes the files whose every line is older than `retentionDays` (a day's file goes once its last
 * possible line, at the end of that UTC day, is that old) and keeps the rest. Refuses a retention
 * below the law's six months, whoever calls it.
 */
export function pruneAccessLog(dataDir: string, retentionDays: number, now: Date = new Date()): string[] {
  if (!Number.isInteger(retentionDays) || retentionDays < MIN_RETENTION_DAYS) {
    throw new RangeError(`access log retention must be at least ${MIN_RETENTION_DAYS} days (Marco Civil art. 15), got ${retentionDays}`);
  }
  const dir = accessLogDir(dataDir);
  const deleted: string[] = [];
  for (const day of loggedDays(dir)) {
    if (!isPastRetention(day, retentionDays, now)) continue;
    fs.rmSync(fileOf(dir, day), { force: true });
    deleted.push(day);
  }
  return deleted;
}

/**
 * Whether a day's file is due for deletion: its last possible line, at the end of that UTC day, is
 * `retentionDays` old. The same rule for the folder and its copy in the backups' bucket
 * (server/access-log-offsite.ts).
 */
export function isPastRetention(day: string, retentionDays: number, now: Date): boolean {
  return now.getTime() - (Date.parse(`${day}T00:00:00Z`) + DAY_MS) >= retentionDays * DAY_MS;
}

/** The complete days whose files measure the log's rate. */
const RATE_DAYS = 7;
/** Today's file is extrapolated to a day from at least this much of it, so a busy first minute reads as one. */
const MIN_TODAY_MS = 6 * 3_600_000;

export type AccessLogDisk = {
  /** Free bytes on the log's disk for this process (statfs: available blocks × block size). */
  freeBytes: number;
  /** The disk's size (statfs: blocks × block size): with freeBytes, how full the data folder's disk is. */
  sizeBytes: number;
  /** The recent rate: the larger of the last RATE_DAYS complete days' mean and today's file so far, per day. */
  bytesPerDay: number;
  /** What the log will still grow by until it holds its retention (and today) at that rate. */
  neededBytes: number;
};

/**
 * How the disk fares against the log's growth: at the recent rate the folder will hold
 * `retentionDays` + 1 files (pruning goes by whole days) — is there room for what it does not hold
 * yet? `statfs` is fs.statfsSync, given by tests.
 */
export function accessLogDisk(
  dataDir: string,
  retentionDays: number,
  now: Date = new Date(),
  statfs: (dir: string) => { bavail: number; bsize: number; blocks: number } = fs.statfsSync,
): AccessLogDisk {
  const dir = accessLogDir(dataDir);
  const today = now.toISOString().slice(0, 10);
  // A day the daily job deletes meanwhile weighs nothing.
  const sizes = new Map(loggedDays(dir).map((day) => [day, fs.statSync(fileOf(dir, day), { throwIfNoEntry: false })?.size ?? 0]));
  const held = [...sizes.values()].reduce((sum, size) => sum + size, 0);
  const recent = [...sizes].filter(([day]) => day < today).slice(-RATE_DAYS);
  const meanOfDays = recent.length ? recent.reduce((sum, [, size]) => sum + size, 0) / recent.length : 0;
  const sinceMidnight = Math.max(MIN_TODAY_MS, now.getTime() - Date.parse(`${today}T00:00:00Z`));
  const bytesPerDay = Math.round(Math.max(meanOfDays, ((sizes.get(today) ?? 0) * DAY_MS) / sinceMidnight));
  const { bavail, bsize, blocks } = statfs(fs.existsSync(dir) ? dir : dataDir);
  return { freeBytes: bavail * bsize, sizeBytes: blocks * bsize, bytesPerDay, neededBytes: Math.max(0, bytesPerDay * (retentionDays + 1) - held) };
}

const gigabytes = (bytes: number) => `${(bytes / 1e9).toFixed(1)} GB`;

/**
 * Says so (console.warn, for the journal) when the disk will not hold the log's retention at the
 * recent rate: the law asks for every line, so none is dropped; the operator adds space in time.
 * Called at start-up, by the daily job; /metrics shows the same figures. Returns the reading.
 */
export function warnWhenAccessLogDiskShort(dataDir: string, retentionDays: number, now?: Date, statfs?: Parameters<typeof accessLogDisk>[3]) {
  const disk = accessLogDisk(dataDir, retentionDays, now, statfs);
  if (disk.freeBytes < disk.neededBytes) {
    console.warn(
      `[access-log] the disk of ${accessLogDir(dataDir)} has ${gigabytes(disk.freeBytes)} free, but at the recent rate ` +
        `(${gigabytes(disk.bytesPerDay)} a day) the ${retentionDays} days the log is kept need ${gigabytes(disk.neededBytes)} more: ` +
        "add space before the disk fills (then no line is written, and the database stops too). See docs/operations.md.",
    );
  }
  return disk;
}

/** An address as it is written: IPv4 clients of a dual-stack socket ("::ffff:1.2.3.4") as plain IPv4, IPv6 in lower case. */
export function normalizeIp(ip: string | null | undefined): string | null {
  if (!ip) return null;
  const lower = ip.trim().toLowerCase();
  return lower.startsWith("::ffff:") && lower.includes(".") ? lower.slice("::ffff:".length) : lower;
}

export type AccessLogQuery = { ip?: string; userId?: number; from?: string; to?: string };

/**
 * The lines matching every given filter (address, user, UTC days from/to inclusive), as written, oldest
 * file first. Streams the files: a day of a busy site does not fit in memory twice.
 */
export async function* searchAccessLog(dataDir: string, query: AccessLogQuery): AsyncGenerator<string> {
  const ip = normalizeIp(query.ip);
  const dir = accessLogDir(dataDir);
  for (const day of loggedDays(dir)) {
    if ((query.from && day < query.from) || (query.to && day > query.to)) continue;
    const lines = readline.createInterface({ input: fs.createReadStream(fileOf(dir, day)), crlfDelay: Infinity });
    for await (const line of lines) {
      // Cheap test first: most lines do not even contain the address.
      if (ip && !line.includes(ip)) continue;
      let entry: Partial<AccessLogEntry>;
      try {
        entry = JSON.parse(line) as Partial<AccessLogEntry>;
      } catch {
        continue; // a line cut by a full disk or a crash: nothing to match
      }
      if (ip && entry.ip !== ip) continue;
      if (query.userId !== undefined && entry.userId !== query.userId) continue;
      yield line;
    }
  }
}
