/**
 * The PDF report (GET /api/export/pdf-print, 'Exportar PDF'): the admin's numbers, put into words and
 * formatted for print, then drawn by services/pdf (which loads @react-pdf/renderer on first use).
 */
import { formatDateKeyBR, formatDateTimeBR } from "~/lib/dates";
import { formatBRL } from "~/lib/money";
import { METHOD_COLORS, STATUS_COLORS } from "~/lib/charts";
import { dayLabel, monthLabel, reportFileName, type AdminReport } from "~/models/statistics/statistics";
import { getAdminReport, reportDay } from "~/models/statistics/stats.server";
import { renderReportPdf, type ReportPdfInput } from "~/services/pdf/report.server";

const money = (cents: number) => (cents === 0 ? "R$ 0,00" : formatBRL(cents));
const integer = (n: number) => n.toLocaleString("pt-BR");

export function reportPdfInput(report: AdminReport): ReportPdfInput {
  const generatedAt = new Date(report.generatedAt);
  const { totals } = report;
  return {
    title: "Relatório administrativo",
    generatedAt: formatDateTimeBR(generatedAt),
    period: `${formatDateKeyBR(report.daily[0]!.day)} a ${formatDateKeyBR(report.daily[report.daily.length - 1]!.day)}`,
    totals: [
      { label: "Total de anúncios", value: integer(totals.totalAds) },
      { label: "Anúncios ativos", value: integer(totals.activeAds) },
      { label: "Aguardando moderação", value: integer(totals.pendingAds) },
      { label: "Usuários", value: integer(totals.totalUsers) },
      { label: "Anúncios (30 dias)", value: integer(totals.adsLast30Days) },
      { label: "Receita (30 dias)", value: money(totals.revenueLast30DaysCents) },
      { label: "Receita total", value: money(totals.revenueCents) },
      { label: "Pagamentos recebidos", value: integer(totals.paidPayments) },
      // Boost income apart from the day fees (ADR 037).
      ...report.byPurpose.map((row) => ({ label: `Receita: ${row.label.toLowerCase()}`, value: money(row.amountCents) })),
    ],
    daily: report.daily.map((point) => ({ label: dayLabel(point.day), ads: point.ads, revenueCents: point.revenueCents })),
    monthly: report.monthly.map((point) => ({ label: monthLabel(point.month), payments: point.payments, revenueCents: point.revenueCents })),
    byCategory: report.byCategory.map(({ name, total, active }) => ({ name, total, active })),
    byStatus: report.byStatus.map((row) => ({ label: row.label, count: row.count, color: STATUS_COLORS[row.status] ?? "#1d4ed8" })),
    byMethod: report.byMethod.map((row) => ({ label: row.label, payments: row.payments, amountCents: row.amountCents, color: METHOD_COLORS[row.method] ?? "#1d4ed8" })),
  };
}

/** The report as of `now`: its bytes and its file name (relatorio-YYYY-MM-DD.pdf, the São Paulo day). */
export async function buildReportPdf(now: Date = new Date()): Promise<{ bytes: Buffer; fileName: string }> {
  const bytes = await renderReportPdf(reportPdfInput(getAdminReport(now)));
  return { bytes, fileName: reportFileName(reportDay(now)) };
}
