/**
 * The 'Vendido' confirmation's fields (issue #36): the ad it is about and the optional "Vendeu pelo
 * Classificados?" (sim / não, or left unanswered). The dashboard's dialog (JavaScript) and the page
 * /dashboard/vendido/{id} (without it) wrap them in their own form posting intent mark-sold to /dashboard.
 */
import { SOLD_HERE_QUESTION } from "~/models/ad/manage";

export function MarkSoldFields({ id, title, back }: { id: number; title: string; back: string }) {
  return (
    <>
      <input type="hidden" name="intent" value="mark-sold" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="back" value={back} />
      <p className="mt-2 text-sm text-slate-700">
        <strong>{title}</strong> sai das listas e da busca, e a página dele passa a mostrar &quot;Vendido&quot;, sem os seus contatos. Um anúncio
        vendido não pode ser reativado nem editado.
      </p>
      <fieldset className="mt-4">
        <legend className="text-sm font-semibold text-slate-900">
          {SOLD_HERE_QUESTION} <span className="font-normal text-slate-600">(opcional)</span>
        </legend>
        <div className="mt-2 flex gap-3">
          <label className="inline-flex min-h-11 flex-1 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
            <input type="radio" name="soldHere" value="sim" className="h-4 w-4 accent-brand-700" />
            Sim
          </label>
          <label className="inline-flex min-h-11 flex-1 items-center gap-2 rounded-lg border border-slate-300 px-3 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
            <input type="radio" name="soldHere" value="nao" className="h-4 w-4 accent-brand-700" />
            Não
          </label>
        </div>
      </fieldset>
    </>
  );
}
