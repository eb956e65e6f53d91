/**
 * The dashboard's list: a table from md up (admins get the spec's columns ID, Tipo, Categoria,
 * Publicado, Expira, Status, Ações), and on a phone the same rows as stacked cards — one markup, no
 * table that scrolls sideways. Then the pagination, keeping the filters.
 */
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { Icon } from "~/components/Icon";
import { formatDateBR, formatDateKeyBR } from "~/lib/dates";
import { imageVariantUrl } from "~/lib/image-variants";
import { formatBRL, parseDecimalToCents } from "~/lib/money";
import { AD_STATUS_LABELS, type AdStatus, type DayStats } from "~/models/ad/ad";
import type { ManagedAd } from "~/models/ad/manage";
import { REASON_MAX } from "~/models/moderation/moderation-queue";
import { AdActions } from "./AdActions";
import { AdDailyChart } from "./AdDailyChart";

const STATUS_TONE: Record<AdStatus, string> = {
  active: "bg-emerald-100 text-emerald-900",
  paused: "bg-slate-200 text-slate-800",
  pending_payment: "bg-amber-100 text-amber-900",
  expired: "bg-red-100 text-red-900",
  rejected: "bg-red-100 text-red-900",
  pending: "bg-brand-100 text-brand-900",
  sold: "bg-emerald-700 text-white",
};

export function StatusBadge({ status }: { status: AdStatus }) {
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_TONE[status]}`}>{AD_STATUS_LABELS[status]}</span>;
}

/** A cell that shows its column's name before the value on a phone (where there is no header row). */
function Cell({ label, children, className = "" }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={`flex items-baseline justify-between gap-3 py-1 text-sm md:table-cell md:px-3 md:py-3 md:align-top ${className}`}>
      <span className="text-xs font-medium text-slate-500 md:hidden" aria-hidden="true">
        {label}
      </span>
      <span className="min-w-0 text-right md:text-left">{children}</span>
    </td>
  );
}

function Thumb({ ad }: { ad: ManagedAd }) {
  const cover = ad.images[0];
  return cover ? (
    <img src={imageVariantUrl(cover.publicId, { width: 320, height: 240 })} alt="" width={80} height={60} loading="lazy" className="h-12 w-16 shrink-0 rounded-md object-cover" />
  ) : (
    <span className="flex h-12 w-16 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-400">
      <Icon name="image-off" className="h-5 w-5" />
    </span>
  );
}

function ReasonsBox({ title, reasons }: { title: string; reasons: string[] }) {
  return (
    <div className="mt-2 rounded-lg border border-red-200 bg-red-50 p-2 text-left text-xs text-red-900">
      <p className="font-semibold">{title}</p>
      {reasons.length ? (
        <ul className="mt-0.5 list-disc pl-4">
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : (
        <p>Não informado.</p>
      )}
    </div>
  );
}

/**
 * Why a rejected ad, or one reports hid, is out of the public list, and the owner's way to ask a person
 * to look at it again (LGPD Art. 20): a plain form post to the dashboard's action.
 */
function OwnerReview({ ad, back }: { ad: ManagedAd; back: string }) {
  return (
    <>
      {ad.status === "rejected" ? <ReasonsBox title="Motivo da rejeição" reasons={ad.rejectionReasons} /> : null}
      {ad.hiddenByReports ? <ReasonsBox title="Oculto após denúncias, aguardando nossa equipe" reasons={ad.hiddenByReports} /> : null}
      {ad.reviewReasons.length ? <ReasonsBox title="Fora das listas, aguardando nossa equipe" reasons={ad.reviewReasons} /> : null}
      {ad.review === "asked" ? <p className="mt-2 text-left text-xs font-medium text-slate-700">Revisão humana pedida: você verá a decisão aqui.</p> : null}
      {ad.review === "can-ask" ? (
        <details className="mt-2 text-left text-sm">
          <summary className={`inline-flex min-h-11 cursor-pointer items-center rounded font-semibold text-brand-700 hover:underline ${focusRing}`}>Pedir revisão humana</summary>
          <Form method="post" action="/dashboard" className="mt-1 space-y-2">
            <input type="hidden" name="intent" value="review-request" />
            <input type="hidden" name="id" value={ad.id} />
            <input type="hidden" name="back" value={back} />
            <label htmlFor={`revisao-${ad.id}`} className="block text-xs font-medium text-slate-800">
              Conte o que aconteceu (opcional)
            </label>
            <textarea
              id={`revisao-${ad.id}`}
              name="reason"
              rows={3}
              maxLength={REASON_MAX}
              className="w-full rounded-lg border border-slate-300 px-2 py-1.5 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600"
            />
            <button
              type="submit"
              className={`inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 ${focusRing}`}
            >
              Enviar pedido de revisão
            </button>
          </Form>
        </details>
      ) : null}
    </>
  );
}

export function ManagedAdList({
  ads,
  daily,
  isAdmin,
  back,
  onView,
  saves,
}: {
  ads: ManagedAd[];
  /** Each ad's last 30 days (views, contacts), by ad id. */
  daily: Record<number, DayStats[]>;
  isAdmin: boolean;
  back: string;
  onView: (id: number) => void;
  /** How many people saved each ad (its owner's list only). */
  saves: Record<number, number>;
}) {
  if (ads.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        <Icon name="search-x" className="mx-auto h-8 w-8 text-slate-400" />
        <p className="mt-2 font-medium">Nenhum anúncio encontrado.</p>
      </div>
    );
  }
  return (
    <table className="block w-full md:table md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
      <caption className="sr-only">{isAdmin ? "Todos os anúncios" : "Meus anúncios"}</caption>
      <thead className="hidden border-b border-slate-200 bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600 md:table-header-group">
        <tr>
          {(isAdmin ? ["ID", "Tipo", "Categoria", "Publicado", "Expira", "Status", "Ações"] : ["Anúncio", "Categoria", "Publicado", "Expira", "Status", "Visualizações", "Salvo por", "Ações"]).map(
            (column) => (
              <th key={column} scope="col" className="px-3 py-2.5">
                {column}
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody className="block space-y-3 md:table-row-group md:space-y-0 md:divide-y md:divide-slate-200">
        {ads.map((ad) => (
          <tr key={ad.id} data-testid={`ad-row-${ad.id}`} className="block rounded-xl border border-slate-200 bg-white p-3 shadow-sm md:table-row md:rounded-none md:border-0 md:p-0 md:shadow-none">
            {isAdmin ? (
              <>
                <td className="block pb-2 md:table-cell md:px-3 md:py-3 md:align-top">
                  <span className="text-sm font-bold text-slate-900">#{ad.id}</span>
                  <p className="max-w-[16rem] truncate text-sm text-slate-700">{ad.title}</p>
                  <p className="truncate text-xs text-slate-500">{ad.user.fullName ?? ad.user.email}</p>
                  {daily[ad.id] ? <AdDailyChart days={daily[ad.id]!} title={ad.title} /> : null}
                </td>
                <Cell label="Tipo">{ad.adType}</Cell>
              </>
            ) : (
              <td className="block pb-2 md:table-cell md:px-3 md:py-3 md:align-top">
                <div className="flex items-center gap-3">
                  <Thumb ad={ad} />
                  <div className="min-w-0">
                    <p className="font-semibold text-slate-900 md:max-w-[18rem] md:truncate">{ad.title}</p>
                    <p className="text-sm text-slate-700">
                      {ad.adType} · {formatBRL(parseDecimalToCents(ad.price))}
                    </p>
                  </div>
                </div>
                {daily[ad.id] ? <AdDailyChart days={daily[ad.id]!} title={ad.title} /> : null}
              </td>
            )}
            <Cell label="Categoria">
              {ad.category.name}
              {ad.subcategory ? <span className="text-slate-500"> › {ad.subcategory.name}</span> : null}
            </Cell>
            <Cell label="Publicado">{formatDateBR(new Date(ad.createdAt))}</Cell>
            <Cell label="Expira">{formatDateKeyBR(ad.expirationDay)}</Cell>
            <Cell label="Status">
              <span data-testid={`status-${ad.id}`}>
                <StatusBadge status={ad.status} />
              </span>
              <OwnerReview ad={ad} back={back} />
            </Cell>
            {!isAdmin ? <Cell label="Visualizações">{ad.views.toLocaleString("pt-BR")}</Cell> : null}
            {!isAdmin ? (
              <Cell label="Salvo por">
                <span data-testid={`saves-${ad.id}`}>{(saves[ad.id] ?? 0) === 1 ? "1 pessoa" : `${(saves[ad.id] ?? 0).toLocaleString("pt-BR")} pessoas`}</span>
              </Cell>
            ) : null}
            <td className="block border-t border-slate-100 pt-3 md:table-cell md:border-0 md:px-3 md:py-3 md:align-top">
              <AdActions ad={ad} isAdmin={isAdmin} back={back} onView={onView} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 'Anterior' / 'Próxima' with the page number, keeping every filter in the links. */
export function Pagination({ search, page, limit, total }: { search: string; page: number; limit: number; total: number }) {
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  const hrefFor = (target: number) => {
    const params = new URLSearchParams(search);
    if (target <= 1) params.delete("page");
    else params.set("page", String(target));
    const query = params.toString();
    return `/dashboard${query ? `?${query}` : ""}`;
  };
  const link = `inline-flex min-h-10 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`;
  return (
    <nav aria-label="Paginação" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={hrefFor(page - 1)} className={link} rel="prev">
          <Icon name="chevron-left" className="h-4 w-4" />
          Anterior
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-700">
        Página {Math.min(page, pages)} de {pages}
      </p>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className={link} rel="next">
          Próxima
          <Icon name="chevron-right" className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
