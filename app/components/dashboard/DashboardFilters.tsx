/**
 * The dashboard's filters as a GET form (the URL is the state): status, category, type, search, the
 * page size and, for admins, an ad id. Submitting leaves `page` out, so every filter change starts
 * again at page 1 (spec 02 §4). With JavaScript a changed select applies at once.
 */
import { Form, Link } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { inputClass } from "~/components/ad-form/fields";
import { Icon } from "~/components/Icon";
import { CategoryOptions, LabelledSelect } from "~/components/LabelledSelect";
import { AD_STATUSES, AD_STATUS_LABELS, AD_TYPES } from "~/models/ad/ad";
import { DASHBOARD_PAGE_SIZES, type DashboardFilter } from "~/models/ad/manage";

const applyNow = (event: ChangeEvent<HTMLSelectElement>) => event.currentTarget.form?.requestSubmit();

export function DashboardFilters({
  filter,
  categories,
  isAdmin,
}: {
  filter: DashboardFilter;
  categories: { id: number; name: string }[];
  isAdmin: boolean;
}) {
  return (
    <Form method="get" action="/dashboard" role="search" aria-label="Filtrar anúncios" className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-6">
        <div className="sm:col-span-2">
          <label htmlFor="filtro-busca" className="mb-1 block text-sm font-medium text-slate-800">
            Buscar
          </label>
          <input id="filtro-busca" name="search" type="search" defaultValue={filter.search ?? ""} maxLength={100} placeholder="Título ou descrição" className={inputClass(false)} />
        </div>
        {isAdmin ? (
          <div>
            <label htmlFor="filtro-id" className="mb-1 block text-sm font-medium text-slate-800">
              ID
            </label>
            <input id="filtro-id" name="id" type="text" inputMode="numeric" pattern="[0-9]*" defaultValue={filter.id ?? ""} className={inputClass(false)} />
          </div>
        ) : null}
        <LabelledSelect id="filtro-status" label="Status" name="status" defaultValue={filter.status ?? ""} onChange={applyNow}>
          <option value="">Todos</option>
          {AD_STATUSES.map((status) => (
            <option key={status} value={status}>
              {AD_STATUS_LABELS[status]}
            </option>
          ))}
        </LabelledSelect>
        <LabelledSelect id="filtro-categoria" label="Categoria" name="categoryId" defaultValue={filter.categoryId ?? ""} onChange={applyNow}>
          <option value="">Todas</option>
          <CategoryOptions categories={categories} />
        </LabelledSelect>
        <LabelledSelect id="filtro-tipo" label="Tipo" name="adType" defaultValue={filter.adType ?? ""} onChange={applyNow}>
          <option value="">Todos</option>
          {AD_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </LabelledSelect>
        <LabelledSelect id="filtro-limite" label="Por página" name="limit" defaultValue={filter.limit} onChange={applyNow}>
          {DASHBOARD_PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </LabelledSelect>
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <button type="submit" className={`inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white hover:bg-brand-800 ${focusRing}`}>
          Filtrar
        </button>
        <Link to="/dashboard" className={`inline-flex items-center gap-1.5 rounded-lg px-3 py-2.5 text-sm font-semibold text-slate-700 hover:bg-slate-100 ${focusRing}`}>
          <Icon name="x" className="h-4 w-4" />
          Limpar filtros
        </Link>
      </div>
    </Form>
  );
}
