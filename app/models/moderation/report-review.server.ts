/**
 * The admin's side of reports: the 'Denúncias' section of /admin/moderation and what an admin does
 * with an ad's open reports (docs/decisions/021-reports-that-cannot-take-down.md).
 *
 * - `listReportedAds`: every ad with open reports, whatever its status — a single report shows at once,
 *   while the ad stays public — with the count, the reasons, the kinds of reporters and their texts.
 * - `dismissReports`: the reports are unfounded; they are closed (a reports_dismissed decision) and an
 *   ad the reports had hidden is public again.
 * - `takeDownAd`: the ad goes out (→ rejected, the moderation queue's own decision, with the reason the
 *   owner reads); the owner is e-mailed and may ask for a human review.
 * Both are recorded with the admin and the time, made only from the statuses they expect, in one
 * transaction with their record.
 */
import { and, eq, inArray } from "drizzle-orm";
import { db, writeTransaction } from "~/db/client.server";
import { ads, moderationDecisions, users } from "~/db/schema";
import { effectiveStatus } from "~/models/ad/ad";
import { REPORT_ADMIN_MESSAGES, type ReportedAdItem } from "~/models/report/ad-report";
import { sendAdHiddenMail } from "~/models/report/hidden-ad-mail.server";
import { heldByReports, rejectAd, type QueueOutcome } from "~/models/moderation/moderation-queue.server";
import { MODERATION_MESSAGES } from "~/models/moderation/moderation-queue";
import { openReportsByAd, reportSummaries } from "~/models/report/reports.server";

/** How many ads the section shows, and how many reports (with texts) per ad. */
const SECTION_LIMIT = 100;
const REPORTS_PER_AD = 10;

/** Whether the reports took this ad out of the public list and no one has decided since. */
export function isHeldByReports(adId: number): boolean {
  const ad = db.select({ status: ads.status }).from(ads).where(eq(ads.id, adId)).get();
  return ad?.status === "pending" && heldByReports([adId]).has(adId);
}

/** The 'Denúncias' section: ads with open reports, most accounts that count first. */
export function listReportedAds(now: Date = new Date()): ReportedAdItem[] {
  const summaries = [...reportSummaries().values()].slice(0, SECTION_LIMIT);
  const ids = summaries.map((summary) => summary.adId);
  if (ids.length === 0) return [];
  const rows = new Map(
    db
      .select({ id: ads.id, title: ads.title, status: ads.status, expirationDate: ads.expirationDate, ownerName: users.fullName, ownerEmail: users.email })
      .from(ads)
      .innerJoin(users, eq(users.id, ads.userId))
      .where(inArray(ads.id, ids))
      .all()
      .map((row) => [row.id, row]),
  );
  const held = heldByReports(ids);
  const reports = openReportsByAd(ids, REPORTS_PER_AD);
  return summaries.flatMap((summary) => {
    const row = rows.get(summary.adId);
    if (!row) return [];
    const status = effectiveStatus(row, now);
    return [
      {
        ...summary,
        title: row.title,
        status,
        heldByReports: row.status === "pending" && held.has(row.id),
        owner: { fullName: row.ownerName, email: row.ownerEmail },
        reports: reports.get(row.id) ?? [],
      },
    ];
  });
}

export function countReportedAds(): number {
  return reportSummaries().size;
}

/** Closes the ad's open reports; an ad they had hidden is public again. */
export function dismissReports({ adId, adminId }: { adId: number; adminId: number }, now: Date = new Date()): QueueOutcome {
  // One write transaction on the one connection: the reads below see what a concurrent decision left.
  return writeTransaction((tx): QueueOutcome => {
    const ad = tx.select({ status: ads.status }).from(ads).where(eq(ads.id, adId)).get();
    if (!ad) return { ok: false, status: 404, message: MODERATION_MESSAGES.notFound };
    if (!reportSummaries([adId]).has(adId)) return { ok: false, status: 409, message: REPORT_ADMIN_MESSAGES.nothingOpen };
    let status = ad.status;
    if (isHeldByReports(adId)) {
      tx.update(ads).set({ status: "active", updatedAt: now }).where(and(eq(ads.id, adId), eq(ads.status, "pending"))).run();
      status = "active";
    }
    tx.insert(moderationDecisions).values({ adId, userId: adminId, decision: "reports_dismissed", reason: null, createdAt: now }).run();
    return { ok: true, adId, status };
  });
}

/**
 * Takes a reported ad out (active, paused or waiting → rejected, with the reason the owner reads) and
 * e-mails the owner when it was theirs to show until now (active or paused; a held ad's owner was told already).
 */
export async function takeDownAd({ adId, adminId, reason }: { adId: number; adminId: number; reason: string }, now: Date = new Date()): Promise<QueueOutcome> {
  const before = db.select({ status: ads.status, expirationDate: ads.expirationDate }).from(ads).where(eq(ads.id, adId)).get();
  if (!before) return { ok: false, status: 404, message: MODERATION_MESSAGES.notFound };
  const outcome = rejectAd({ adId, adminId, reason }, now, ["active", "paused", "pending"]);
  if (!outcome.ok) return outcome.status === 409 ? { ...outcome, message: REPORT_ADMIN_MESSAGES.notPublic } : outcome;
  if (["active", "paused"].includes(effectiveStatus(before, now))) await sendAdHiddenMail({ adId, reasons: [reason.trim()], cause: "admin" });
  return outcome;
}
