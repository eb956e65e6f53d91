/**
 * The ads a person manages: the /dashboard list and stats and their API twins (GET /api/ads,
 * GET /api/ads/stats). A user sees only their own ads, whatever the request asks; an admin sees
 * everyone's (and may narrow to one user or one ad id). Statuses are effective ones: an ad whose date
 * has passed counts and filters as "expired", whatever is stored. Newest first.
 */
import { and, count, desc, eq, gt, inArray, lte, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { ads, moderationDecisions, users } from "~/db/schema";
import { centsToDecimalString } from "~/lib/money";
import { expirationKeyFromInstant } from "~/lib/dates";
import { oneLine } from "~/lib/plain-text";
import { optionalIdSchema } from "~/lib/id";
import { AD_STATUSES, AD_TYPES, effectiveStatus, type AdStatus } from "~/models/ad/ad";
import { imagesByAd, sharedAdColumns, sharedAdFields, withAdNames } from "~/models/ad/card.server";
import { reviewReasons } from "~/models/ad/fraud-signals";
import {
  DASHBOARD_PAGE_SIZES,
  DEFAULT_DASHBOARD_PAGE_SIZE,
  deleteRefusal,
  ownerActions,
  type Actor,
  type DashboardFilter,
  type DashboardPageSize,
  type DashboardStats,
  type ManagedAd,
} from "~/models/ad/manage";
import { latestDecisions, type DecisionRecord } from "~/models/ad/decisions.server";
import { archiveUserId } from "~/models/ad/removal.server";
import { paidMoneyWasReversed } from "~/models/ad/status.server";
import { publiclyVisible } from "~/models/ad/visibility.server";

const MAX_SEARCH_TERMS = 8;

/**
 * The dashboard searches its own ads through `ads_fts` (title and description, migration
 * 0001) with this query; the public listing uses the Portuguese index instead (`searchMatch`).
 *
 * A safe FTS5 query from what a person typed: the words (letters and digits, any script), each as a
 * quoted prefix term, all required. Quotes and operators the person typed never reach FTS5 syntax.
 * null when there is no word at all (the search then does not filter).
 */
function ftsQuery(search: string | undefined): string | null {
  if (!search) return null;
  const words = search.normalize("NFC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.slice(0, MAX_SEARCH_TERMS).map((word) => `"${word}"*`);
  return terms.length ? terms.join(" ") : null;
}

export type { DashboardFilter, DashboardStats, ManagedAd };

const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const SEARCH_MAX = 100;

/** GET /api/ads (strict: a bad value is a 400) and the page (lenient, see dashboardFilterFromUrl). */
export const dashboardQuerySchema = z.object({
  status: z.preprocess(blank, z.enum(AD_STATUSES, { message: `deve ser um de: ${AD_STATUSES.join(", ")}` }).optional()),
  categoryId: z.preprocess(blank, optionalIdSchema),
  adType: z.preprocess(blank, z.enum(AD_TYPES, { message: "deve ser Vender, Comprar ou Trocar" }).optional()),
  search: z.preprocess(blank, z.string().check(oneLine()).max(SEARCH_MAX, { message: `deve ter no máximo ${SEARCH_MAX} caracteres` }).optional()),
  id: z.preprocess(blank, optionalIdSchema),
  userId: z.preprocess(blank, optionalIdSchema),
  page: z.preprocess(blank, z.coerce.number({ message: "deve ser um número" }).int().min(1, { message: "deve ser maior que zero" }).max(100_000).default(1)),
  limit: z.preprocess(
    blank,
    z.coerce
      .number({ message: "deve ser um número" })
      .refine((n) => (DASHBOARD_PAGE_SIZES as readonly number[]).includes(n), { message: `deve ser ${DASHBOARD_PAGE_SIZES.join(", ")}` })
      .default(DEFAULT_DASHBOARD_PAGE_SIZE),
  ),
  sortBy: z.preprocess(blank, z.literal("createdAt", { message: "só é aceito createdAt" }).optional()),
  sortOrder: z.preprocess(blank, z.literal("desc", { message: "só é aceito desc" }).optional()),
});

export function toDashboardFilter(query: z.output<typeof dashboardQuerySchema>, actor: Actor): DashboardFilter {
  return {
    status: query.status,
    categoryId: query.categoryId,
    adType: query.adType,
    search: query.search,
    // Only admins look beyond their own ads: a user's `userId` or `id` never widens the scope.
    id: actor.isAdmin ? query.id : undefined,
    userId: actor.isAdmin ? query.userId : undefined,
    page: query.page,
    limit: query.limit as DashboardPageSize,
  };
}

/** The page's reading of its URL: a value that does not parse is dropped, not an error page. */
export function dashboardFilterFromUrl(url: URL, actor: Actor): DashboardFilter {
  const params = Object.fromEntries(url.searchParams);
  const shape = dashboardQuerySchema.shape;
  const one = <K extends keyof typeof shape>(key: K) => {
    const result = shape[key].safeParse(params[key]);
    return result.success ? (result.data as z.output<(typeof shape)[K]>) : undefined;
  };
  return toDashboardFilter(
    {
      status: one("status"),
      categoryId: one("categoryId"),
      adType: one("adType"),
      search: one("search"),
      id: one("id"),
      userId: one("userId"),
      page: one("page") ?? 1,
      limit: one("limit") ?? DEFAULT_DASHBOARD_PAGE_SIZE,
      sortBy: undefined,
      sortOrder: undefined,
    },
    actor,
  );
}

/** Who is in the viewer's scope: their own ads, or (admins) everyone's but the internal archive's. */
function scope(actor: Actor, userId?: number): SQL | undefined {
  const archive = archiveUserId();
  if (!actor.isAdmin) return eq(ads.userId, actor.id);
  return and(userId !== undefined ? eq(ads.userId, userId) : undefined, archive !== null ? ne(ads.userId, archive) : undefined);
}

/**
 * "expired" is a date test; "sold" the stored status whatever the date (sold wins over it); any other
 * status is the stored one on an ad whose date has not passed.
 */
function statusCondition(status: AdStatus | undefined, now: Date): SQL | undefined {
  if (!status) return undefined;
  if (status === "expired") return and(ne(ads.status, "sold"), lte(ads.expirationDate, now));
  if (status === "sold") return eq(ads.status, "sold");
  return and(eq(ads.status, status), gt(ads.expirationDate, now));
}

export function listManagedAds(actor: Actor, filter: DashboardFilter, now: Date = new Date()): { ads: ManagedAd[]; total: number } {
  const match = ftsQuery(filter.search);
  const where = and(
    scope(actor, filter.userId),
    statusCondition(filter.status, now),
    filter.categoryId !== undefined ? eq(ads.categoryId, filter.categoryId) : undefined,
    filter.adType !== undefined ? eq(ads.adType, filter.adType) : undefined,
    filter.id !== undefined ? eq(ads.id, filter.id) : undefined,
    match !== null ? sql`${ads.id} IN (SELECT rowid FROM ads_fts WHERE ads_fts MATCH ${match})` : undefined,
  );
  const [{ total }] = db.select({ total: count() }).from(ads).where(where).all() as [{ total: number }];
  const rows = withAdNames(
    db
      .select({
        ...sharedAdColumns,
        adCostCents: ads.adCostCents,
        status: ads.status,
        moderation: ads.moderation,
        fraudSignals: ads.fraudSignals,
        userId: ads.userId,
        userFullName: users.fullName,
        userEmail: users.email,
      })
      .from(ads)
      .$dynamic(),
  )
    .where(where)
    .orderBy(desc(ads.createdAt), desc(ads.id))
    .limit(filter.limit)
    .offset((filter.page - 1) * filter.limit)
    .all();

  const images = imagesByAd(rows.map((row) => row.id));
  const rejected = rows.filter((row) => effectiveStatus(row, now) === "rejected").map((row) => row.id);
  const decisions = rejectionDecisions(rejected);
  const waiting = latestDecisions(rows.filter((row) => effectiveStatus(row, now) === "pending").map((row) => row.id));

  return {
    total,
    ads: rows.map((row) => {
      const status = effectiveStatus(row, now);
      const own = row.userId === actor.id;
      return {
        ...sharedAdFields(row, images.get(row.id) ?? []),
        adCost: centsToDecimalString(row.adCostCents),
        status,
        storedStatus: row.status,
        expirationDay: expirationKeyFromInstant(row.expirationDate),
        user: { id: row.userId, fullName: row.userFullName, email: actor.isAdmin || own ? row.userEmail : "" },
        actions: own ? ownerActions({ ...row, refundPaused: status === "paused" && paidMoneyWasReversed(row.id) }, now) : [],
        deleteRefusal: deleteRefusal(row, actor, now),
        rejectionReasons: status === "rejected" ? [...(row.moderation?.issues ?? []), ...(decisions.get(row.id) ?? [])] : [],
        reviewReasons: reviewReasons(status, row.fraudSignals),
        ...ownerReview(own, status, waiting.get(row.id)),
      };
    }),
  };
}

/** What the owner's dashboard says of a rejected or waiting ad and whether they may ask for a human review (moderation-queue.server.ts). */
function ownerReview(own: boolean, status: AdStatus, latest: DecisionRecord | undefined): Pick<ManagedAd, "hiddenByReports" | "review"> {
  const hiddenByReports = status === "pending" && latest?.decision === "held_by_reports" ? (latest.reason ?? "").split("; ").filter(Boolean) : null;
  if (!own) return { hiddenByReports, review: null };
  if (status === "rejected" || hiddenByReports) return { hiddenByReports, review: "can-ask" };
  return { hiddenByReports, review: status === "pending" && latest?.decision === "review_requested" ? "asked" : null };
}

/** The moderator's latest rejection reason of each ad. */
function rejectionDecisions(adIds: number[]): Map<number, string[]> {
  const byAd = new Map<number, string[]>();
  if (adIds.length === 0) return byAd;
  const rows = db
    .select({ adId: moderationDecisions.adId, reason: moderationDecisions.reason })
    .from(moderationDecisions)
    .where(and(inArray(moderationDecisions.adId, adIds), eq(moderationDecisions.decision, "rejected")))
    .orderBy(desc(moderationDecisions.createdAt), desc(moderationDecisions.id))
    .all();
  for (const row of rows) {
    if (byAd.has(row.adId)) continue;
    byAd.set(row.adId, row.reason?.trim() ? [row.reason.trim()] : []);
  }
  return byAd;
}

/** The stats cards and GET /api/ads/stats (spec 02 §3 "Statistics (owner)"), over the viewer's scope. */
export function dashboardStats(actor: Actor, { userId }: { userId?: number } = {}, now: Date = new Date()): DashboardStats {
  const at = now.getTime();
  const notExpired = sql`${ads.expirationDate} > ${at}`;
  const row = db
    .select({
      totalAds: count(),
      activeAds: sql<number>`coalesce(sum(case when ${publiclyVisible(now)} then 1 else 0 end), 0)`,
      pendingPaymentAds: sql<number>`coalesce(sum(case when ${ads.status} = 'pending_payment' and ${notExpired} then 1 else 0 end), 0)`,
      pausedAds: sql<number>`coalesce(sum(case when ${ads.status} = 'paused' and ${notExpired} then 1 else 0 end), 0)`,
      expiredAds: sql<number>`coalesce(sum(case when ${ads.status} <> 'sold' and ${ads.expirationDate} <= ${at} then 1 else 0 end), 0)`,
      soldAds: sql<number>`coalesce(sum(case when ${ads.status} = 'sold' then 1 else 0 end), 0)`,
      totalViews: sql<number>`coalesce(sum(${ads.views}), 0)`,
    })
    .from(ads)
    .where(scope(actor, actor.isAdmin ? userId : undefined))
    .get()!;
  return {
    totalAds: Number(row.totalAds),
    activeAds: Number(row.activeAds),
    pendingPaymentAds: Number(row.pendingPaymentAds),
    pausedAds: Number(row.pausedAds),
    expiredAds: Number(row.expiredAds),
    soldAds: Number(row.soldAds),
    totalViews: Number(row.totalViews),
  };
}
