/**
 * The admin's numbers (spec 02 §3 'Admin statistics', §7 GET /api/stats, the /admin/stats charts and
 * the PDF report), the browser-safe half: their shapes and labels. Days and months are São Paulo ones.
 */
import type { AdStatus } from "~/models/ad/ad";
import type { PaymentMethod, PaymentPurpose } from "~/models/payment/payment";

/** GET /api/stats (spec 02 §7). */
export type AdminTotals = {
  totalAds: number;
  totalUsers: number;
  /** Awaiting a person in the moderation queue (stored status 'pending'). */
  pendingAds: number;
  /** Public now: 'active' and not expired. */
  activeAds: number;
};

export type DailyPoint = { day: string; ads: number; revenueCents: number };
export type MonthlyPoint = { month: string; payments: number; revenueCents: number };
export type CategoryCount = { categoryId: number; name: string; total: number; active: number };
export type StatusCount = { status: AdStatus; label: string; count: number };
export type MethodTotal = { method: PaymentMethod; label: string; payments: number; amountCents: number };
/** Paid money by what it bought (ADR 037): day fees apart from boosts and extensions. */
export type PurposeTotal = { purpose: PaymentPurpose; label: string; payments: number; amountCents: number };

export type AdminReport = {
  /** ISO instant. */
  generatedAt: string;
  totals: AdminTotals & { revenueCents: number; paidPayments: number; revenueLast30DaysCents: number; adsLast30Days: number };
  /** The last 30 São Paulo days, oldest first, today last. */
  daily: DailyPoint[];
  /** The last 12 São Paulo months, oldest first. */
  monthly: MonthlyPoint[];
  byCategory: CategoryCount[];
  /** Effective status (expired once the date has passed), every status listed. */
  byStatus: StatusCount[];
  /** Paid payments (confirmed or received) per method. */
  byMethod: MethodTotal[];
  /** Paid payments (confirmed or received) per purpose: the day fees, the boosts, the extensions. */
  byPurpose: PurposeTotal[];
  /** Ads their owners marked 'Vendido', by the answer to "Vendeu pelo Classificados?" (issue #36). */
  sales: SoldCounts;
};

export type SoldCounts = { sold: number; soldHere: number; soldElsewhere: number; unanswered: number };

export const REPORT_DAYS = 30;
export const REPORT_MONTHS = 12;

export const EXPORT_MESSAGES = {
  exported: "PDF exportado com sucesso!",
  exportError: "Erro ao exportar PDF",
  fallback: "Erro ao gerar PDF",
} as const;

const MONTHS = ["jan", "fev", "mar", "abr", "mai", "jun", "jul", "ago", "set", "out", "nov", "dez"];

/** "2026-11" → "nov/26". */
export function monthLabel(month: string): string {
  const [year, m] = month.split("-");
  return `${MONTHS[Number(m) - 1] ?? m}/${(year ?? "").slice(2)}`;
}

/** "2026-11-05" → "05/11". */
export function dayLabel(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}`;
}

/** The report's file name: relatorio-YYYY-MM-DD.pdf, the São Paulo day it was made. */
export function reportFileName(dayKey: string): string {
  return `relatorio-${dayKey}.pdf`;
}
