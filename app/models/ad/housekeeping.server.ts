/**
 * The daily job (`npm run jobs:daily`, and a timer in the server's first process at 03:00 São Paulo):
 *
 * - removes ads awaiting payment or paused for more than 30 days (since their last change), ads
 *   expired for more than 30 days, and ads sold more than 30 days ago, with their photos — what the terms announce (payments are kept,
 *   see removal.server.ts);
 * - e-mails owners whose live (or paused) ad has its last day 3 days from today, with a link that
 *   opens the reactivation (/edit-ad/{id}?reactivate=true, on the configured public origin);
 * - sweeps wizard drafts abandoned for 30 days, with their photos;
 * - deletes the access log's days older than ACCESS_LOG_RETENTION_DAYS (six months at least, ADR 022),
 *   and warns when the disk will not hold that long at the recent rate;
 * - logs one line with what it did.
 *
 * It runs at most once per São Paulo day: DATA_DIR/daily-job.json records the last day it ran, so a
 * restart, the command run by hand and the timer do not send the reminders twice (the command's
 * --force runs it again anyway, and still reminds nobody twice); reminders due on days it missed are
 * sent on the next run. The timer lives only in the first process, so once across workers.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq, gt, inArray, lt, lte, ne, or } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { ads, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { addDaysToKey, daysBetweenKeys, expirationKeyFromInstant, formatDateKeyBR, startOfDayInstant, todayKey } from "~/lib/dates";
import { displayName } from "~/models/account/user";
import { STALE_AD_DAYS } from "~/models/ad/ad";
import { sweepAbandonedDrafts } from "~/models/ad/draft.server";
import { archiveUserId, deleteStoredPhotos, removeAdsInTransaction } from "~/models/ad/removal.server";
import { sweepPriceDropHistory } from "~/models/ad/price-drop.server";
import { sweepDeletedAccountsUsage } from "~/models/ai-usage/ai-usage.server";
import { pruneAccessLog, warnWhenAccessLogDiskShort } from "~/services/access-log-store.server";
import { sendMail } from "~/models/mail/mailer.server";
import { sendQueuedWithdrawals } from "~/models/payment-outbox/withdrawal-queue.server";

/** The reminder goes this many days before the ad's last day. */
export const REMINDER_DAYS_BEFORE = 3;
/** The timer's hour, São Paulo time: a quiet one. */
export const DAILY_JOB_HOUR = 3;

const DAY_MS = 86_400_000;
const BATCH = 200;

export type DailyReport = {
  day: string;
  removedAds: number;
  removedPhotos: number;
  reminders: number;
  reminderFailures: number;
  draftsSwept: number;
  /** Days of the access log deleted for being older than the retention. */
  accessLogDaysDeleted: number;
};

/** The ads the terms allow removing now (never the internal archive's placeholder). */
export function staleAdIds(now: Date = new Date()): number[] {
  const cutoff = new Date(now.getTime() - STALE_AD_DAYS * DAY_MS);
  const archive = archiveUserId();
  return db
    .select({ id: ads.id })
    .from(ads)
    .where(
      and(
        archive !== null ? ne(ads.userId, archive) : undefined,
        or(
          and(inArray(ads.status, ["pending_payment", "paused"]), lt(ads.updatedAt, cutoff)),
          // Expired for more than 30 days, whatever is stored (a sold ad was sold before its date, so earlier still).
          lte(ads.expirationDate, cutoff),
          and(eq(ads.status, "sold"), lt(ads.soldAt, cutoff)),
        ),
      ),
    )
    .all()
    .map((row) => row.id);
}

/** Removes the stale ads in batches, photos included. */
export async function removeStaleAds(now: Date = new Date()): Promise<{ ads: number; photos: number }> {
  const ids = staleAdIds(now);
  let photos = 0;
  for (let i = 0; i < ids.length; i += BATCH) {
    const batch = ids.slice(i, i + BATCH);
    const publicIds = writeTransaction((tx) => removeAdsInTransaction(tx, batch, now));
    sendQueuedWithdrawals();
    await deleteStoredPhotos(publicIds);
    photos += publicIds.length;
  }
  return { ads: ids.length, photos };
}

/** The link the reminder carries: the reactivation on the public origin (never a request's host). */
export function reactivationLink(adId: number) {
  return `${getEnv().publicOrigin}/edit-ad/${adId}?reactivate=true`;
}

/**
 * E-mails the owners of live or paused ads whose last day is `REMINDER_DAYS_BEFORE` days from today.
 * `lastRunDay`: the day the job last ran, when it did; days it missed (the server was down) are caught
 * up, so an ad whose reminder day fell in the gap is reminded now, with the days it really has left,
 * and a second run on one day reminds nobody twice.
 */
export async function sendExpiryReminders(now: Date = new Date(), lastRunDay: string | null = null): Promise<{ sent: number; failed: number }> {
  const today = todayKey(now);
  const lastDay = addDaysToKey(today, REMINDER_DAYS_BEFORE);
  // The last days the runs before this one covered: up to their day + REMINDER_DAYS_BEFORE.
  const afterCovered = lastRunDay ? addDaysToKey(lastRunDay, REMINDER_DAYS_BEFORE + 1) : lastDay;
  const firstDay = afterCovered > today ? afterCovered : today;
  if (firstDay > lastDay) return { sent: 0, failed: 0 };
  // Last visible day in [firstDay, lastDay] ⇔ the stored instant is in (start of firstDay, start of the day after lastDay].
  const from = startOfDayInstant(firstDay);
  const to = startOfDayInstant(addDaysToKey(lastDay, 1));
  const rows = db
    .select({ id: ads.id, title: ads.title, expirationDate: ads.expirationDate, email: users.email, fullName: users.fullName, username: users.username })
    .from(ads)
    .innerJoin(users, eq(users.id, ads.userId))
    .where(and(inArray(ads.status, ["active", "paused"]), gt(ads.expirationDate, from), lte(ads.expirationDate, to), ne(users.provider, "system")))
    .all();
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    const key = expirationKeyFromInstant(row.expirationDate);
    const day = formatDateKeyBR(key);
    const daysLeft = daysBetweenKeys(today, key);
    const when = daysLeft === 0 ? "hoje" : daysLeft === 1 ? "amanhã" : `em ${daysLeft} dias`;
    try {
      await sendMail({
        to: row.email,
        subject: `Seu anúncio expira ${when} — Classificados Patos`,
        text: [
          `Olá, ${displayName(row)}!`,
          "",
          `Seu anúncio "${row.title}" fica no ar até ${day}.`,
          "Depois dessa data ele deixa de aparecer nas buscas. Para colocá-lo de volta, reative-o escolhendo uma nova data",
          "de expiração (o novo período é pago, e o primeiro dia continua grátis):",
          "",
          reactivationLink(row.id),
          "",
          `Anúncios expirados há mais de ${STALE_AD_DAYS} dias são removidos, com as fotos.`,
        ].join("\n"),
      });
      sent++;
    } catch (error) {
      failed++;
      console.error(`[daily] could not send the expiry reminder of ad ${row.id}`, error);
    }
  }
  return { sent, failed };
}

/** One run of everything the daily job does, logged in one line; `lastRunDay` as for the reminders. */
export async function runDailyJob(now: Date = new Date(), lastRunDay: string | null = null): Promise<DailyReport> {
  const removed = await removeStaleAds(now);
  const reminders = await sendExpiryReminders(now, lastRunDay);
  const draftsSwept = await sweepAbandonedDrafts(now);
  sweepDeletedAccountsUsage(now);
  sweepPriceDropHistory(now);
  const env = getEnv();
  const accessLogDaysDeleted = pruneAccessLog(env.DATA_DIR, env.ACCESS_LOG_RETENTION_DAYS, now).length;
  warnWhenAccessLogDiskShort(env.DATA_DIR, env.ACCESS_LOG_RETENTION_DAYS, now);
  const report: DailyReport = {
    day: todayKey(now),
    removedAds: removed.ads,
    removedPhotos: removed.photos,
    reminders: reminders.sent,
    reminderFailures: reminders.failed,
    draftsSwept,
    accessLogDaysDeleted,
  };
  console.log(
    `[daily] ${report.day}: removed ${report.removedAds} ads (${report.removedPhotos} photos), sent ${report.reminders} expiry reminders` +
      `${report.reminderFailures ? ` (${report.reminderFailures} failed)` : ""}, swept ${report.draftsSwept} abandoned drafts, ` +
      `deleted ${report.accessLogDaysDeleted} days of access log older than ${env.ACCESS_LOG_RETENTION_DAYS} days`,
  );
  return report;
}

// ---------------------------------------------------------------------------------------------
// Once a day
// ---------------------------------------------------------------------------------------------

function markerFile() {
  return path.join(getEnv().DATA_DIR, "daily-job.json");
}

/** The São Paulo day the job last ran, or null when it never ran on this DATA_DIR. */
export function lastDailyRunDay(): string | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(markerFile(), "utf8")) as { day?: unknown };
    return typeof parsed.day === "string" ? parsed.day : null;
  } catch {
    return null;
  }
}

function recordDailyRun(report: DailyReport, now: Date) {
  fs.mkdirSync(path.dirname(markerFile()), { recursive: true });
  fs.writeFileSync(markerFile(), JSON.stringify({ ...report, ranAt: now.toISOString() }, null, 2));
}

/** Runs the job unless it already ran today (São Paulo), or always with `force`; null when skipped. */
export async function runDailyJobOnce(now: Date = new Date(), { force = false } = {}): Promise<DailyReport | null> {
  const lastRunDay = lastDailyRunDay();
  if (!force && lastRunDay === todayKey(now)) {
    console.log(`[daily] ${todayKey(now)}: already ran today, skipped`);
    return null;
  }
  const report = await runDailyJob(now, lastRunDay);
  recordDailyRun(report, now);
  return report;
}

/** Today's (or, once past, tomorrow's) DAILY_JOB_HOUR in São Paulo. */
export function nextDailyRun(now: Date = new Date()): Date {
  const at = (key: string) => new Date(startOfDayInstant(key).getTime() + DAILY_JOB_HOUR * 3_600_000);
  const today = at(todayKey(now));
  return today.getTime() > now.getTime() ? today : at(addDaysToKey(todayKey(now), 1));
}

/**
 * At start-up: a run was missed while the server was down (it ran before, not today, and today's hour
 * has passed). A fresh DATA_DIR waits for the first 03:00 instead of acting at its first start.
 */
export function dailyRunMissed(now: Date = new Date()): boolean {
  const last = lastDailyRunDay();
  if (last === null || last >= todayKey(now)) return false;
  // Past today's hour, the next run is tomorrow's.
  return todayKey(nextDailyRun(now)) !== todayKey(now);
}
