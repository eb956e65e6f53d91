/**
 * An ad's numbers per São Paulo day for its owner (the dashboard's chart, GET /api/ads/{id}/stats):
 * views and contacts from `ad_daily_stats` (written by views.server.ts with the counters), saves from
 * the favourites, for the last STATS_DAYS days, oldest first, ending today, every day present (zero
 * when nothing happened). A day the ad was boosted on (ADR 037) is marked `boosted: true`, so the
 * seller sees what the boost brought.
 */
import { and, eq, gte, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { adDailyStats, ads } from "~/db/schema";
import { addDaysToKey, dateKey } from "~/lib/dates";
import { STATS_DAYS, type DayStats } from "~/models/ad/ad";
import { boostedDaysByAd } from "~/models/ad/boost.server";
import { savesPerAdAndDay } from "~/models/favourite/favourites.server";

/** The last `count` São Paulo days as YYYY-MM-DD, oldest first, ending with today. */
export function lastDays(now: Date, count = STATS_DAYS): string[] {
  const today = dateKey(now);
  return Array.from({ length: count }, (_, i) => addDaysToKey(today, i - (count - 1)));
}

const key = (adId: number, day: string) => `${adId}|${day}`;

/** Each ad's last STATS_DAYS days (ads without a number get zeros). One query for a page of ads. */
export function dailyStatsOf(adIds: number[], now: Date = new Date()): Map<number, (DayStats & { boosted?: true })[]> {
  const days = lastDays(now);
  const from = days[0]!;
  const counted = new Map<string, { views: number; contacts: number }>();
  if (adIds.length) {
    const rows = db
      .select({ adId: adDailyStats.adId, day: adDailyStats.day, views: adDailyStats.views, contacts: adDailyStats.contacts })
      .from(adDailyStats)
      .where(and(inArray(adDailyStats.adId, adIds), gte(adDailyStats.day, from)))
      .all();
    for (const row of rows) counted.set(key(row.adId, row.day), row);
  }
  const saves = savesPerAdAndDay(adIds, from);
  const boosted = boostedDaysByAd(adIds, from, days[days.length - 1]!);
  return new Map(
    adIds.map((adId) => [
      adId,
      days.map((date) => {
        const row = counted.get(key(adId, date));
        const day = { date, views: row?.views ?? 0, contacts: row?.contacts ?? 0, favourites: saves.get(adId)?.get(date) ?? 0 };
        return boosted.get(adId)?.has(date) ? { ...day, boosted: true as const } : day;
      }),
    ]),
  );
}

/** The owner of ad `id`, or null when there is no such ad (GET /api/ads/{id}/stats checks it first). */
export function adOwnerOf(id: number): number | null {
  return db.select({ userId: ads.userId }).from(ads).where(eq(ads.id, id)).get()?.userId ?? null;
}
