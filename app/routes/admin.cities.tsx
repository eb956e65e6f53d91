/** /admin/cities ('Cidades' of /admin): every city with its ads, to edit or delete; Patos de Minas - MG stays. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { Badge, PageHeader, primaryButton, smallButton } from "~/components/admin/ui";
import { Icon } from "~/components/Icon";
import { listCitiesForAdmin } from "~/models/city/admin.server";
import { requireAdminPage } from "~/web/admin.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return { cities: listCitiesForAdmin() };
}

export default function AdminCities() {
  const { cities } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader
        title="Cidades"
        description={`${cities.length} ${cities.length === 1 ? "cidade" : "cidades"} onde se pode anunciar.`}
        actions={
          <Link to="/admin/create-city" className={primaryButton}>
            <Icon name="plus" className="h-4 w-4" />
            Nova cidade
          </Link>
        }
      />
      <ul className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white shadow-sm">
        {cities.map((city) => (
          <li key={city.id} className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-semibold text-slate-900">
                <span>
                  {city.name} - {city.state}
                </span>
                {city.isDefault ? <Badge tone="brand">Cidade padrão</Badge> : null}
              </p>
              <p className="text-sm text-slate-600">
                {city.adCount} {city.adCount === 1 ? "anúncio" : "anúncios"}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2">
              <Link to={`/admin/edit-city/${city.id}`} className={smallButton} aria-label={`Editar ${city.name} - ${city.state}`}>
                <Icon name="pencil" className="h-4 w-4" />
                Editar
              </Link>
              {city.isDefault ? (
                <span className="text-xs text-slate-500">Não pode ser excluída</span>
              ) : city.adCount > 0 ? (
                <span className="text-xs text-slate-500">Em uso: não pode ser excluída</span>
              ) : (
                <ConfirmDelete kind="cidade" id={city.id} name={`${city.name} - ${city.state}`} back="/admin/cities" />
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
