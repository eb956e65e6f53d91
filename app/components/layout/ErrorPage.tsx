import { Link, useLocation } from "@remix-run/react";
import { Icon } from "~/components/Icon";

const buttonBase =
  "inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

/**
 * Generic error content for error boundaries. Shows only the texts it is given (never error details or
 * stack traces). Both actions reload the whole document, so the page starts clean after a failure.
 */
export function ErrorPage({
  title = "Algo deu errado",
  message = "Tente novamente em instantes.",
  status,
}: {
  title?: string;
  message?: string;
  status?: number;
}) {
  const { pathname, search } = useLocation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-red-50 text-red-700">
        <Icon name="triangle-alert" className="h-8 w-8" />
      </span>
      {status ? (
        <p className="mt-6 text-sm font-semibold uppercase tracking-wider text-red-700">Erro {status}</p>
      ) : null}
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-base leading-relaxed text-slate-600">{message}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Link
          to={{ pathname, search }}
          reloadDocument
          className={`${buttonBase} bg-brand-700 text-white hover:bg-brand-800`}
        >
          <Icon name="rotate-ccw" className="h-5 w-5" />
          Tentar novamente
        </Link>
        <Link
          to="/"
          reloadDocument
          className={`${buttonBase} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`}
        >
          <Icon name="house" className="h-5 w-5" />
          Ir para o início
        </Link>
      </div>
    </section>
  );
}
