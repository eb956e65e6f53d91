/**
 * A payment error at the top of the payment form ('Erro no pagamento' and the reason: a refused card,
 * a gateway that did not answer, a missing field). An alert region, so screen readers announce it.
 *
 * When the server's answer brings it (`focusOnShow`), the keyboard focus moves to it: a refused card
 * is reported where the eyes and the screen reader are, not only in a toast. Without JavaScript there
 * is no focus to move; the payment page puts the form (and so this alert) first in that answer
 * instead, so it is on the first screen of a phone.
 */
import { useEffect, useRef } from "react";
import { Icon } from "~/components/Icon";

export type PaymentFormAlert = { title: string; message: string } | null;

export function PaymentAlert({ id, alert, focusOnShow }: { id?: string; alert: PaymentFormAlert; focusOnShow: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  // Runs for each new answer: the page passes the action's alert object, which is new per submission.
  useEffect(() => {
    if (alert && focusOnShow) box.current?.focus();
  }, [alert, focusOnShow]);

  if (!alert) return null;
  return (
    <div
      ref={box}
      id={id}
      role="alert"
      tabIndex={-1}
      // Scrolled to by focus(): clear of the sticky header (64 px) and, on wide screens, of the toast in the top corner.
      className="flex scroll-mt-40 gap-2 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-red-700"
    >
      <Icon name="circle-alert" className="mt-0.5 h-4 w-4 shrink-0" />
      <div>
        <p className="font-semibold">{alert.title}</p>
        <p>{alert.message}</p>
      </div>
    </div>
  );
}
