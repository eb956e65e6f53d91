import { Form, Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { focusRing } from "~/components/focus-ring";
import { Icon } from "~/components/Icon";
import { keptPart } from "~/components/kept-part";
import { useHydrated } from "~/components/use-hydrated";
import type { Applied } from "~/models/listing/listing-links";
import type { FilterPanelProps } from "./FilterPanel";

/** The filter form's id: the order select sits by the results, outside the form, and belongs to it by `form=`. */
export const FILTER_FORM_ID = "filtros";

/**
 * The panel's fields, kept as the server rendered them (kept-part.tsx): ~100 elements, 44 of them options,
 * the same for everyone who sees the same filters, so the server renders them once per filters and the
 * browser loads their code only when another list comes (issue #35, item 3).
 */
const KeptFilterPanel = keptPart("FilterPanel", () => import("./FilterPanel").then((module) => module.FilterPanel), { htmlFollowsProps: true });

/**
 * A compact search box with everything else under 'Filtros' (a <details>: closed, it costs one line on a
 * phone, and it opens without JavaScript; its fields are FilterPanel's). One form: 'Buscar' and 'Aplicar
 * filtros' submit both (and close the panel); a new category is sent at once and the panel stays open on its
 * subcategories. The keyword is the browser's own field (uncontrolled), so what a visitor types before
 * JavaScript arrives stays; a new list resets what was changed and not sent. `prevSearch` lets the server
 * tell a new search, which takes the relevance order unless the visitor chose another, from a search kept
 * while the order changes; `prevCategory` a new category, which resets subcategory and type.
 */
export function FilterBar({
  applied,
  listKey,
  clearSearchHref,
  ...panel
}: {
  applied: Applied;
  listKey: string;
  clearSearchHref: string;
} & Omit<FilterPanelProps, "filters">) {
  const form = useRef<HTMLFormElement>(null);
  const details = useRef<HTMLDetailsElement>(null);
  const shownList = useRef(listKey);
  useEffect(() => {
    if (shownList.current === listKey) return;
    shownList.current = listKey;
    // A field changed and not sent (a kept field whose filters did not change stays as it was left).
    form.current?.reset();
  }, [listKey]);
  const { categoryId, subcategoryId, cityId, allCities, adType, minPrice, maxPrice } = applied;
  // Filters in the panel that are in effect (the city counts only when it is not the default one).
  const inPanel = [categoryId, subcategoryId, adType, minPrice || maxPrice].filter(Boolean).length;
  return (
    <Form
      ref={form}
      id={FILTER_FORM_ID}
      method="get"
      action="/categories"
      role="search"
      aria-label="Filtrar anúncios"
      onSubmit={() => {
        // Sent with a button: the results come next, so the panel gets out of their way.
        if (details.current) details.current.open = false;
      }}
    >
      <input type="hidden" name="prevCategory" value={applied.categoryId ?? ""} />
      <input type="hidden" name="prevSearch" value={applied.search} />
      <SearchBox key={listKey} search={applied.search} clearSearchHref={clearSearchHref} />

      <details ref={details} className="group mt-2 rounded-xl border border-slate-200 bg-white shadow-sm">
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
        <KeptFilterPanel props={{ filters: { categoryId, subcategoryId, cityId, allCities, adType, minPrice, maxPrice }, ...panel }} />
      </details>
    </Form>
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
          className={`filter-field pl-10 pr-11 [&::-webkit-search-cancel-button]:hidden`}
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
