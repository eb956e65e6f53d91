import { Link } from "@remix-run/react";
import { Icon } from "~/components/Icon";
import { useHydrated } from "~/components/use-hydrated";

const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";
const primaryButton = `${buttonBase} bg-brand-700 text-white hover:bg-brand-800`;
const secondaryButton = `${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;

export function NotFound() {
  const hydrated = useHydrated();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <Icon name="search-x" className="h-8 w-8" />
      </span>
      <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-brand-700">Erro 404</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">Página não encontrada</h1>
      <p className="mt-4 text-base leading-relaxed text-slate-600">
        O endereço que você acessou não existe ou o conteúdo foi removido. Confira o link ou continue navegando pelos
        anúncios de Patos de Minas e região.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link to="/" className={primaryButton}>
          <Icon name="house" className="h-5 w-5" />
          Ir para o início
        </Link>
        {/* Going back needs JavaScript (our CSP forbids javascript: links), so without it a real link stands in. */}
        {hydrated ? (
          <button type="button" onClick={() => window.history.back()} className={secondaryButton}>
            <Icon name="arrow-left" className="h-5 w-5" />
            Voltar
          </button>
        ) : (
          <Link to="/categories" className={secondaryButton}>
            <Icon name="layout-grid" className="h-5 w-5" />
            Ver anúncios
          </Link>
        )}
      </div>
    </section>
  );
}
