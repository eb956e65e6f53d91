/**
 * 'Denunciar anúncio' (issue 15, rules of issue 21): a visitor reports a public ad with a reason and an
 * optional text. The rule is written down in docs/decisions/021-reports-that-cannot-take-down.md.
 *
 * - Every report reaches the admin at once: the 'Denúncias' section of /admin/moderation
 *   (moderation/report-review.server.ts) lists every ad with open reports, while the ad stays public.
 * - One report per reporter and ad, the reporter being the person of models/ad/people.server.ts: the
 *   account ("u:{id}"), else a visitor cookie minted on an earlier day ("v:{id}"), else — no cookie, a
 *   forged one or one minted today, which a script gets at will — the address, once per São Paulo day
 *   ("a:{day}:{keyed hash}"; the address itself is not stored). A second report by the same reporter
 *   changes nothing and says so.
 * - Throttled before anything is written (models/account/throttle.server.ts): 5 reports an hour per
 *   reporter, 30 per address.
 * - The ad leaves the public list on reports alone only when REPORTS_TO_HOLD (3) reporters of kind
 *   "account" — signed-in, at least 7 days old when they reported, not the owner — reported it since its
 *   reports were last closed (approved, dismissed or taken down). Anonymous reports never hide an ad.
 *   Hiding is active → pending (the queue's "waiting for a person"), recorded as a held_by_reports
 *   decision with the reasons, and the owner is e-mailed (hidden-ad-mail.server.ts); they may ask for a
 *   human review (moderation/moderation-queue.server.ts). The status change bumps the listing version (trigger of
 *   migration 0001), so cached totals stay exact.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { db, writeTransaction } from "~/db/client.server";
import { adReports, ads, moderationDecisions, users } from "~/db/schema";
import { keepLines } from "~/lib/plain-text";
import { addressKey, countAttempt, forgetAttempt } from "~/models/account/throttle.server";
import { sendAdHiddenMail } from "~/models/report/hidden-ad-mail.server";
import type { Person } from "~/models/ad/people.server";
import {
  REPORT_DETAILS_MAX,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REPORTER_KIND_LABELS,
  REPORTER_MIN_ACCOUNT_AGE_DAYS,
  REPORTS_TO_HOLD,
  type AdReportItem,
  type AdReportSummary,
  type ReporterKind,
  type ReportReason,
} from "~/models/report/ad-report";
import { isPubliclyVisible } from "~/models/ad/visibility.server";

/** The report form and POST /api/ads/{id}/report: a reason from the list and an optional text. */
export const reportSchema = z.object({
  reason: z.enum(REPORT_REASONS, { message: REPORT_MESSAGES.reasonRequired }),
  details: z
    .string()
    .check(keepLines())
    .max(REPORT_DETAILS_MAX, { message: REPORT_MESSAGES.detailsTooLong })
    .optional()
    .transform((text) => text || null),
});

export type ReportInput = z.output<typeof reportSchema>;

export type ReportOutcome =
  | { ok: true; status: "sent" | "already"; message: string; /** This report took the ad out of the public list. */ held: boolean }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 429; message: string; retryAfterMinutes: number };

const DAY_MS = 86_400_000;

/** Decisions after which an ad's earlier reports are closed (they no longer count nor show as open). */
export const CLOSING_DECISIONS = ["approved", "rejected", "reports_dismissed"] as const;

type Reader = Pick<typeof db, "select">;

/** What kind of reporter `reporter` is for ad owned by `ownerId`, judged now (an account's age when it reports). */
function reporterKindOf(reporter: string, ownerId: number, now: Date, tx: Reader): ReporterKind {
  if (reporter.startsWith("a:")) return "address";
  if (!reporter.startsWith("u:")) return "visitor";
  const userId = Number(reporter.slice(2));
  if (userId === ownerId) return "owner";
  const account = tx.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).get();
  const oldEnough = account && account.createdAt.getTime() <= now.getTime() - REPORTER_MIN_ACCOUNT_AGE_DAYS * DAY_MS;
  return oldEnough ? "account" : "new_account";
}

/** SQL: the instant an ad's reports were last closed (0 when never), for `adReports` rows. */
const closedAt = sql`coalesce((SELECT max(${moderationDecisions.createdAt}) FROM ${moderationDecisions}
  WHERE ${moderationDecisions.adId} = ${adReports.adId} AND ${moderationDecisions.decision} IN ${sql.raw(`('${CLOSING_DECISIONS.join("','")}')`)}), 0)`;

/** Only the reports made since the ad's reports were last closed. */
export const isOpenReport = sql`${adReports.createdAt} > ${closedAt}`;

/** Open reports of one ad by reporters of kind "account": what REPORTS_TO_HOLD counts. */
function countingReporters(adId: number, tx: Reader): number {
  return (
    tx
      .select({ n: sql<number>`count(*)` })
      .from(adReports)
      .where(and(eq(adReports.adId, adId), eq(adReports.reporterKind, "account"), isOpenReport))
      .get()?.n ?? 0
  );
}

/**
 * Records the report of ad `adId` (only a public ad can be reported: anything else is 404, as it is to
 * the visitor) and hides the ad once enough aged accounts reported it, e-mailing its owner.
 */
export async function reportAd(
  { adId, reporter: person, ip, reason, details }: { adId: number; reporter: Person; ip: string | null } & ReportInput,
  now: Date = new Date(),
): Promise<ReportOutcome> {
  const reporter = person.key;
  // Counted first, like the sign-in throttles: a refused report costs nothing else.
  const byReporter = countAttempt("report", [`report-visitor:${reporter}`], now);
  if (!byReporter.ok) return { ok: false, status: 429, message: REPORT_MESSAGES.throttled, retryAfterMinutes: byReporter.retryAfterMinutes };
  if (ip) {
    const byAddress = countAttempt("report-ip", [addressKey("report", ip)], now);
    if (!byAddress.ok) {
      forgetAttempt(byReporter.ids);
      return { ok: false, status: 429, message: REPORT_MESSAGES.throttled, retryAfterMinutes: byAddress.retryAfterMinutes };
    }
  }

  const result = writeTransaction((tx): { outcome: ReportOutcome; reasons?: string[] } => {
    const ad = tx.select({ status: ads.status, expirationDate: ads.expirationDate, userId: ads.userId }).from(ads).where(eq(ads.id, adId)).get();
    if (!ad || !isPubliclyVisible(ad, now)) {
      return { outcome: { ok: false, status: 404, message: REPORT_MESSAGES.notFound } };
    }
    const reporterKind = reporterKindOf(reporter, ad.userId, now, tx);
    const inserted = tx
      .insert(adReports)
      .values({ adId, reporter, reporterKind, reason, details, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: adReports.id })
      .get();
    if (!inserted) return { outcome: { ok: true, status: "already", message: REPORT_MESSAGES.already, held: false } };
    const sent = { ok: true, status: "sent", message: REPORT_MESSAGES.sent } as const;
    if (reporterKind !== "account" || countingReporters(adId, tx) < REPORTS_TO_HOLD) return { outcome: { ...sent, held: false } };

    // active → pending: out of every public list at once (the listing version trigger fires on status).
    const hidden = tx
      .update(ads)
      .set({ status: "pending", updatedAt: now })
      .where(and(eq(ads.id, adId), eq(ads.status, "active")))
      .returning({ id: ads.id })
      .get();
    if (!hidden) return { outcome: { ...sent, held: false } };
    const reasons = openReasonLines(adId, tx);
    tx.insert(moderationDecisions).values({ adId, userId: null, decision: "held_by_reports", reason: reasons.join("; "), createdAt: now }).run();
    return { outcome: { ...sent, held: true }, reasons };
  });

  if (result.reasons) await sendAdHiddenMail({ adId, reasons: result.reasons, cause: "reports" });
  return result.outcome;
}

/** The open reports' reasons as the owner and the admin read them: "Golpe ou tentativa de fraude (2 denúncias)". */
function openReasonLines(adId: number, tx: Reader): string[] {
  return tx
    .select({ reason: adReports.reason, n: sql<number>`count(*)` })
    .from(adReports)
    .where(and(eq(adReports.adId, adId), isOpenReport))
    .groupBy(adReports.reason)
    .orderBy(desc(sql`count(*)`), adReports.reason)
    .all()
    .map((row) => `${REPORT_REASON_LABELS[row.reason]} (${row.n} ${row.n === 1 ? "denúncia" : "denúncias"})`);
}

function toItem(row: { id: number; reason: ReportReason; details: string | null; reporterKind: ReporterKind; createdAt: Date }): AdReportItem {
  return {
    id: row.id,
    reason: row.reason,
    reasonLabel: REPORT_REASON_LABELS[row.reason],
    details: row.details,
    reporterKind: row.reporterKind,
    reporterKindLabel: REPORTER_KIND_LABELS[row.reporterKind],
    createdAt: row.createdAt.toISOString(),
  };
}

const itemColumns = { id: adReports.id, reason: adReports.reason, details: adReports.details, reporterKind: adReports.reporterKind, createdAt: adReports.createdAt };

/** Every report of one ad, newest first (open or not). */
export function listAdReports(adId: number): AdReportItem[] {
  return db.select(itemColumns).from(adReports).where(eq(adReports.adId, adId)).orderBy(desc(adReports.createdAt), desc(adReports.id)).all().map(toItem);
}

/** The newest `perAd` open reports of each ad, with their texts. */
export function openReportsByAd(adIds: number[], perAd: number): Map<number, AdReportItem[]> {
  const byAd = new Map<number, AdReportItem[]>();
  if (adIds.length === 0) return byAd;
  const rows = db
    .select({ ...itemColumns, adId: adReports.adId })
    .from(adReports)
    .where(and(inArray(adReports.adId, adIds), isOpenReport))
    .orderBy(desc(adReports.createdAt), desc(adReports.id))
    .all();
  for (const row of rows) {
    const list = byAd.get(row.adId) ?? [];
    if (list.length < perAd) list.push(toItem(row));
    byAd.set(row.adId, list);
  }
  return byAd;
}

/**
 * Per ad with open reports (all of them, or those of `adIds`): how many, per reason and per kind of
 * reporter, how many count toward hiding, and the newest — most counting accounts first.
 */
export function reportSummaries(adIds?: number[]): Map<number, AdReportSummary> {
  const summaries = new Map<number, AdReportSummary>();
  if (adIds?.length === 0) return summaries;
  const rows = db
    .select({ adId: adReports.adId, reason: adReports.reason, kind: adReports.reporterKind, n: sql<number>`count(*)`, latest: sql<number>`max(${adReports.createdAt})` })
    .from(adReports)
    .where(and(adIds ? inArray(adReports.adId, adIds) : undefined, isOpenReport))
    .groupBy(adReports.adId, adReports.reason, adReports.reporterKind)
    .all();
  for (const row of rows) {
    const summary = summaries.get(row.adId) ?? { adId: row.adId, total: 0, counting: 0, reasons: {}, kinds: {}, latestAt: new Date(0).toISOString() };
    summary.total += row.n;
    if (row.kind === "account") summary.counting += row.n;
    summary.reasons[row.reason] = (summary.reasons[row.reason] ?? 0) + row.n;
    summary.kinds[row.kind] = (summary.kinds[row.kind] ?? 0) + row.n;
    if (row.latest > new Date(summary.latestAt).getTime()) summary.latestAt = new Date(row.latest).toISOString();
    summaries.set(row.adId, summary);
  }
  return new Map([...summaries].sort(([, a], [, b]) => b.counting - a.counting || b.total - a.total || b.latestAt.localeCompare(a.latestAt)));
}
