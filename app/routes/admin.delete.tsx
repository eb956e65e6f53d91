/**
 * /admin/delete: the delete confirmations of the admin panel (spec 02 §2) as one route.
 * GET ?tipo=categoria|subcategoria|caracteristica|cidade&id=…&voltar=… asks (the page the 'Excluir'
 * link opens without JavaScript; with it a dialog asks instead); POST deletes through the model, which
 * refuses what ads still use, and goes back to `voltar` with the toast.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DELETE_KINDS, DeleteForm, type DeleteKind } from "~/components/admin/ConfirmDelete";
import { Card, PageHeader } from "~/components/admin/ui";
import { parseId } from "~/lib/parse-id";
import {
  deleteCategory,
  deleteCharacteristic,
  deleteSubcategory,
  getCharacteristic,
  listSubcategoriesForAdmin,
} from "~/models/category/admin.server";
import { getCategory, getSubcategory, listCharacteristics } from "~/models/category/category.server";
import { CATEGORY_MESSAGES } from "~/models/category/category-form";
import { deleteCity, getCity } from "~/models/city/admin.server";
import { CITY_MESSAGES, isDefaultCity } from "~/models/city/city-form";
import { requireAdminPage } from "~/web/admin.server";
import { safeRedirect } from "~/web/auth.server";
import { badRequestPage, NO_STORE, notFoundPage, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Confirmar exclusão | Administração" }];

const FALLBACK: Record<DeleteKind, string> = {
  categoria: "/admin/categories",
  subcategoria: "/admin/categories",
  caracteristica: "/admin/categories",
  cidade: "/admin/cities",
};

const MESSAGES: Record<DeleteKind, { done: string; error: string; notFound: string }> = {
  categoria: { done: CATEGORY_MESSAGES.categoryDeleted, error: CATEGORY_MESSAGES.categoryDeleteError, notFound: CATEGORY_MESSAGES.categoryNotFound },
  subcategoria: {
    done: CATEGORY_MESSAGES.subcategoryDeleted,
    error: CATEGORY_MESSAGES.subcategoryDeleteError,
    notFound: CATEGORY_MESSAGES.subcategoryNotFound,
  },
  caracteristica: {
    done: CATEGORY_MESSAGES.characteristicDeleted,
    error: CATEGORY_MESSAGES.characteristicDeleteError,
    notFound: CATEGORY_MESSAGES.characteristicNotFound,
  },
  cidade: { done: CITY_MESSAGES.deleted, error: CITY_MESSAGES.deleteError, notFound: CITY_MESSAGES.notFound },
};

function kindOf(value: unknown): DeleteKind | null {
  return typeof value === "string" && Object.hasOwn(DELETE_KINDS, value) ? (value as DeleteKind) : null;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the confirmation names, and what else goes with it (or why it cannot go). */
function describe(kind: DeleteKind, id: number): { name: string; details?: string; blocked?: string } | null {
  switch (kind) {
    case "categoria": {
      const category = getCategory(id);
      if (!category) return null;
      const subs = listSubcategoriesForAdmin(id).length;
      const chars = listCharacteristics(id).length;
      return { name: category.name, details: `Também serão excluídas ${plural(subs, "subcategoria", "subcategorias")} e ${plural(chars, "característica", "características")}.` };
    }
    case "subcategoria": {
      const sub = getSubcategory(id);
      return sub ? { name: sub.name } : null;
    }
    case "caracteristica": {
      const characteristic = getCharacteristic(id);
      return characteristic
        ? { name: characteristic.label, details: "Os anúncios que já têm este valor continuam com ele, mostrado como informação extra." }
        : null;
    }
    case "cidade": {
      const city = getCity(id);
      if (!city) return null;
      return { name: `${city.name} - ${city.state}`, blocked: isDefaultCity(city) ? CITY_MESSAGES.defaultNotDeletable : undefined };
    }
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const url = new URL(request.url);
  const kind = kindOf(url.searchParams.get("tipo"));
  const id = parseId(url.searchParams.get("id"));
  if (!kind || !id) throw notFoundPage("Página não encontrada");
  const back = safeRedirect(url.searchParams.get("voltar"), FALLBACK[kind]);
  const target = describe(kind, id);
  if (!target) throw await toast.redirectWithError(back, { message: MESSAGES[kind].error, description: MESSAGES[kind].notFound });
  return data({ kind, id, back, ...target }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const form = await readFormData(request);
  const kind = kindOf(form.get("tipo"));
  const id = parseId(form.get("id"));
  if (!kind || !id) throw badRequestPage("Pedido inválido");
  const back = safeRedirect(form.get("voltar"), FALLBACK[kind]);
  const outcome =
    kind === "categoria" ? deleteCategory(id) : kind === "subcategoria" ? deleteSubcategory(id) : kind === "caracteristica" ? deleteCharacteristic(id) : deleteCity(id);
  if (!outcome.ok) return toast.redirectWithError(back, { message: MESSAGES[kind].error, description: outcome.message });
  // Back to the list when what was deleted was the page we came from.
  const destination = kind === "categoria" && new URL(back, "http://x").pathname === `/admin/edit-category/${id}` ? FALLBACK.categoria : back;
  return toast.redirectWithSuccess(destination, MESSAGES[kind].done);
}

export default function ConfirmDeletePage() {
  const { kind, id, back, name, details, blocked } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeader title={`Excluir ${DELETE_KINDS[kind]}?`} />
      <Card>
        <p className="text-slate-800">
          <strong className="font-semibold">{name}</strong> será excluída permanentemente.
        </p>
        {details ? <p className="mt-2 text-sm text-slate-600">{details}</p> : null}
        {blocked ? <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{blocked}</p> : null}
        <DeleteForm kind={kind} id={id} back={back} cancelHref={back} />
      </Card>
    </>
  );
}
