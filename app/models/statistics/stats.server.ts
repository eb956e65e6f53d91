/**
 * The admin's numbers, read straight from the database on each request (nothing cached, so every
 * worker agrees): the four totals of GET /api/stats and the whole report behind /admin/stats and the
 * PDF. Days and months are São Paulo calendar ones: their first instants are computed once through
 * Intl (lib/dates) and each row is placed by comparing instants, never by shifting hours.
 *
 * Revenue is what was paid: payments confirmed or received (refunded ones are out), on the day they
 * were confirmed.
 */
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { ads, categories, payments, users } from "~/db/schema";
import { addDaysToKey, dateKey, startOfDayInstant, todayKey } from "~/lib/dates";
import { AD_STATUSES, AD_STATUS_LABELS, type AdStatus } from "~/models/ad/ad";
import { publiclyVisible } from "~/models/ad/visibility.server";
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS, PAYMENT_PURPOSE_LABELS, PAYMENT_PURPOSES, type PaymentMethod, type PaymentPurpose } from "~/models/payment/payment";
import { REPORT_DAYS, REPORT_MONTHS, type AdminReport, type AdminTotals, type SoldCounts } from "~/models/statistics/statistics";

const PAID = ["confirmed", "received"] as const;

/** GET /api/stats: totalAds, totalUsers, pendingAds (moderation queue), activeAds (public now). */
export function getAdminTotals(now: Date = new Date()): AdminTotals {
  const adsRow = db
    .select({
      total: count(),
      pending: sql<number>`coalesce(sum(${ads.status} = 'pending'), 0)`,
      active: sql<number>`coalesce(sum(${publiclyVisible(now)}), 0)`,
    })
    .from(ads)
    .get();
  const usersRow = db.select({ total: count() }).from(users).get();
  return {
    totalAds: adsRow?.total ?? 0,
    totalUsers: usersRow?.total ?? 0,
    pendingAds: Number(adsRow?.pending ?? 0),
    activeAds: Number(adsRow?.active ?? 0),
  };
}

/** Paid money (confirmed or received) per purpose, in cents (GET /api/stats): the day fees apart from boosts and extensions. */
export function incomeByPurpose(): Record<PaymentPurpose, number> {
  const rows = db
    .select({ purpose: payments.purpose, cents: sql<number>`coalesce(sum(${payments.amountCents}), 0)` })
    .from(payments)
    .where(inArray(payments.status, PAID))
    .groupBy(payments.purpose)
    .all();
  const income = Object.fromEntries(PAYMENT_PURPOSES.map((purpose) => [purpose, 0])) as Record<PaymentPurpose, number>;
  for (const row of rows) income[row.purpose] = Number(row.cents);
  return income;
}

/** The index of the bucket [starts[i], starts[i+1]) holding `ms`, or -1 (before the first or at/after `end`). */
function bucketOf(starts: number[], end: number, ms: number): number {
  if (ms < starts[0]! || ms >= end) return -1;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function lastMonths(now: Date, months: number): string[] {
  const [year, month] = todayKey(now).split("-").map(Number) as [number, number];
  const keys: string[] = [];
  for (let i = months - 1; i >= 0; i--) {
    const index = year * 12 + (month - 1) - i;
    keys.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`);
  }
  return keys;
}

function nextMonth(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
}

/** Everything /admin/stats and the PDF show. */
export function getAdminReport(now: Date = new Date()): AdminReport {
  const today = todayKey(now);
  const days = Array.from({ length: REPORT_DAYS }, (_, i) => addDaysToKey(today, i - (REPORT_DAYS - 1)));
  const dayStarts = days.map((day) => startOfDayInstant(day).getTime());
  const daysEnd = startOfDayInstant(addDaysToKey(today, 1)).getTime();
  const months = lastMonths(now, REPORT_MONTHS);
  const monthStarts = months.map((month) => startOfDayInstant(`${month}-01`).getTime());
  const monthsEnd = startOfDayInstant(`${nextMonth(months[months.length - 1]!)}-01`).getTime();

  // Ads created per day: one index range (ads_created_idx) of the last 30 days.
  const daily = days.map((day) => ({ day, ads: 0, revenueCents: 0 }));
  const created = db
    .select({ createdAt: ads.createdAt })
    .from(ads)
    .where(and(sql`${ads.createdAt} >= ${dayStarts[0]!}`, sql`${ads.createdAt} < ${daysEnd}`))
    .all();
  for (const row of created) {
    const i = bucketOf(dayStarts, daysEnd, row.createdAt.getTime());
    if (i >= 0) daily[i]!.ads += 1;
  }

  // Paid payments: revenue per day and month, and per method.
  const monthly = months.map((month) => ({ month, payments: 0, revenueCents: 0 }));
  const paid = db
    .select({
      amountCents: payments.amountCents,
      method: payments.paymentMethod,
      purpose: payments.purpose,
      at: sql<number>`coalesce(${payments.confirmedDate}, ${payments.updatedAt})`,
    })
    .from(payments)
    .where(inArray(payments.status, PAID))
    .all();
  const byMethod = new Map<PaymentMethod, { payments: number; amountCents: number }>(PAYMENT_METHODS.map((method) => [method, { payments: 0, amountCents: 0 }]));
  const byPurpose = new Map<PaymentPurpose, { payments: number; amountCents: number }>(PAYMENT_PURPOSES.map((purpose) => [purpose, { payments: 0, amountCents: 0 }]));
  let revenueCents = 0;
  for (const row of paid) {
    const at = Number(row.at);
    revenueCents += row.amountCents;
    const purpose = byPurpose.get(row.purpose)!;
    purpose.payments += 1;
    purpose.amountCents += row.amountCents;
    const method = byMethod.get(row.method);
    if (method) {
      method.payments += 1;
      method.amountCents += row.amountCents;
    }
    const d = bucketOf(dayStarts, daysEnd, at);
    if (d >= 0) daily[d]!.revenueCents += row.amountCents;
    const m = bucketOf(monthStarts, monthsEnd, at);
    if (m >= 0) {
      monthly[m]!.payments += 1;
      monthly[m]!.revenueCents += row.amountCents;
    }
  }

  // Ads by effective status: expired once the date has passed, whatever is stored, except sold (it wins over the date).
  const effective = sql<AdStatus>`CASE WHEN ${ads.status} <> 'sold' AND ${ads.expirationDate} <= ${now.getTime()} THEN 'expired' ELSE ${ads.status} END`;
  const statusRows = db.select({ status: effective, n: count() }).from(ads).groupBy(effective).all();
  const statusCounts = new Map(statusRows.map((row) => [row.status, row.n]));
  const byStatus = AD_STATUSES.map((status) => ({ status, label: AD_STATUS_LABELS[status], count: statusCounts.get(status) ?? 0 }));

  // Ads by category (every category, even without ads), most ads first.
  const byCategory = db
    .select({
      categoryId: categories.id,
      name: categories.name,
      total: sql<number>`count(${ads.id})`,
      active: sql<number>`coalesce(sum(${publiclyVisible(now)}), 0)`,
    })
    .from(categories)
    .leftJoin(ads, eq(ads.categoryId, categories.id))
    .groupBy(categories.id)
    .all()
    .map((row) => ({ ...row, total: Number(row.total), active: Number(row.active) }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, "pt-BR"));

  const totals = getAdminTotals(now);
  return {
    generatedAt: now.toISOString(),
    totals: {
      ...totals,
      revenueCents,
      paidPayments: paid.length,
      revenueLast30DaysCents: daily.reduce((sum, point) => sum + point.revenueCents, 0),
      adsLast30Days: daily.reduce((sum, point) => sum + point.ads, 0),
    },
    daily,
    monthly,
    byCategory,
    byStatus,
    byMethod: PAYMENT_METHODS.map((method) => ({ method, label: PAYMENT_METHOD_LABELS[method], ...byMethod.get(method)! })),
    byPurpose: PAYMENT_PURPOSES.map((purpose) => ({ purpose, label: PAYMENT_PURPOSE_LABELS[purpose], ...byPurpose.get(purpose)! })),
    sales: soldCounts(),
  };
}

/** The ads marked sold that still exist (the daily job removes them STALE_AD_DAYS later), by the owner's answer. */
function soldCounts(): SoldCounts {
  const row = db
    .select({
      sold: count(),
      soldHere: sql<number>`coalesce(sum(${ads.soldHere} = 1), 0)`,
      soldElsewhere: sql<number>`coalesce(sum(${ads.soldHere} = 0), 0)`,
    })
    .from(ads)
    .where(eq(ads.status, "sold"))
    .get();
  const sold = row?.sold ?? 0;
  const soldHere = Number(row?.soldHere ?? 0);
  const soldElsewhere = Number(row?.soldElsewhere ?? 0);
  return { sold, soldHere, soldElsewhere, unanswered: sold - soldHere - soldElsewhere };
}

/** The São Paulo day of an instant (the PDF's file name). */
export function reportDay(now: Date = new Date()): string {
  return dateKey(now);
}
