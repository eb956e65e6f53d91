import { Form } from "@remix-run/react";
import { PRICE_DROP_MESSAGES } from "~/models/ad/price-drop";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

/** /conta's 'Avisos de queda de preço': the state in words and one button that turns it the other way (a plain form post). */
export function PriceDropSwitch({ on, pending }: { on: boolean; pending: boolean }) {
  return (
    <section id="avisos-de-preco" aria-labelledby="avisos-de-preco-titulo" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="avisos-de-preco-titulo" className="text-lg font-bold text-slate-900">
        {PRICE_DROP_MESSAGES.switchLabel}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{PRICE_DROP_MESSAGES.switchHelp}</p>
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <input type="hidden" name="intent" value="price-drop-alerts" />
        <input type="hidden" name="on" value={on ? "false" : "true"} />
        <span className="text-sm font-semibold text-slate-800" data-testid="price-drop-state">
          {on ? "Ativados" : "Desativados"}
        </span>
        <button
          type="submit"
          role="switch"
          aria-checked={on}
          aria-label={PRICE_DROP_MESSAGES.switchLabel}
          disabled={pending}
          className={`min-h-11 rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-60 ${focusRing}`}
        >
          {on ? "Desativar" : "Ativar"}
        </button>
      </Form>
    </section>
  );
}
