/**
 * The moderation queue (spec 02 §2 'Moderação'): each ad awaiting a person with the fraud signals
 * its payment found (a bait price, a photo copied from another account's ad, linked), the automatic
 * moderation's reasons and, when the owner asked for a review, their words and the contested
 * rejection. 'Aprovar' publishes it; 'Rejeitar' needs a reason, which the owner reads on the dashboard.
 * Plain forms: with JavaScript off they post and come back with a toast.
 */
import { Link } from "@remix-run/react";
import { AdDecisionForms } from "~/components/admin/AdDecisionForms";
import { Badge, focusRing, primaryButton } from "~/components/admin/ui";
import { Icon } from "~/components/Icon";
import { formatDateTimeBR } from "~/lib/dates";
import { imageVariantUrl } from "~/lib/image-variants";
import { formatBRL } from "~/lib/money";
import { REPORTER_MIN_ACCOUNT_AGE_DAYS } from "~/models/report/ad-report";
import type { FraudSignal } from "~/models/ad/fraud-signals";
import type { ModerationQueueItem } from "~/models/moderation/moderation-queue";
import { adPath } from "~/models/ad/ad";

const PROVIDERS: Record<string, string> = { gemini: "Gemini", openai: "OpenAI", local: "regras locais" };
const RECOMMENDATIONS: Record<string, string> = { approved: "aprovado", rejected: "rejeitado", needs_review: "precisa de revisão" };

export function ModerationQueue({ items, action = "/admin/moderation", back }: { items: ModerationQueueItem[]; action?: string; back: string }) {
  if (items.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
        <Icon name="circle-check" className="mx-auto h-10 w-10 text-emerald-600" />
        <p className="mt-2 font-semibold text-slate-900">Nenhum anúncio aguardando moderação</p>
        <p className="mt-1 text-sm text-slate-600">Anúncios pagos que a moderação automática ou os sinais de golpe mandaram para revisão e pedidos de revisão dos anunciantes aparecem aqui.</p>
      </div>
    );
  }
  return (
    <ul className="space-y-4">
      {items.map((item) => (
        <li key={item.id}>
          <QueueItem item={item} action={action} back={back} />
        </li>
      ))}
    </ul>
  );
}

function QueueItem({ item, action, back }: { item: ModerationQueueItem; action: string; back: string }) {
  const titleId = `moderacao-${item.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex gap-3 sm:gap-4">
        {item.coverPublicId ? (
          <img
            src={imageVariantUrl(item.coverPublicId, { width: 320, height: 240 })}
            alt=""
            width={96}
            height={72}
            loading="lazy"
            decoding="async"
            className="h-[72px] w-24 shrink-0 rounded-lg bg-slate-100 object-cover"
          />
        ) : (
          <div className="flex h-[72px] w-24 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
            <Icon name="image-off" className="h-6 w-6" />
          </div>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            {item.reviewRequest ? <Badge tone="amber">Revisão pedida pelo anunciante</Badge> : null}
            {item.heldByReports ? <Badge tone="red">Oculto por denúncias</Badge> : null}
            {item.fraudSignals.length ? <Badge tone="red">Sinal de golpe</Badge> : null}
            {!item.reviewRequest && !item.heldByReports && !item.fraudSignals.length ? <Badge tone="brand">Moderação automática</Badge> : null}
            {item.expired ? <Badge tone="red">Expirado</Badge> : null}
            <span className="text-xs text-slate-500">#{item.id}</span>
          </div>
          <h3 id={titleId} className="mt-1 break-words font-bold text-slate-900">
            {item.title}
          </h3>
          <p className="text-sm text-slate-600">
            {item.categoryName}
            {item.subcategoryName ? ` › ${item.subcategoryName}` : ""} · {item.city} - {item.state} · {formatBRL(item.priceCents)}
          </p>
          <p className="text-xs text-slate-500">
            {item.owner.fullName ?? item.owner.email} ({item.owner.email}) · aguardando desde {formatDateTimeBR(new Date(item.waitingSince))}
          </p>
        </div>
      </div>

      <p className="mt-3 whitespace-pre-line break-words text-sm text-slate-800">{item.description}</p>

      <div className="mt-3 space-y-2 text-sm">
        {item.reports ? (
          <p className="rounded-lg bg-red-50 p-3 text-red-950">
            <strong>
              {item.reports.total} {item.reports.total === 1 ? "denúncia" : "denúncias"}
            </strong>{" "}
            ({item.reports.counting} de contas com mais de {REPORTER_MIN_ACCOUNT_AGE_DAYS} dias).{" "}
            <a href="#denuncias" className={`rounded font-semibold underline ${focusRing}`}>
              Ver em Denúncias
            </a>
          </p>
        ) : null}
        {item.reviewRequest ? (
          <div className="rounded-lg bg-amber-50 p-3 text-amber-950">
            <p className="font-semibold">Pedido de revisão humana ({formatDateTimeBR(new Date(item.reviewRequest.createdAt))})</p>
            <p className="mt-0.5">{item.reviewRequest.reason ?? "O anunciante não escreveu um motivo."}</p>
            {item.previousRejection?.reason ? <p className="mt-1 text-amber-900">Rejeição contestada: {item.previousRejection.reason}</p> : null}
          </div>
        ) : null}
        {item.fraudSignals.length ? (
          <div className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-950">
            <p className="font-semibold">Sinais de golpe encontrados no pagamento</p>
            <ul className="mt-1 list-disc space-y-0.5 pl-5">
              {item.fraudSignals.map((signal) => (
                <li key={signal.kind === "copied_photo" ? `foto-${signal.otherAdId}` : signal.kind}>
                  <FraudSignalText signal={signal} />
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {item.moderation ? (
          <div className="rounded-lg bg-slate-50 p-3">
            <p className="font-semibold text-slate-900">
              Moderação automática: {RECOMMENDATIONS[item.moderation.recommendation] ?? item.moderation.recommendation}
              <span className="font-normal text-slate-600">
                {" "}
                ({PROVIDERS[item.moderation.provider] ?? item.moderation.provider}, confiança {Math.round(item.moderation.confidence * 100)}%)
              </span>
            </p>
            {item.moderation.issues.length ? (
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-slate-800">
                {item.moderation.issues.map((issue) => (
                  <li key={issue}>{issue}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-slate-700">Nenhum motivo apontado.</p>
            )}
            {item.moderation.suggestion ? <p className="mt-1 text-slate-700">Sugestão: {item.moderation.suggestion}</p> : null}
          </div>
        ) : null}
      </div>

      <AdDecisionForms
        adId={item.id}
        title={item.title}
        action={action}
        back={back}
        field="decision"
        keep={{ value: "approved", label: "Aprovar", busyLabel: "Aprovando...", ariaLabel: "Aprovar", className: primaryButton }}
        remove={{
          value: "rejected",
          label: "Confirmar rejeição",
          busyLabel: "Rejeitando...",
          summary: "Rejeitar…",
          reasonLabel: "Motivo da rejeição (o anunciante verá)",
          reasonId: `motivo-${item.id}`,
        }}
      />
    </article>
  );
}

/** One signal in words, with the figures or the other ad a person needs to judge it. */
function FraudSignalText({ signal }: { signal: FraudSignal }) {
  if (signal.kind === "price_outlier") {
    return (
      <>
        {signal.reason}: {formatBRL(signal.priceCents)}, contra a mediana de {formatBRL(Math.round(signal.medianCents))} de {signal.peers} anúncios ativos do mesmo tipo.
      </>
    );
  }
  return (
    <>
      {signal.reason}:{" "}
      <Link to={adPath({ id: signal.otherAdId })} className={`font-semibold underline ${focusRing} rounded`}>
        ver o anúncio #{signal.otherAdId}
      </Link>
    </>
  );
}
