import { Form, Link } from "@remix-run/react";
import { MAX_SAVED_SEARCHES, type SavedSearchItem } from "~/models/saved-search/saved-search";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

/** /conta's 'Buscas salvas': each search in words, a link that runs it, and 'Remover' (a plain form post to /buscas). */
export function SavedSearches({ searches }: { searches: SavedSearchItem[] }) {
  return (
    <section id="buscas" aria-labelledby="buscas-titulo" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id="buscas-titulo" className="text-lg font-bold text-slate-900">
        Buscas salvas
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Enviamos no máximo um e-mail por dia com os anúncios novos de cada busca (até {MAX_SAVED_SEARCHES}). Para salvar uma, use “Salvar busca” na{" "}
        <Link to="/categories" className={`font-semibold text-brand-700 underline ${focusRing}`}>
          lista de anúncios
        </Link>
        .
      </p>
      {searches.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">Nenhuma busca salva.</p>
      ) : (
        <ul className="mt-4 divide-y divide-slate-200" data-testid="saved-searches">
          {searches.map((search) => (
            <li key={search.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
              <Link to={search.href} className={`font-semibold text-slate-900 underline-offset-2 hover:underline ${focusRing}`}>
                {search.description}
              </Link>
              <Form method="post" action="/buscas">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={search.id} />
                <button
                  type="submit"
                  aria-label={`Remover a busca ${search.description}`}
                  className={`min-h-11 rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}
                >
                  Remover
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
