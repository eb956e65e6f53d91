/**
 * Calendar helpers for America/Sao_Paulo.
 *
 * Two kinds of values:
 * - instants (`Date`): what the database stores, always UTC under the hood;
 * - day keys ("YYYY-MM-DD"): a calendar day *in São Paulo*, what people pick and read.
 *
 * Converting between them always goes through Intl with the IANA zone, never by
 * shifting hours by -3: Brazil has had DST in the past and could again, and the
 * tz database in the runtime knows the rules while we do not.
 *
 * Ad expiration convention (shared with app/db/schema.ts): an ad whose expiration
 * day is "2026-11-25" is visible through the whole of 25/11 in São Paulo and its
 * stored `expirationDate` is the first instant of 26/11 there
 * (see `expirationInstantFromKey` / `expirationKeyFromInstant`).
 */

export const TIME_ZONE = "America/Sao_Paulo";

const DAY_MS = 86_400_000;

// Both built on first use: a DateTimeFormat with a time zone loads the zone's rules, tens of
// milliseconds in a phone's browser, and most pages import this module without formatting a date
// while they start.
let partsFormatter: Intl.DateTimeFormat | undefined;
let offsetFormatter: Intl.DateTimeFormat | undefined;

interface ZonedParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

function zonedParts(date: Date): ZonedParts {
  const out: ZonedParts = { year: "", month: "", day: "", hour: "", minute: "" };
  // hourCycle "h23" so midnight is "00", never "24".
  partsFormatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  for (const p of partsFormatter.formatToParts(date)) {
    if (p.type === "year" || p.type === "month" || p.type === "day" || p.type === "hour" || p.type === "minute") {
      out[p.type] = p.value;
    }
  }
  return out;
}

/** São Paulo's offset from UTC at `date`, in minutes (e.g. -180). */
function offsetMinutes(date: Date): number {
  // "GMT-03:00" (or plain "GMT" when the offset is zero).
  offsetFormatter ??= new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, timeZoneName: "longOffset" });
  const name = offsetFormatter.formatToParts(date).find((p) => p.type === "timeZoneName")?.value ?? "";
  const m = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/.exec(name);
  if (!m) throw new Error(`Unexpected time zone offset "${name}"`);
  if (!m[1]) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === "-" ? -minutes : minutes;
}

/** "YYYY-MM-DD" → [year, month (1-12), day], or null when it is not a real calendar day. */
function parseKey(key: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
  if (!m) return null;
  const y = Number(m[1]);
  const mo = Number(m[2]);
  const d = Number(m[3]);
  const check = new Date(Date.UTC(y, mo - 1, d));
  // Date.UTC rolls 2026-02-30 over to March; a real day survives the round trip.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return [y, mo, d];
}

function requireKey(key: string): [number, number, number] {
  const parsed = parseKey(key);
  if (!parsed) throw new RangeError(`Invalid date key "${key}" (expected YYYY-MM-DD)`);
  return parsed;
}

/** Midnight UTC of the key's calendar day: only for calendar arithmetic, NOT a São Paulo instant. */
function keyToUtcMs(key: string): number {
  const [y, m, d] = requireKey(key);
  return Date.UTC(y, m - 1, d);
}

function utcMsToKey(ms: number): string {
  const date = new Date(ms);
  const y = String(date.getUTCFullYear()).padStart(4, "0");
  const m = String(date.getUTCMonth() + 1).padStart(2, "0");
  const d = String(date.getUTCDate()).padStart(2, "0");
  return `${y}-${m}-${d}`;
}

export function isValidDateKey(key: string): boolean {
  return parseKey(key) !== null;
}

/** The São Paulo calendar day of an instant, "YYYY-MM-DD". */
export function dateKey(date: Date): string {
  const p = zonedParts(date);
  return `${p.year}-${p.month}-${p.day}`;
}

export function todayKey(now: Date = new Date()): string {
  return dateKey(now);
}

/** "YYYY-MM" of the São Paulo month (e.g. the AI quota month). */
export function monthKey(now: Date = new Date()): string {
  return dateKey(now).slice(0, 7);
}

/** Pure calendar arithmetic: addDaysToKey("2026-12-31", 1) === "2027-01-01". */
export function addDaysToKey(key: string, days: number): string {
  return utcMsToKey(keyToUtcMs(key) + days * DAY_MS);
}

/** Whole calendar days from `fromKey` to `toKey` (negative when `toKey` is earlier). */
export function daysBetweenKeys(fromKey: string, toKey: string): number {
  return Math.round((keyToUtcMs(toKey) - keyToUtcMs(fromKey)) / DAY_MS);
}

/** Was `createdAt` on the same São Paulo calendar day as `now`? */
export function isCreatedToday(createdAt: Date, now: Date = new Date()): boolean {
  return dateKey(createdAt) === dateKey(now);
}

// "22/11/2026", in São Paulo: in ./date-br.ts so the ad cards import it alone.
export { formatDateBR } from "./date-br";

/** "22/11/2026 14:05", in São Paulo (built from parts: Intl's pt-BR output adds a comma). */
export function formatDateTimeBR(date: Date): string {
  const p = zonedParts(date);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** "2026-11-25" → "25/11/2026" (no time zone involved: the key already is a São Paulo day). */
export function formatDateKeyBR(key: string): string {
  const [y, m, d] = requireKey(key);
  return `${String(d).padStart(2, "0")}/${String(m).padStart(2, "0")}/${String(y).padStart(4, "0")}`;
}

/**
 * The first instant of the São Paulo day `key` (00:00 local, 03:00Z while the offset is -03:00).
 *
 * Guess the offset at UTC midnight of that date, then re-read it at the resulting
 * candidate; the two differ only when a DST change happens in between. Of the
 * candidates, the earliest one that really falls on `key` wins; that also covers a
 * day whose 00:00 never happened (DST starting at midnight, as Brazil did until 2019,
 * when the day begins at 01:00).
 */
export function startOfDayInstant(key: string): Date {
  const utcMidnight = keyToUtcMs(key);
  const first = utcMidnight - offsetMinutes(new Date(utcMidnight)) * 60_000;
  const second = utcMidnight - offsetMinutes(new Date(first)) * 60_000;
  const onKey = [first, second].filter((ms) => dateKey(new Date(ms)) === key);
  return new Date(onKey.length > 0 ? Math.min(...onKey) : first);
}

/** The stored expirationDate for an ad whose last visible São Paulo day is `key`. */
export function expirationInstantFromKey(key: string): Date {
  return startOfDayInstant(addDaysToKey(key, 1));
}

/** Inverse of expirationInstantFromKey: the last São Paulo day on which the ad is visible. */
export function expirationKeyFromInstant(instant: Date): string {
  // The instant itself already belongs to the next day; one millisecond before is the last visible moment.
  return dateKey(new Date(instant.getTime() - 1));
}
