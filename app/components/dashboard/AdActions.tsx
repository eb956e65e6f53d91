/**
 * One ad's buttons on the dashboard (spec 02 §4), by its effective status: 'Editar', 'Pausar',
 * 'Reativar', 'Vendido' (issue #36), 'Impulsionar' and 'Prolongar' (ADR 037), 'Efetuar Pagamento', 'Editar Anúncio', 'Reativar Anúncio', 'Ver' and 'Excluir', and the
 * admin's status menu. Every action is a plain form post to /dashboard (intent + id) that comes back
 * to the same list with a toast; with JavaScript it runs through a fetcher (no reload), and the
 * confirmations ('Excluir', 'Vendido', the paused ad's 'Editar') open as dialogs instead of pages.
 */
import { Form, Link, useFetcher } from "@remix-run/react";
import { useRef } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { Icon } from "~/components/Icon";
import { AD_STATUS_LABELS, adPath } from "~/models/ad/ad";
import { ADMIN_SETTABLE_STATUSES, MANAGE_MESSAGES, type ManagedAd } from "~/models/ad/manage";
import { MarkSoldFields } from "./MarkSoldFields";
import { ModalDialog } from "./ModalDialog";

export const actionButton = `inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60 ${focusRing}`;
export const primaryAction = `inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg bg-brand-700 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60 ${focusRing}`;
const dangerAction = `inline-flex min-h-10 items-center justify-center gap-1.5 rounded-lg border border-red-200 bg-white px-3 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:opacity-60 ${focusRing}`;

function Hidden({ intent, id, back }: { intent: string; id: number; back: string }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
    </>
  );
}

export function AdActions({ ad, isAdmin, back, onView }: { ad: ManagedAd; isAdmin: boolean; back: string; onView: (id: number) => void }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const pausedDialog = useRef<HTMLDialogElement>(null);
  const soldDialog = useRef<HTMLDialogElement>(null);
  const label = `: ${ad.title}`;
  const backParam = `?${new URLSearchParams({ back })}`;

  const post = (intent: string, text: string, className = actionButton) => (
    <fetcher.Form method="post" action="/dashboard">
      <Hidden intent={intent} id={ad.id} back={back} />
      <button type="submit" disabled={busy} className={className} aria-label={`${text}${label}`}>
        {text}
      </button>
    </fetcher.Form>
  );

  return (
    <div className="flex flex-wrap items-center gap-2">
      {ad.actions.includes("edit") ? (
        <Link to={`/edit-ad/${ad.id}`} className={actionButton} aria-label={`Editar${label}`}>
          <Icon name="pencil" className="h-4 w-4" />
          Editar
        </Link>
      ) : null}
      {ad.actions.includes("pause") ? post("pause", "Pausar") : null}
      {ad.actions.includes("edit-paused") ? (
        <Link
          to={`/edit-ad/${ad.id}`}
          onClick={(event) => {
            event.preventDefault();
            pausedDialog.current?.showModal();
          }}
          className={actionButton}
          aria-label={`Editar${label}`}
        >
          <Icon name="pencil" className="h-4 w-4" />
          Editar
        </Link>
      ) : null}
      {ad.actions.includes("reactivate") ? post("reactivate", "Reativar", primaryAction) : null}
      {ad.actions.includes("mark-sold") ? (
        <Link
          to={`/dashboard/vendido/${ad.id}${backParam}`}
          onClick={(event) => {
            event.preventDefault();
            soldDialog.current?.showModal();
          }}
          className={actionButton}
          aria-label={`Vendido${label}`}
        >
          <Icon name="handshake" className="h-4 w-4" />
          Vendido
        </Link>
      ) : null}
      {ad.actions.includes("boost") ? (
        <Link to={`/impulsionar/${ad.id}`} className={actionButton} aria-label={`Impulsionar${label}`}>
          <Icon name="megaphone" className="h-4 w-4" />
          Impulsionar
        </Link>
      ) : null}
      {ad.actions.includes("extend") ? (
        <Link to={`/prolongar/${ad.id}`} className={actionButton} aria-label={`Prolongar${label}`}>
          <Icon name="calendar-days" className="h-4 w-4" />
          Prolongar
        </Link>
      ) : null}
      {ad.actions.includes("pay") ? (
        <Link to={`/payment/${ad.id}`} className={primaryAction} aria-label={`Efetuar Pagamento${label}`}>
          <Icon name="credit-card" className="h-4 w-4" />
          Efetuar Pagamento
        </Link>
      ) : null}
      {ad.actions.includes("pay-again") ? (
        // Paused by a refund: a new period paid for (the edit page's reactivation, then the payment).
        <Link to={`/edit-ad/${ad.id}?reactivate=true`} className={primaryAction} aria-label={`Pagar${label}`}>
          <Icon name="credit-card" className="h-4 w-4" />
          Pagar
        </Link>
      ) : null}
      {ad.actions.includes("edit-unpaid") ? (
        <Link to={`/edit-ad/${ad.id}`} className={primaryAction} aria-label={`Editar Anúncio${label}`}>
          <Icon name="pencil" className="h-4 w-4" />
          Editar Anúncio
        </Link>
      ) : null}
      {ad.actions.includes("reactivate-expired") ? (
        // A navigation, not a fetcher: it leads to the edit page, with the 5-second toast.
        <Form method="post" action="/dashboard">
          <Hidden intent="reactivate-expired" id={ad.id} back={back} />
          <button type="submit" className={primaryAction} aria-label={`Reativar Anúncio${label}`}>
            <Icon name="rotate-ccw" className="h-4 w-4" />
            Reativar Anúncio
          </button>
        </Form>
      ) : null}
      {/* A sold ad is final for admins too (manage.ts soldFinal): no 'Editar', no status menu. */}
      {isAdmin && ad.actions.length === 0 && ad.status !== "sold" ? (
        <Link to={`/edit-ad/${ad.id}`} className={actionButton} aria-label={`Editar${label}`}>
          <Icon name="pencil" className="h-4 w-4" />
          Editar
        </Link>
      ) : null}
      <Link
        to={adPath(ad)}
        onClick={(event) => {
          event.preventDefault();
          onView(ad.id);
        }}
        className={actionButton}
        aria-label={`Ver${label}`}
      >
        <Icon name="eye" className="h-4 w-4" />
        Ver
      </Link>
      {isAdmin && ad.status !== "sold" ? <StatusMenu ad={ad} back={back} /> : null}
      {ad.deleteRefusal === null ? (
        <Link
          to={`/dashboard/excluir/${ad.id}${backParam}`}
          onClick={(event) => {
            event.preventDefault();
            deleteDialog.current?.showModal();
          }}
          className={dangerAction}
          aria-label={`Excluir${label}`}
        >
          <Icon name="trash-2" className="h-4 w-4" />
          Excluir
        </Link>
      ) : null}

      {ad.deleteRefusal === null ? (
        <ModalDialog ref={deleteDialog} id={`excluir-${ad.id}`} title="Excluir anúncio?">
          <p className="mt-2 text-sm text-slate-700">
            O anúncio <strong>{ad.title}</strong> e as fotos dele serão excluídos. Esta ação não pode ser desfeita.
          </p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={() => deleteDialog.current?.close()} className={actionButton}>
              Cancelar
            </button>
            <fetcher.Form method="post" action="/dashboard" onSubmit={() => deleteDialog.current?.close()}>
              <Hidden intent="delete" id={ad.id} back={back} />
              <button type="submit" className={`${dangerAction} w-full`}>
                Excluir
              </button>
            </fetcher.Form>
          </div>
        </ModalDialog>
      ) : null}
      {ad.actions.includes("mark-sold") ? (
        <ModalDialog ref={soldDialog} id={`vendido-${ad.id}`} title="Marcar como vendido?">
          <fetcher.Form method="post" action="/dashboard" onSubmit={() => soldDialog.current?.close()}>
            <MarkSoldFields id={ad.id} title={ad.title} back={back} />
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button type="button" onClick={() => soldDialog.current?.close()} className={actionButton}>
                Cancelar
              </button>
              <button type="submit" className={`${primaryAction} w-full sm:w-auto`}>
                Marcar como vendido
              </button>
            </div>
          </fetcher.Form>
        </ModalDialog>
      ) : null}
      {ad.actions.includes("edit-paused") ? (
        <ModalDialog ref={pausedDialog} id={`pausado-${ad.id}`} title={MANAGE_MESSAGES.pausedTitle}>
          <p className="mt-2 text-sm text-slate-700">{MANAGE_MESSAGES.pausedText}</p>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" onClick={() => pausedDialog.current?.close()} className={actionButton}>
              Cancelar
            </button>
            <fetcher.Form method="post" action="/dashboard" onSubmit={() => pausedDialog.current?.close()}>
              <Hidden intent="reactivate" id={ad.id} back={back} />
              <button type="submit" className={`${primaryAction} w-full`}>
                Reativar
              </button>
            </fetcher.Form>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}

/** The admin's status menu: active, paused, pending_payment, the current one disabled (spec 02 §4). */
function StatusMenu({ ad, back }: { ad: ManagedAd; back: string }) {
  const fetcher = useFetcher();
  return (
    <details className="relative">
      <summary className={`${actionButton} cursor-pointer list-none`} aria-label={`Alterar status: ${ad.title}`}>
        Status
        <Icon name="chevron-down" className="h-4 w-4" />
      </summary>
      <fetcher.Form method="post" action="/dashboard" className="absolute right-0 z-20 mt-1 w-56 rounded-xl border border-slate-200 bg-white py-1 shadow-lg">
        <input type="hidden" name="intent" value="set-status" />
        <input type="hidden" name="id" value={ad.id} />
        <input type="hidden" name="back" value={back} />
        {ADMIN_SETTABLE_STATUSES.map((status) => (
          <button
            key={status}
            type="submit"
            name="status"
            value={status}
            disabled={ad.storedStatus === status || fetcher.state !== "idle"}
            className={`block w-full px-4 py-2.5 text-left text-sm text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:text-slate-400 ${focusRing} focus-visible:ring-inset focus-visible:ring-offset-0`}
          >
            {AD_STATUS_LABELS[status]}
            {ad.storedStatus === status ? " (atual)" : ""}
          </button>
        ))}
      </fetcher.Form>
    </details>
  );
}
