/**
 * The pieces of /admin/payments: payment cards (a phone shows every field without a table to scroll),
 * the 'Reembolsos pendentes' list and 'Estornar' with its confirmation. Like ConfirmDelete: with
 * JavaScript a <dialog> asks first; without it 'Estornar' is a link to /admin/payments?estornar={id},
 * which asks the same question with a plain form. Either way the refund is a POST.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useCallback, useId, useRef, useState, type ReactNode } from "react";
import { Badge, dangerButton, focusRing, secondaryButton, smallDangerButton, textLink } from "~/components/admin/ui";
import { Icon } from "~/components/Icon";
import { useHydrated } from "~/components/use-hydrated";
import type { PaymentStatus } from "~/models/payment/payment";
import type { AdminPaymentRow, PaymentAdRef, PaymentPayer, PendingRefund } from "~/models/payment/admin-payment";

export const PAYMENTS_PATH = "/admin/payments";

const STATUS_TONES: Record<PaymentStatus, "slate" | "green" | "amber" | "red" | "brand"> = {
  pending: "amber",
  confirmed: "green",
  received: "green",
  overdue: "amber",
  refunded: "brand",
  failed: "slate",
};

/**
 * What the confirmation names: the payment, its amount, who paid and for which ad. `byHand`: the local
 * gateway only records a refund, so the admin must give the money back themselves.
 */
export type RefundTarget = { paymentId: number; amountText: string; methodLabel?: string; payer: PaymentPayer; ad: PaymentAdRef; refundDue: boolean; byHand: boolean };

export function refundHref(paymentId: number, back: string) {
  const search = new URLSearchParams(new URL(back, "http://x").search);
  search.set("estornar", String(paymentId));
  return `${PAYMENTS_PATH}?${search}`;
}

function Consequences({ target }: { target: RefundTarget }) {
  return (
    <>
      <p className="mt-2 text-slate-800">
        <strong className="font-semibold">{target.amountText}</strong>
        {target.methodLabel ? ` (${target.methodLabel})` : ""} de {target.payer.name} — {target.ad.title}.
      </p>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        {target.byHand ? (
          <li>
            <strong className="font-semibold">Nenhum dinheiro é enviado:</strong> com o gateway local o estorno só fica registrado. Devolva {target.amountText} a quem
            pagou (por PIX, por exemplo) e depois marque “Devolvido manualmente” neste pagamento. Quem pagou recebe um e-mail dizendo que a devolução é feita à mão.
          </li>
        ) : (
          <li>O valor volta para quem pagou, que recebe um e-mail avisando.</li>
        )}
        <li>{target.refundDue ? "Este valor não pagou nenhum dia de publicação: o anúncio não muda." : "O anúncio é pausado (a não ser que outro pagamento o mantenha)."}</li>
        <li>Não é possível desfazer um estorno.</li>
      </ul>
    </>
  );
}

/** The form the dialog and the confirmation page share. */
export function RefundForm({ paymentId, back, onCancel }: { paymentId: number; back: string; onCancel?: () => void }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction === PAYMENTS_PATH && navigation.formData?.get("paymentId") === String(paymentId);
  return (
    <Form method="post" action={PAYMENTS_PATH} className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <input type="hidden" name="intent" value="refund" />
      <input type="hidden" name="paymentId" value={paymentId} />
      <input type="hidden" name="voltar" value={back} />
      {onCancel ? (
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancelar
        </button>
      ) : (
        <Link to={back} className={secondaryButton}>
          Cancelar
        </Link>
      )}
      <button type="submit" disabled={pending} className={dangerButton}>
        <Icon name={pending ? "loader-circle" : "rotate-ccw"} className={`h-4 w-4 ${pending ? "animate-spin" : ""}`} />
        {pending ? "Estornando..." : "Confirmar estorno"}
      </button>
    </Form>
  );
}

/** The confirmation page (no JavaScript): what the 'Estornar' link opens. */
export function RefundConfirmation({ target, refusal, back }: { target: RefundTarget; refusal: string | null; back: string }) {
  return (
    <section aria-labelledby="estorno-titulo" className="rounded-2xl border border-red-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="estorno-titulo" className="text-lg font-bold text-slate-900">
        Estornar pagamento nº {target.paymentId}?
      </h2>
      <Consequences target={target} />
      {refusal ? (
        <>
          <p role="alert" className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
            {refusal}
          </p>
          <Link to={back} className={`${secondaryButton} mt-4`}>
            Voltar aos pagamentos
          </Link>
        </>
      ) : (
        <RefundForm paymentId={target.paymentId} back={back} />
      )}
    </section>
  );
}

/** 'Estornar': a link to the confirmation page until JavaScript runs, then a button opening a dialog. */
export function RefundButton({ target, back }: { target: RefundTarget; back: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDialogElement | null>(null);
  const titleId = useId();
  // Every way out (Cancelar, Esc, the backdrop) closes the dialog natively first: while it is still
  // modal the rest of the page is inert, so only then can the focus go back to 'Estornar'.
  const closed = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  // The dialog exists only while it is open: showModal() as it mounts, unmounted when it closes.
  const show = useCallback((node: HTMLDialogElement | null) => {
    dialog.current = node;
    if (node && !node.open) node.showModal();
  }, []);
  const label = `Estornar pagamento nº ${target.paymentId}`;
  if (!hydrated) {
    return (
      <Link to={refundHref(target.paymentId, back)} className={smallDangerButton} aria-label={label}>
        <Icon name="rotate-ccw" className="h-4 w-4" />
        Estornar
      </Link>
    );
  }
  return (
    <>
      <button ref={trigger} type="button" onClick={() => setOpen(true)} className={smallDangerButton} aria-label={label} aria-haspopup="dialog">
        <Icon name="rotate-ccw" className="h-4 w-4" />
        Estornar
      </button>
      {open ? (
        <dialog
          ref={show}
          aria-labelledby={titleId}
          onClose={closed}
          className="w-[calc(100%-2rem)] max-w-md rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/50"
          onClick={(event) => {
            // A click on the backdrop (the dialog element itself, outside its box) closes it.
            if (event.target === event.currentTarget) event.currentTarget.close();
          }}
        >
          <div className="p-5 sm:p-6">
            <h2 id={titleId} className="text-lg font-bold text-slate-900">
              Estornar pagamento nº {target.paymentId}?
            </h2>
            <Consequences target={target} />
            <RefundForm paymentId={target.paymentId} back={back} onCancel={() => dialog.current?.close()} />
          </div>
        </dialog>
      ) : null}
    </>
  );
}

function AdLink({ ad }: { ad: PaymentAdRef }) {
  return ad.href ? (
    <Link to={ad.href} className={`${textLink} break-words`}>
      {ad.title}
    </Link>
  ) : (
    <span className="break-words text-slate-700">{ad.title}</span>
  );
}

function Payer({ payer }: { payer: PaymentPayer }) {
  return (
    <>
      <span className="break-words">{payer.name}</span>
      {payer.email ? <span className="block break-all text-slate-600">{payer.email}</span> : null}
    </>
  );
}

/** Label/value pairs that stack on a phone and sit side by side from 640 px. */
function Fields({ fields }: { fields: [string, ReactNode][] }) {
  return (
    <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
      {fields.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-600">{label}</dt>
          <dd className="-mt-1.5 min-w-0 text-slate-900 sm:mt-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A refund the local gateway only recorded: 'Marcar como devolvido' until the admin gives the money back, then when they did. */
function ReturnByHand({ row, back }: { row: AdminPaymentRow; back: string }) {
  const navigation = useNavigation();
  if (!row.returnByHand) return null;
  if (!row.returnByHand.due) return <span data-testid={`returned-${row.id}`}>Devolvido manualmente em {row.returnByHand.atText}</span>;
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "returned-by-hand" && navigation.formData?.get("paymentId") === String(row.id);
  return (
    <Form method="post" action={PAYMENTS_PATH} className="flex flex-col items-start gap-2">
      <span className="font-semibold text-amber-900">Pendente: devolva {row.amountText} a quem pagou, por conta própria.</span>
      <input type="hidden" name="intent" value="returned-by-hand" />
      <input type="hidden" name="paymentId" value={row.id} />
      <input type="hidden" name="voltar" value={back} />
      <button type="submit" disabled={pending} className={secondaryButton} aria-label={`Marcar o pagamento nº ${row.id} como devolvido manualmente`}>
        {pending ? "Registrando..." : "Devolvido manualmente"}
      </button>
    </Form>
  );
}

export function PaymentCard({ row, back, byHand }: { row: AdminPaymentRow; back: string; byHand: boolean }) {
  const titleId = `pagamento-${row.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-bold text-slate-900">
          Pagamento nº {row.id}
        </h3>
        <span data-testid={`status-${row.id}`}>
          <Badge tone={STATUS_TONES[row.status]}>{row.statusLabel}</Badge>
        </span>
      </div>
      <p className="mt-1 text-lg font-extrabold tabular-nums text-slate-900">
        {row.amountText} <span className="text-sm font-semibold text-slate-600">· {row.methodLabel}</span>
      </p>
      <Fields
        fields={[
          ["Data", row.dateText],
          ["Anúncio", <AdLink key="ad" ad={row.ad} />],
          ["Pagador", <Payer key="payer" payer={row.payer} />],
          ...(row.refundedAtText ? ([["Estornado em", row.refundedAtText]] as [string, ReactNode][]) : []),
          ...(row.returnByHand ? ([["Devolução", <ReturnByHand key="return" row={row} back={back} />]] as [string, ReactNode][]) : []),
          ...(row.refundDue ? ([["Observação", "Valor a devolver: não pagou nenhum dia de publicação."]] as [string, ReactNode][]) : []),
        ]}
      />
      {row.refundable ? (
        <div className="mt-3 flex justify-end">
          <RefundButton
            target={{ paymentId: row.id, amountText: row.amountText, methodLabel: row.methodLabel, payer: row.payer, ad: row.ad, refundDue: row.refundDue, byHand }}
            back={back}
          />
        </div>
      ) : null}
    </article>
  );
}

export function PendingRefundCard({ item, back, byHand }: { item: PendingRefund; back: string; byHand: boolean }) {
  const titleId = `reembolso-${item.key}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-amber-300 bg-amber-50/60 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-bold text-slate-900">
          {item.paymentId ? `Pagamento nº ${item.paymentId}` : "Pagamento sem registro"}
        </h3>
        <p className="text-lg font-extrabold tabular-nums text-slate-900">{item.amountText}</p>
      </div>
      <p className="mt-1 text-sm font-medium text-amber-950">{item.reason}</p>
      <Fields
        fields={[
          ["Recebido em", item.dateText],
          ["Anúncio", <AdLink key="ad" ad={item.ad} />],
          ["Pagador", <Payer key="payer" payer={item.payer} />],
        ]}
      />
      {item.refundable && item.paymentId ? (
        <div className="mt-3 flex justify-end">
          <RefundButton target={{ paymentId: item.paymentId, amountText: item.amountText, payer: item.payer, ad: item.ad, refundDue: true, byHand }} back={back} />
        </div>
      ) : item.note ? (
        <p className="mt-3 text-sm text-slate-700">{item.note}</p>
      ) : null}
    </article>
  );
}

export function Pagination({ page, hasMore }: { page: number; hasMore: boolean }) {
  if (page === 1 && !hasMore) return null;
  const link = `inline-flex min-h-11 items-center gap-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`;
  return (
    <nav aria-label="Páginas de pagamentos" className="mt-4 flex flex-wrap items-center justify-between gap-2">
      {page > 1 ? (
        <Link to={page === 2 ? PAYMENTS_PATH : `${PAYMENTS_PATH}?pagina=${page - 1}`} className={link}>
          <Icon name="chevron-left" className="h-4 w-4" />
          Mais recentes
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">Página {page}</span>
      {hasMore ? (
        <Link to={`${PAYMENTS_PATH}?pagina=${page + 1}`} className={link}>
          Mais antigos
          <Icon name="chevron-right" className="h-4 w-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
