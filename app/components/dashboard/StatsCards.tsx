/** The dashboard's stats cards (spec 02 §3 "Statistics (owner)"): effective statuses, views summed. */
import type { DashboardStats } from "~/models/ad/manage";

const CARDS: { key: keyof DashboardStats; label: string; tone: string }[] = [
  { key: "totalAds", label: "Total de anúncios", tone: "text-slate-900" },
  { key: "activeAds", label: "Ativos", tone: "text-emerald-700" },
  { key: "pendingPaymentAds", label: "Aguardando Pagamento", tone: "text-amber-700" },
  { key: "pausedAds", label: "Pausados", tone: "text-slate-700" },
  { key: "expiredAds", label: "Expirados", tone: "text-red-700" },
  { key: "totalViews", label: "Visualizações", tone: "text-brand-800" },
];

export function StatsCards({ stats }: { stats: DashboardStats }) {
  return (
    <section aria-label="Resumo dos anúncios">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        {CARDS.map((card) => (
          <div key={card.key} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm">
            <dt className="text-xs font-medium text-slate-600">{card.label}</dt>
            <dd className={`mt-1 text-2xl font-extrabold tabular-nums ${card.tone}`} data-testid={`stat-${card.key}`}>
              {stats[card.key].toLocaleString("pt-BR")}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
