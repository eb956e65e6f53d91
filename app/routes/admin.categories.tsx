/** /admin/categories (spec 02 §2): every category, active or not, to edit or delete; 'Nova categoria'. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Badge, PageHeader, primaryButton, smallButton } from "~/components/admin/ui";
import { CategoryIcon } from "~/components/CategoryIcon";
import { Icon } from "~/components/Icon";
import { listCategoriesForAdmin } from "~/models/category/admin.server";
import { requireAdminPage } from "~/web/admin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return { categories: listCategoriesForAdmin() };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export default function AdminCategories() {
  const { categories } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Categorias"
        description={`${plural(categories.length, "categoria", "categorias")}. Subcategorias e características ficam na edição de cada uma.`}
        actions={
          <Link to="/admin/create-category" className={primaryButton}>
            <Icon name="plus" className="h-4 w-4" />
            Nova categoria
          </Link>
        }
      />
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {categories.map((category) => (
          <li key={category.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
                <CategoryIcon icon={category.icon} className="h-6 w-6" />
              </span>
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                  <span className="break-words">{category.name}</span>
                  {category.isActive ? <Badge tone="green">Ativa</Badge> : <Badge>Inativa</Badge>}
                </p>
                <p className="text-sm text-slate-600">
                  {plural(category.subcategoryCount, "subcategoria", "subcategorias")} · {plural(category.characteristicCount, "característica", "características")} ·{" "}
                  {plural(category.adCount, "anúncio", "anúncios")}
                </p>
              </div>
            </div>
            <div className="flex flex-wrap items-center gap-2 sm:justify-end">
              <Link to={`/admin/edit-category/${category.id}`} className={smallButton} aria-label={`Editar ${category.name}`}>
                <Icon name="pencil" className="h-4 w-4" />
                Editar
              </Link>
              {category.adCount > 0 ? (
                <span className="text-xs text-slate-500">Em uso: não pode ser excluída</span>
              ) : (
                <ConfirmDelete
                  kind="categoria"
                  id={category.id}
                  name={category.name}
                  back="/admin/categories"
                  details={`Também serão excluídas ${plural(category.subcategoryCount, "subcategoria", "subcategorias")} e ${plural(category.characteristicCount, "característica", "características")}.`}
                />
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
