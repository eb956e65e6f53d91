import { focusRing } from "~/components/focus-ring";
import { CityOptions } from "~/components/ads/CityOptions";
import { AD_TYPES, ALL_CITIES } from "~/models/ad/ad";
import type { Applied } from "~/models/listing/listing-links";

// Styles in tailwind.css: seven fields on every /categories page carry one short class each.
const fieldClass = "filter-field";
const labelClass = "filter-label";

/** What the panel shows of the filters in effect (the keyword and the order are elsewhere). */
export type PanelFilters = Pick<Applied, "categoryId" | "subcategoryId" | "cityId" | "allCities" | "adType" | "minPrice" | "maxPrice">;

export type FilterPanelProps = {
  filters: PanelFilters;
  categories: { id: number; name: string }[];
  /** The chosen category's subcategories (none without a category). */
  subcategories: { id: number; name: string }[];
  cities: { id: number; name: string; state: string }[];
};

/**
 * The fields under 'Filtros' (FilterBar's <details>): category, subcategory, city, type, price, and the
 * buttons. A kept part (KeptFilterPanel, FilterBar.tsx): plain elements only, so the server renders it once
 * per filters and the browser keeps that HTML until they change. The fields are the browser's own
 * (uncontrolled), keyed by the filters, so each new list shows its own. With JavaScript a new category is
 * applied at once (`data-submit-on-change`), which brings its subcategories and resets subcategory and type
 * (spec 01 §2); without it, the server applies that rule when the form is sent (`prevCategory`, see
 * canonicalSearch).
 */
export function FilterPanel({ filters, categories, subcategories, cities }: FilterPanelProps) {
  return (
    <div key={JSON.stringify(filters)} className="grid gap-3 border-t border-slate-200 p-3 sm:grid-cols-2 lg:grid-cols-4">
      <label className={labelClass}>
        Categoria
        <select name="category" defaultValue={filters.categoryId ?? ""} data-submit-on-change className={fieldClass}>
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
        <select name="subcategoryId" defaultValue={filters.subcategoryId ?? ""} disabled={subcategories.length === 0} className={fieldClass}>
          <option value="">{filters.categoryId ? "Todas as subcategorias" : "Escolha uma categoria"}</option>
          {subcategories.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      <label className={labelClass}>
        Cidade
        <select name="cityId" defaultValue={filters.allCities ? ALL_CITIES : filters.cityId ?? undefined} className={fieldClass}>
          <option value={ALL_CITIES}>Todas as cidades</option>
          <CityOptions cities={cities} />
        </select>
      </label>
      <label className={labelClass}>
        Tipo
        <select name="adType" defaultValue={filters.adType ?? ""} className={fieldClass}>
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
          <PriceField name="minPrice" label="Preço mínimo" placeholder="Mínimo" value={filters.minPrice} />
          <span className="text-sm text-slate-500">a</span>
          <PriceField name="maxPrice" label="Preço máximo" placeholder="Máximo" value={filters.maxPrice} />
        </div>
      </fieldset>
      <div className="flex items-end gap-2 sm:col-span-2">
        <button type="submit" className={`min-h-11 flex-1 rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800 ${focusRing}`}>
          Aplicar filtros
        </button>
        <a
          href="/categories"
          className={`inline-flex min-h-11 flex-1 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50 ${focusRing}`}
        >
          Limpar
        </a>
      </div>
    </div>
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
