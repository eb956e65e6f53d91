import type { ComponentProps } from "react";
import { Icon } from "~/components/Icon";
import { CityOptions } from "~/components/ads/CityOptions";

/**
 * The home page's banner: the slogan, the search, the city and the two calls to action. A kept part whose
 * HTML follows from its props (routes/_index.tsx): the server renders it once per chosen city, the browser
 * keeps that HTML and loads this code only to show another city. Plain forms and anchors, which the kept
 * part's wrapper sends and follows through Remix; the city sends its form once chosen (`data-submit-on-change`),
 * and without JavaScript with its own button.
 */
export function HomeBanner({ cities, cityId }: { cities: ComponentProps<typeof CityOptions>["cities"]; cityId: number | null }) {
  // On a phone a line of slogan over the search and the city, so the ads start in the first screen (issue #35).
  return (
    <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">
      <div className="mx-auto max-w-7xl px-4 py-3 sm:py-14 lg:px-6">
        <h1 className="text-lg font-extrabold leading-tight tracking-tight sm:text-4xl">Pequenos anúncios, grandes negócios!</h1>
        <p className="mt-3 hidden max-w-xl text-brand-100 sm:block">
          Compre, venda e troque em Patos de Minas e região. Fale direto com quem anuncia pelo WhatsApp.
        </p>
        <div className="mt-3 grid gap-2 sm:mt-6 sm:max-w-2xl sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-3">
          <form method="get" action="/categories" role="search" aria-label="Buscar anúncios" className="flex gap-2">
            {cityId ? <input type="hidden" name="cityId" value={cityId} /> : null}
            <label htmlFor="busca-inicio" className="sr-only">
              O que você procura?
            </label>
            <span className="relative min-w-0 flex-1">
              <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" />
              <input id="busca-inicio" type="search" name="search" enterKeyHint="search" placeholder="O que você procura?" className="filter-field pl-10" />
            </span>
            <button
              type="submit"
              className="min-h-11 shrink-0 rounded-lg bg-accent-400 px-4 font-semibold text-slate-900 hover:bg-accent-300 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/60"
            >
              Buscar
            </button>
          </form>
          <form method="get" action="/" className="flex items-center gap-2">
            <label htmlFor="cidade-inicio" className="shrink-0 text-sm font-semibold">
              Cidade
            </label>
            <select
              id="cidade-inicio"
              name="cityId"
              defaultValue={cityId ?? undefined}
              key={cityId}
              data-submit-on-change
              className="filter-field min-w-0 flex-1"
            >
              <CityOptions cities={cities} />
            </select>
            <noscript>
              <button type="submit" className="min-h-11 rounded-lg bg-white px-4 font-semibold text-brand-800">
                Ver
              </button>
            </noscript>
          </form>
        </div>
        <div className="mt-6 hidden flex-wrap gap-3 sm:flex">
          <a
            href="/categories"
            className="rounded-lg bg-white px-5 py-3 font-semibold text-brand-800 shadow hover:bg-brand-50 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/60"
          >
            Ver anúncios
          </a>
          <a
            href="/create-ad"
            className="rounded-lg bg-accent-400 px-5 py-3 font-semibold text-slate-900 shadow hover:bg-accent-300 focus:outline-none focus-visible:ring-4 focus-visible:ring-white/60"
          >
            Anunciar
          </a>
        </div>
      </div>
    </section>
  );
}
