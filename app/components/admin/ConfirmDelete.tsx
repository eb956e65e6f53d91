/**
 * Delete with a confirmation (spec 02 §2): with JavaScript a <dialog> asks first and posts to
 * /admin/delete; without it the button is a link to /admin/delete?tipo=…&id=…, a page that asks the
 * same question with a plain form. Either way the delete is a POST and nothing changes on a GET.
 */
import { Form, Link, useNavigation } from "@remix-run/react";
import { useCallback, useId, useRef, useState } from "react";
import { Icon } from "~/components/Icon";
import { useHydrated } from "~/components/use-hydrated";
import { dangerButton, secondaryButton, smallDangerButton } from "~/components/admin/ui";

export const DELETE_KINDS = {
  categoria: "categoria",
  subcategoria: "subcategoria",
  caracteristica: "característica",
  cidade: "cidade",
} as const;
export type DeleteKind = keyof typeof DELETE_KINDS;

export function deleteHref(kind: DeleteKind, id: number, back: string) {
  return `/admin/delete?${new URLSearchParams({ tipo: kind, id: String(id), voltar: back })}`;
}

/** The hidden fields and buttons the dialog and the confirmation page share. */
export function DeleteForm({ kind, id, back, onCancel, cancelHref }: { kind: DeleteKind; id: number; back: string; onCancel?: () => void; cancelHref?: string }) {
  const navigation = useNavigation();
  const pending =
    navigation.state !== "idle" &&
    navigation.formAction === "/admin/delete" &&
    navigation.formData?.get("tipo") === kind &&
    navigation.formData?.get("id") === String(id);
  return (
    <Form method="post" action="/admin/delete" className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <input type="hidden" name="tipo" value={kind} />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="voltar" value={back} />
      {onCancel ? (
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancelar
        </button>
      ) : (
        <Link to={cancelHref ?? back} className={secondaryButton}>
          Cancelar
        </Link>
      )}
      <button type="submit" disabled={pending} className={dangerButton}>
        {pending ? <Icon name="loader-circle" className="h-4 w-4 animate-spin" /> : <Icon name="trash-2" className="h-4 w-4" />}
        {pending ? "Excluindo..." : "Excluir"}
      </button>
    </Form>
  );
}

export function ConfirmDelete({
  kind,
  id,
  name,
  back,
  details,
  label = "Excluir",
}: {
  kind: DeleteKind;
  id: number;
  name: string;
  back: string;
  /** What else goes with it ("e 3 subcategorias"), or why it cannot go. */
  details?: string;
  label?: string;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  // The dialog exists only while it is open: showModal() as it mounts, unmounted when it closes.
  const show = useCallback((node: HTMLDialogElement | null) => {
    if (node && !node.open) node.showModal();
  }, []);
  const accessible = `${label}: ${name}`;
  if (!hydrated) {
    return (
      <Link to={deleteHref(kind, id, back)} className={smallDangerButton} aria-label={accessible}>
        <Icon name="trash-2" className="h-4 w-4" />
        {label}
      </Link>
    );
  }
  return (
    <>
      <button ref={trigger} type="button" onClick={() => setOpen(true)} className={smallDangerButton} aria-label={accessible} aria-haspopup="dialog">
        <Icon name="trash-2" className="h-4 w-4" />
        {label}
      </button>
      {open ? (
        <dialog
          ref={show}
          aria-labelledby={titleId}
          onClose={close}
          className="w-[calc(100%-2rem)] max-w-md rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/50"
          onClick={(event) => {
            // A click on the backdrop (the dialog element itself, outside its box) closes it.
            if (event.target === event.currentTarget) event.currentTarget.close();
          }}
        >
          <div className="p-5 sm:p-6">
            <h2 id={titleId} className="text-lg font-bold text-slate-900">
              Excluir {DELETE_KINDS[kind]}?
            </h2>
            <p className="mt-2 text-slate-700">
              <strong className="font-semibold">{name}</strong> será excluída permanentemente.
            </p>
            {details ? <p className="mt-2 text-sm text-slate-600">{details}</p> : null}
            <DeleteForm kind={kind} id={id} back={back} onCancel={close} />
          </div>
        </dialog>
      ) : null}
    </>
  );
}
