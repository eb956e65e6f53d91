/** The admin's numbers as charts (spec 02 §2 'Estatísticas'): /admin/stats and the tab of /admin-old. */
import { BarChart, ColumnChart } from "~/components/admin/charts";
import { StatCard } from "~/components/admin/ui";
import { CHART_COLORS, compactNumber, METHOD_COLORS, PURPOSE_COLORS, STATUS_COLORS } from "~/lib/charts";
import { formatDateKeyBR } from "~/lib/dates";
import { formatBRL } from "~/lib/money";
import { dayLabel, monthLabel, type AdminReport } from "~/models/statistics/statistics";

const integer = (n: number) => n.toLocaleString("pt-BR");
const money = (cents: number) => (cents === 0 ? "R$ 0,00" : formatBRL(cents));
const reais = (value: number) => money(Math.round(value * 100));

function peak<T>(items: T[], value: (item: T) => number): T | undefined {
  return items.reduce<T | undefined>((best, item) => (best === undefined || value(item) > value(best) ? item : best), undefined);
}

export function StatsPanel({ report }: { report: AdminReport }) {
  const { totals, daily, monthly } = report;
  const busiestDay = peak(daily, (d) => d.ads);
  const bestRevenueDay = peak(daily, (d) => d.revenueCents);
  const topCategories = report.byCategory.filter((c) => c.total > 0).slice(0, 12);
  const period = `${formatDateKeyBR(daily[0]!.day)} a ${formatDateKeyBR(daily[daily.length - 1]!.day)}`;
  return (
    <div className="space-y-5">
      <div className="grid grid-cols-2 gap-3 xl:grid-cols-4">
        <StatCard label="Total de anúncios" value={integer(totals.totalAds)} icon="megaphone" />
        <StatCard label="Anúncios ativos" value={integer(totals.activeAds)} icon="circle-check" tone="green" />
        <StatCard label="Aguardando moderação" value={integer(totals.pendingAds)} icon="list-checks" tone="amber" />
        <StatCard label="Usuários" value={integer(totals.totalUsers)} icon="users" tone="slate" />
        <StatCard label="Anúncios em 30 dias" value={integer(totals.adsLast30Days)} icon="calendar-days" />
        <StatCard label="Receita em 30 dias" value={money(totals.revenueLast30DaysCents)} icon="receipt" tone="green" />
        <StatCard label="Receita total" value={money(totals.revenueCents)} icon="credit-card" tone="green" />
        <StatCard label="Pagamentos recebidos" value={integer(totals.paidPayments)} icon="check" tone="slate" />
      </div>

      <div className="grid gap-5 xl:grid-cols-2">
        <ColumnChart
          title="Anúncios criados por dia"
          summary={`${integer(totals.adsLast30Days)} nos últimos 30 dias (${period})${busiestDay && busiestDay.ads > 0 ? `; o dia com mais foi ${formatDateKeyBR(busiestDay.day)}, com ${busiestDay.ads}` : ""}.`}
          points={daily.map((d) => ({ label: dayLabel(d.day), fullLabel: formatDateKeyBR(d.day), value: d.ads }))}
          format={integer}
          integer
          valueHeading="Anúncios"
        />
        <ColumnChart
          title="Receita por dia"
          summary={`${money(totals.revenueLast30DaysCents)} nos últimos 30 dias${bestRevenueDay && bestRevenueDay.revenueCents > 0 ? `; o melhor dia foi ${formatDateKeyBR(bestRevenueDay.day)}, com ${money(bestRevenueDay.revenueCents)}` : ""}.`}
          points={daily.map((d) => ({ label: dayLabel(d.day), fullLabel: formatDateKeyBR(d.day), value: d.revenueCents / 100 }))}
          format={reais}
          axisFormat={(n) => `R$ ${compactNumber(n)}`}
          color={CHART_COLORS.revenue}
          valueHeading="Receita"
        />
        <BarChart
          title="Anúncios por status"
          summary={report.byStatus
            .filter((s) => s.count > 0)
            .map((s) => `${s.label}: ${integer(s.count)}`)
            .join("; ") || "Nenhum anúncio ainda."}
          items={report.byStatus.map((s) => ({ label: s.label, value: s.count, text: integer(s.count), color: STATUS_COLORS[s.status] }))}
          labelHeading="Status"
          valueHeading="Anúncios"
        />
        <BarChart
          title="Vendeu pelo Classificados?"
          summary={`${integer(report.sales.sold)} ${report.sales.sold === 1 ? "anúncio marcado" : "anúncios marcados"} como vendido: ${integer(report.sales.soldHere)} pelo Classificados, ${integer(report.sales.soldElsewhere)} em outro lugar, ${integer(report.sales.unanswered)} sem resposta.`}
          items={[
            { label: "Sim, pelo Classificados", value: report.sales.soldHere, text: integer(report.sales.soldHere), color: STATUS_COLORS.sold },
            { label: "Não, em outro lugar", value: report.sales.soldElsewhere, text: integer(report.sales.soldElsewhere), color: STATUS_COLORS.paused },
            { label: "Sem resposta", value: report.sales.unanswered, text: integer(report.sales.unanswered), color: STATUS_COLORS.expired },
          ]}
          labelHeading="Resposta"
          valueHeading="Anúncios vendidos"
        />
        <BarChart
          title="Pagamentos por forma"
          summary={report.byMethod.map((m) => `${m.label}: ${integer(m.payments)} (${money(m.amountCents)})`).join("; ") + "."}
          items={report.byMethod.map((m) => ({ label: m.label, value: m.amountCents, text: money(m.amountCents), color: METHOD_COLORS[m.method] }))}
          labelHeading="Forma"
          valueHeading="Valor recebido"
          extraColumns={{ heading: "Pagamentos", values: report.byMethod.map((m) => integer(m.payments)) }}
        />
        <BarChart
          title="Receita por finalidade"
          summary={report.byPurpose.map((p) => `${p.label}: ${money(p.amountCents)} (${integer(p.payments)})`).join("; ") + "."}
          items={report.byPurpose.map((p) => ({ label: p.label, value: p.amountCents, text: money(p.amountCents), color: PURPOSE_COLORS[p.purpose] }))}
          labelHeading="Finalidade"
          valueHeading="Valor recebido"
          extraColumns={{ heading: "Pagamentos", values: report.byPurpose.map((p) => integer(p.payments)) }}
        />
        <BarChart
          title="Anúncios por categoria"
          summary={topCategories.length ? `Mais anúncios: ${topCategories.slice(0, 3).map((c) => `${c.name} (${integer(c.total)})`).join(", ")}.` : "Nenhum anúncio ainda."}
          items={report.byCategory.map((c) => ({ label: c.name, value: c.total, text: integer(c.total) }))}
          labelHeading="Categoria"
          valueHeading="Anúncios"
          extraColumns={{ heading: "Ativos", values: report.byCategory.map((c) => integer(c.active)) }}
        />
        <ColumnChart
          title="Receita por mês"
          summary={`${money(monthly.reduce((sum, m) => sum + m.revenueCents, 0))} nos últimos 12 meses.`}
          points={monthly.map((m) => ({ label: monthLabel(m.month), value: m.revenueCents / 100 }))}
          format={reais}
          axisFormat={(n) => `R$ ${compactNumber(n)}`}
          color={CHART_COLORS.revenue}
          valueHeading="Receita"
          labelHeading="Mês"
        />
      </div>
    </div>
  );
}
