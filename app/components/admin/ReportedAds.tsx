/**
 * 'Denúncias' of /admin/moderation: every ad with open reports — a single report shows here at once,
 * while the ad stays public — with how many, the reasons, who sent them (kinds of reporters: only
 * aged accounts count toward hiding an ad) and their texts. 'Descartar denúncias' closes them
 * (and republishes an ad they had hidden); 'Retirar do ar' needs the reason the owner will read.
 * Plain forms: with JavaScript off they post and come back with a toast.
 */
import { AdDecisionForms } from "~/components/admin/AdDecisionForms";
import { Badge, focusRing, secondaryButton } from "~/components/admin/ui";
import { StatusBadge } from "~/components/dashboard/ManagedAdList";
import { Icon } from "~/components/Icon";
import { formatDateTimeBR } from "~/lib/dates";
import {
  REPORT_REASON_LABELS,
  REPORTER_KIND_LABELS,
  REPORTER_MIN_ACCOUNT_AGE_DAYS,
  REPORTS_TO_HOLD,
  type ReportedAdItem,
  type ReporterKind,
  type ReportReason,
} from "~/models/report/ad-report";

export function ReportedAds({ items, action = "/admin/moderation", back }: { items: ReportedAdItem[]; action?: string; back: string }) {
  return (
    <section aria-labelledby="denuncias" className="mt-8">
      <h2 id="denuncias" className="scroll-mt-4 text-xl font-extrabold tracking-tight text-slate-900">
        Denúncias
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Cada denúncia aparece aqui assim que é enviada, e o anúncio continua publicado. Ele só sai do ar sozinho quando {REPORTS_TO_HOLD} contas
        com mais de {REPORTER_MIN_ACCOUNT_AGE_DAYS} dias, que não sejam do anunciante, o denunciam; denúncias sem conta nunca ocultam um anúncio.
      </p>
      {items.length === 0 ? (
        <div className="mt-4 rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <Icon name="circle-check" className="mx-auto h-10 w-10 text-emerald-600" />
          <p className="mt-2 font-semibold text-slate-900">Nenhuma denúncia em aberto</p>
        </div>
      ) : (
        <ul className="mt-4 space-y-4">
          {items.map((item) => (
            <li key={item.adId}>
              <ReportedAd item={item} action={action} back={back} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Counts<K extends string>({ label, counts, labels }: { label: string; counts: Partial<Record<K, number>>; labels: Readonly<Record<K, string>> }) {
  const entries = (Object.entries(counts) as [K, number][]).sort(([, a], [, b]) => b - a);
  return (
    <div>
      <p className="font-semibold text-slate-900">{label}</p>
      <ul className="mt-0.5 space-y-0.5 text-slate-800">
        {entries.map(([key, n]) => (
          <li key={key}>
            {labels[key]}: <strong>{n}</strong>
          </li>
        ))}
      </ul>
    </div>
  );
}

function ReportedAd({ item, action, back }: { item: ReportedAdItem; action: string; back: string }) {
  const titleId = `denuncia-${item.adId}`;
  return (
    <article aria-labelledby={titleId} data-testid={`denuncia-${item.adId}`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        {item.heldByReports ? <Badge tone="red">Oculto por denúncias</Badge> : null}
        <StatusBadge status={item.status} />
        <span className="text-xs text-slate-500">#{item.adId}</span>
      </div>
      <h3 id={titleId} className="mt-1 break-words font-bold text-slate-900">
        {item.title}
      </h3>
      <p className="text-xs text-slate-500">
        {item.owner.fullName ?? item.owner.email} ({item.owner.email}) · última denúncia em {formatDateTimeBR(new Date(item.latestAt))}
      </p>
      <p className="mt-2 text-sm text-slate-800">
        <strong>
          {item.total} {item.total === 1 ? "denúncia" : "denúncias"}
        </strong>{" "}
        · {item.counting} de {REPORTS_TO_HOLD} contas que contam para ocultar
      </p>

      <div className="mt-3 grid gap-3 rounded-lg bg-slate-50 p-3 text-sm sm:grid-cols-2">
        <Counts<ReportReason> label="Motivos" counts={item.reasons} labels={REPORT_REASON_LABELS} />
        <Counts<ReporterKind> label="Quem denunciou" counts={item.kinds} labels={REPORTER_KIND_LABELS} />
      </div>

      {item.reports.some((report) => report.details) ? (
        <details className="mt-3 text-sm">
          <summary className={`${focusRing} inline-flex min-h-11 cursor-pointer items-center rounded font-semibold text-brand-700 hover:underline`}>
            Ler o que escreveram
          </summary>
          <ul className="mt-1 space-y-2">
            {item.reports
              .filter((report) => report.details)
              .map((report) => (
                <li key={report.id} className="rounded-lg border border-slate-200 p-2">
                  <p className="text-xs text-slate-500">
                    {report.reasonLabel} · {report.reporterKindLabel} · {formatDateTimeBR(new Date(report.createdAt))}
                  </p>
                  <p className="mt-0.5 whitespace-pre-line break-words text-slate-800">{report.details}</p>
                </li>
              ))}
          </ul>
        </details>
      ) : null}

      <AdDecisionForms
        adId={item.adId}
        title={item.title}
        action={action}
        back={back}
        field="intent"
        keep={{
          value: "dismiss-reports",
          label: item.heldByReports ? "Descartar e republicar" : "Descartar denúncias",
          busyLabel: "Descartando...",
          ariaLabel: "Descartar denúncias de",
          className: secondaryButton,
        }}
        remove={{
          value: "take-down",
          label: "Confirmar e retirar do ar",
          busyLabel: "Retirando...",
          summary: "Retirar do ar…",
          reasonLabel: "Motivo (o anunciante receberá por e-mail e poderá pedir revisão)",
          reasonId: `retirar-${item.adId}`,
        }}
      />
    </article>
  );
}
