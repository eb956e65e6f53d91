import { Form, Link, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { Icon } from "~/components/Icon";
import { CityOptions } from "~/components/ads/CityOptions";
import { useHydrated } from "~/components/use-hydrated";
import { AD_TYPES, ALL_CITIES } from "~/models/ad/ad";
import type { Applied } from "~/models/listing/listing-links";

/** The filter form's id: the order select sits by the results, outside the form, and belongs to it by `form=`. */
export const FILTER_FORM_ID = "filtros";

const focusRing = "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2";

// Styles in tailwind.css: seven fields on every /categories page carry one short class each.
const fieldClass = "filter-field";
const labelClass = "filter-label";

/**
 * A compact search box with everything else under 'Filtros' (a <details>: closed, it costs one line
 * on a phone, and it opens without JavaScript). One form: 'Buscar' and 'Aplicar filtros' submit both
 * (and close the panel). The fields are the browser's own (uncontrolled), so what a visitor types or
 * picks before JavaScript arrives stays; they are keyed by the list, so each new list shows its filters.
 * With JavaScript a new category is applied at once, which brings its subcategories and resets
 * subcategory and type (spec 01 §2); without it, the server applies that rule when the form is sent
 * (`prevCategory`, see canonicalSearch). `prevSearch` lets the server tell a new search, which takes
 * the relevance order unless the visitor chose another, from a search kept while the order changes.
 */
export function FilterBar({
  applied,
  listKey,
  clearSearchHref,
  categories,
  subcategories,
  cities,
}: {
  applied: Applied;
  listKey: string;
  clearSearchHref: string;
  categories: { id: number; name: string }[];
  subcategories: { id: number; name: string; categoryId: number }[];
  cities: { id: number; name: string; state: string }[];
}) {
  const submit = useSubmit();
  const panel = useRef<HTMLDetailsElement>(null);
  const options = subcategories.filter((s) => s.categoryId === applied.categoryId);
  // Filters in the panel that are in effect (the city counts only when it is not the default one).
  const inPanel = [applied.categoryId, applied.subcategoryId, applied.adType, applied.minPrice || applied.maxPrice].filter(Boolean).length;

  return (
    <Form
      id={FILTER_FORM_ID}
      method="get"
      action="/categories"
      role="search"
      aria-label="Filtrar anúncios"
      onSubmit={() => {
        // Sent with a button: the results come next, so the panel gets out of their way.
        if (panel.current) panel.current.open = false;
      }}
    >
      <input type="hidden" name="prevCategory" value={applied.categoryId ?? ""} />
      <input type="hidden" name="prevSearch" value={applied.search} />
      <SearchBox key={listKey} search={applied.search} clearSearchHref={clearSearchHref} />

      <details ref={panel} className="group mt-2 rounded-xl border border-slate-200 bg-white shadow-sm">
        <summary
          className={`flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-3 text-sm font-semibold text-slate-800 [&::-webkit-details-marker]:hidden ${focusRing}`}
        >
          <Icon name="sliders-horizontal" className="h-4 w-4 text-brand-700" />
          Filtros
          {inPanel > 0 ? (
            <span className="rounded-full bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
              {inPanel}
              <span className="sr-only"> em uso</span>
            </span>
          ) : null}
          <span className="ml-auto text-xs font-normal text-slate-500">Categoria, cidade, tipo, preço</span>
          <Icon name="chevron-down" className="h-4 w-4 text-slate-500 transition-transform group-open:rotate-180" />
        </summary>
        <div key={listKey} className="grid gap-3 border-t border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className={labelClass}>
            Categoria
            <select
              name="category"
              defaultValue={applied.categoryId ?? ""}
              onChange={(event) => {
                const form = event.currentTarget.form;
                if (form) submit(form);
              }}
              className={fieldClass}
            >
              <option value="">Todas as categorias</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            Subcategoria
            <select name="subcategoryId" defaultValue={applied.subcategoryId ?? ""} disabled={options.length === 0} className={fieldClass}>
              <option value="">{applied.categoryId ? "Todas as subcategorias" : "Escolha uma categoria"}</option>
              {options.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>
          <label className={labelClass}>
            Cidade
            <select name="cityId" defaultValue={applied.allCities ? ALL_CITIES : applied.cityId ?? undefined} className={fieldClass}>
              <option value={ALL_CITIES}>Todas as cidades</option>
              <CityOptions cities={cities} />
            </select>
          </label>
          <label className={labelClass}>
            Tipo
            <select name="adType" defaultValue={applied.adType ?? ""} className={fieldClass}>
              <option value="">Todos os tipos</option>
              {AD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="sm:col-span-2">
            <legend className="text-sm font-medium text-slate-700">Preço (R$)</legend>
            <div className="mt-1 flex items-center gap-2">
              <PriceField name="minPrice" label="Preço mínimo" placeholder="Mínimo" value={applied.minPrice} />
              <span className="text-sm text-slate-500">a</span>
              <PriceField name="maxPrice" label="Preço máximo" placeholder="Máximo" value={applied.maxPrice} />
            </div>
          </fieldset>
          <div className="flex items-end gap-2 sm:col-span-2">
            <button type="submit" className={`min-h-11 flex-1 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 ${focusRing}`}>
              Aplicar filtros
            </button>
            <Link
              to="/categories"
              className={`inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}
            >
              Limpar
            </Link>
          </div>
        </div>
      </details>
    </Form>
  );
}

/**
 * A price bound in reais. A text field, not type="number": a number field in a pt-BR phone turns
 * "1.500,00" into "1.50000" (R$ 1,50) or empties it. The server reads what was typed with
 * parsePriceBound (~/lib/money), so "1.500", "1.500,00", "1500,5" and "R$ 1.500" all work;
 * inputMode="decimal" brings a keypad with the separators.
 */
function PriceField({ name, label, placeholder, value }: { name: string; label: string; placeholder: string; value: string }) {
  return (
    <label className="min-w-0 flex-1">
      <span className="sr-only">{label}</span>
      <input type="text" name={name} inputMode="decimal" autoComplete="off" maxLength={20} placeholder={placeholder} defaultValue={value} className={fieldClass} />
    </label>
  );
}

/** The keyword and its clear button (a button with JavaScript, a link to the list without the keyword otherwise). */
function SearchBox({ search, clearSearchHref }: { search: string; clearSearchHref: string }) {
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);
  const [filled, setFilled] = useState(Boolean(search));
  // What was typed before JavaScript arrived is in the field already: the clear button follows it.
  useEffect(() => setFilled(Boolean(input.current?.value)), []);
  return (
    <div className="flex gap-2">
      <label htmlFor="busca" className="sr-only">
        Palavra-chave
      </label>
      <span className="relative min-w-0 flex-1">
        <Icon name="search" className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-slate-400" />
        <input
          ref={input}
          id="busca"
          type="search"
          name="search"
          defaultValue={search}
          onInput={(event) => setFilled(Boolean(event.currentTarget.value))}
          maxLength={100}
          enterKeyHint="search"
          placeholder="O que você procura?"
          className={`${fieldClass} pl-10 pr-11 [&::-webkit-search-cancel-button]:hidden`}
        />
        {filled ? (
          hydrated ? (
            <button
              type="button"
              onClick={() => {
                if (input.current) input.current.value = "";
                setFilled(false);
                input.current?.focus();
              }}
              aria-label="Limpar busca"
              className={`absolute right-0 top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:text-slate-900 ${focusRing}`}
            >
              <Icon name="x" className="h-4 w-4" />
            </button>
          ) : (
            <Link to={clearSearchHref} aria-label="Limpar busca" className="absolute right-0 top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-md text-slate-500 hover:text-slate-900">
              <Icon name="x" className="h-4 w-4" />
            </Link>
          )
        ) : null}
      </span>
      <button type="submit" className={`min-h-11 shrink-0 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 ${focusRing}`}>
        Buscar
      </button>
    </div>
  );
}
