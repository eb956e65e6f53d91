/**
 * 'Denunciar anúncio' (issue 15): a visitor reports a public ad with a reason and an optional text.
 *
 * - One report per reporter and ad ("u:{userId}" or "v:{visitor cookie}", web/visitor.server.ts);
 *   a second one changes nothing and says so.
 * - Throttled before anything is written (models/account/throttle.server.ts): 5 reports an hour per
 *   visitor, 30 per address.
 * - When REPORTS_TO_HOLD (3) distinct reporters have reported an ad since an admin last approved it,
 *   the ad leaves the public list: active → pending, the status of "waiting for a person", so it
 *   lands in the admin's moderation queue (moderation-queue.server.ts), whose approve puts it back
 *   (and starts the count again) and whose reject takes it down. The status change bumps the listing
 *   version (trigger of migration 0001), so cached totals stay exact.
 *
 * For the queue: `listAdReports(adId)` (every report of one ad, newest first) and
 * `reportSummaries(adIds)` (counts per reason for a page of the queue).
 */
import { and, desc, eq, gt, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { db, writeTransaction } from "~/db/client.server";
import { adReports, ads, moderationDecisions } from "~/db/schema";
import { isPubliclyVisible } from "~/models/ad/ad";
import { countAttempt, forgetAttempt } from "~/models/account/throttle.server";
import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORTS_TO_HOLD,
  type AdReportItem,
  type AdReportSummary,
  type ReportReason,
} from "~/models/ad/ad-report";

/** The report form and POST /api/ads/{id}/report: a reason from the list and an optional text. */
export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: REPORT_MESSAGES.reasonRequired }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, { message: REPORT_MESSAGES.detailsTooLong })
    .optional()
    .transform((text) => text || null),
});

export type ReportInput = z.output<typeof reportSchema>;

export type ReportOutcome =
  | { ok: true; status: "sent" | "already"; message: string; /** This report took the ad out of the public list. */ held: boolean }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 429; message: string; retryAfterMinutes: number };

/** Distinct reporters of an ad since an admin last approved it (all of them if never). */
function openReporters(adId: number, tx: Pick<typeof db, "select"> = db): number {
  const lastApproval = tx
    .select({ at: sql<number | null>`max(${moderationDecisions.createdAt})` })
    .from(moderationDecisions)
    .where(and(eq(moderationDecisions.adId, adId), eq(moderationDecisions.decision, "approved")))
    .get()?.at;
  return (
    tx
      .select({ n: sql<number>`count(DISTINCT ${adReports.reporter})` })
      .from(adReports)
      .where(and(eq(adReports.adId, adId), lastApproval ? gt(adReports.createdAt, new Date(lastApproval)) : undefined))
      .get()?.n ?? 0
  );
}

/**
 * Records `reporter`'s report of ad `adId` (only a public ad can be reported: anything else is 404, as
 * it is to the visitor) and holds the ad for moderation once enough distinct visitors reported it.
 */
export function reportAd(
  { adId, reporter, ip, reason, details }: { adId: number; reporter: string; ip: string | null } & ReportInput,
  now: Date = new Date(),
): ReportOutcome {
  // Counted first, like the sign-in throttles: a refused report costs nothing else.
  const byVisitor = countAttempt("report", [`report-visitor:${reporter}`], now);
  if (!byVisitor.ok) return { ok: false, status: 429, message: REPORT_MESSAGES.throttled, retryAfterMinutes: byVisitor.retryAfterMinutes };
  if (ip) {
    const byAddress = countAttempt("report-ip", [`report-ip:${ip}`], now);
    if (!byAddress.ok) {
      forgetAttempt(byVisitor.ids);
      return { ok: false, status: 429, message: REPORT_MESSAGES.throttled, retryAfterMinutes: byAddress.retryAfterMinutes };
    }
  }

  return writeTransaction((tx): ReportOutcome => {
    const ad = tx
      .select({ status: ads.status, expirationDate: ads.expirationDate })
      .from(ads)
      .where(eq(ads.id, adId))
      .get();
    if (!ad || !isPubliclyVisible(ad, now)) {
      return { ok: false, status: 404, message: REPORT_MESSAGES.notFound };
    }
    const inserted = tx
      .insert(adReports)
      .values({ adId, reporter, reason, details, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: adReports.id })
      .get();
    if (!inserted) return { ok: true, status: "already", message: REPORT_MESSAGES.already, held: false };

    let held = false;
    if (openReporters(adId, tx) >= REPORTS_TO_HOLD) {
      // active → pending: out of every public list at once (the listing version trigger fires on status).
      held = Boolean(
        tx
          .update(ads)
          .set({ status: "pending", updatedAt: now })
          .where(and(eq(ads.id, adId), eq(ads.status, "active")))
          .returning({ id: ads.id })
          .get(),
      );
    }
    return { ok: true, status: "sent", message: REPORT_MESSAGES.sent, held };
  });
}

/** Every report of one ad, newest first: what the moderation queue shows beside the ad. */
export function listAdReports(adId: number): AdReportItem[] {
  return db
    .select({ id: adReports.id, reason: adReports.reason, details: adReports.details, reporter: adReports.reporter, createdAt: adReports.createdAt })
    .from(adReports)
    .where(eq(adReports.adId, adId))
    .orderBy(desc(adReports.createdAt), desc(adReports.id))
    .all()
    .map((row) => ({
      id: row.id,
      reason: row.reason,
      reasonLabel: REPORT_REASON_LABELS[row.reason],
      details: row.details,
      byUser: row.reporter.startsWith("u:"),
      createdAt: row.createdAt.toISOString(),
    }));
}

/** For a page of the queue: per ad with reports, how many (per reason) and how many distinct reporters since the last approval. */
export function reportSummaries(adIds: number[]): Map<number, AdReportSummary> {
  const summaries = new Map<number, AdReportSummary>();
  if (adIds.length === 0) return summaries;
  const rows = db
    .select({ adId: adReports.adId, reason: adReports.reason, n: sql<number>`count(*)`, latest: sql<number>`max(${adReports.createdAt})` })
    .from(adReports)
    .where(inArray(adReports.adId, adIds))
    .groupBy(adReports.adId, adReports.reason)
    .all();
  for (const row of rows) {
    const summary = summaries.get(row.adId) ?? { adId: row.adId, openReporters: 0, reasons: {}, total: 0, latestAt: new Date(0).toISOString() };
    summary.reasons[row.reason as ReportReason] = row.n;
    summary.total += row.n;
    if (row.latest > new Date(summary.latestAt).getTime()) summary.latestAt = new Date(row.latest).toISOString();
    summaries.set(row.adId, summary);
  }
  for (const summary of summaries.values()) summary.openReporters = openReporters(summary.adId);
  return summaries;
}
