/**
 * /admin/edit-category/{id} (spec 02 §2): the category's form, then its subcategories and
 * characteristics — each listed with 'Editar' and 'Excluir' and a quick form to add one (a
 * characteristic's select options comma-separated here, one per line on its edit page).
 * One action, told apart by `intent`: category | create-subcategory | create-characteristic.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { CategoryForm, CharacteristicForm, SubcategoryForm } from "~/components/admin/ReferenceForms";
import { ActionToast, Badge, Card, PageHeader, smallButton } from "~/components/admin/ui";
import { Icon } from "~/components/Icon";
import { parseId } from "~/lib/parse-id";
import { countAdsInCategory, createCharacteristic, createSubcategory, listSubcategoriesForAdmin, updateCategory } from "~/models/category/admin.server";
import { getCategory, listCharacteristics } from "~/models/category/category.server";
import { CATEGORY_MESSAGES, DATA_TYPE_LABELS, categorySchema, characteristicSchema, subcategorySchema } from "~/models/category/category-form";
import { DEFAULT_TEXT_LIMIT } from "~/models/ad/characteristic-values";
import { requireAdminPage } from "~/web/admin.server";
import { formFailure, NO_STORE, notFoundPage, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.category.name ?? "Categoria"} | Administração` }];

function categoryOr404(params: { id?: string }) {
  const id = parseId(params.id);
  const category = id ? getCategory(id) : null;
  if (!category) throw notFoundPage(CATEGORY_MESSAGES.categoryNotFound);
  return category;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const category = categoryOr404(params);
  return data(
    { category, adCount: countAdsInCategory(category.id), subcategories: listSubcategoriesForAdmin(category.id), characteristics: listCharacteristics(category.id) },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const category = categoryOr404(params);
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "category");
  const here = `/admin/edit-category/${category.id}`;

  if (intent === "create-subcategory") {
    formData.set("categoryId", String(category.id));
    const submission = parseWithZod(formData, { schema: subcategorySchema });
    if (submission.status !== "success") return formFailure(submission, CATEGORY_MESSAGES.subcategoryCreateError, undefined, { intent });
    const outcome = createSubcategory({ ...submission.value, isActive: submission.value.isActive ?? false });
    if (!outcome.ok) return formFailure(submission, CATEGORY_MESSAGES.subcategoryCreateError, outcome, { intent });
    return toast.redirectWithSuccess(`${here}#subcategorias`, { message: CATEGORY_MESSAGES.subcategoryCreated, description: outcome.value.name });
  }

  if (intent === "create-characteristic") {
    formData.set("categoryId", String(category.id));
    const submission = parseWithZod(formData, { schema: characteristicSchema });
    if (submission.status !== "success") return formFailure(submission, CATEGORY_MESSAGES.characteristicCreateError, undefined, { intent });
    const outcome = createCharacteristic({ ...submission.value, isRequired: submission.value.isRequired ?? false });
    if (!outcome.ok) return formFailure(submission, CATEGORY_MESSAGES.characteristicCreateError, outcome, { intent });
    return toast.redirectWithSuccess(`${here}#caracteristicas`, { message: CATEGORY_MESSAGES.characteristicCreated, description: outcome.value.label });
  }

  const submission = parseWithZod(formData, { schema: categorySchema });
  if (submission.status !== "success") return formFailure(submission, CATEGORY_MESSAGES.categoryUpdateError, undefined, { intent: "category" });
  // An unticked box is absent from the form: inactive.
  const outcome = updateCategory(category.id, { ...submission.value, isActive: submission.value.isActive ?? false });
  if (!outcome.ok) return formFailure(submission, CATEGORY_MESSAGES.categoryUpdateError, outcome, { intent: "category" });
  return toast.redirectWithSuccess("/admin/categories", { message: CATEGORY_MESSAGES.categoryUpdated, description: outcome.value.name });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function characteristicSummary(c: { dataType: keyof typeof DATA_TYPE_LABELS; minValue: number | null; maxValue: number | null; charLimit: number | null; options: string[] | null }) {
  switch (c.dataType) {
    case "number":
      return [c.minValue !== null ? `mín. ${c.minValue}` : null, c.maxValue !== null ? `máx. ${c.maxValue}` : null].filter(Boolean).join(", ") || "sem limites";
    case "text":
      return `até ${c.charLimit ?? DEFAULT_TEXT_LIMIT} caracteres`;
    case "select":
      return (c.options ?? []).join(", ");
    default:
      return "";
  }
}

export default function EditCategory() {
  const { category, adCount, subcategories, characteristics } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const resultFor = (intent: string) => (actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined);
  const here = `/admin/edit-category/${category.id}`;
  return (
    <>
      <PageHeader title={`Editar: ${category.name}`} back={{ to: "/admin/categories", label: "Categorias" }} />
      <ActionToast data={actionData} />
      <div className="space-y-5">
        <Card>
          <CategoryForm
            intent="category"
            lastResult={resultFor("category")}
            defaults={{ name: category.name, label: category.label ?? "", description: category.description ?? "", icon: category.icon, isActive: category.isActive }}
            cancel="/admin/categories"
            submitLabel="Salvar Categoria"
          />
        </Card>

        <Card id="subcategorias" title={`${category.label?.trim() || "Subcategorias"} (${subcategories.length})`}>
          {subcategories.length ? (
            <ul className="mb-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
              {subcategories.map((sub) => (
                <li key={sub.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      <span className="break-words">{sub.name}</span>
                      {sub.isActive ? null : <Badge>Inativa</Badge>}
                    </p>
                    <p className="text-xs text-slate-600">{plural(sub.adCount, "anúncio", "anúncios")}</p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link to={`/admin/edit-subcategory/${sub.id}`} className={smallButton} aria-label={`Editar ${sub.name}`}>
                      <Icon name="pencil" className="h-4 w-4" />
                      Editar
                    </Link>
                    {sub.adCount > 0 ? (
                      <span className="text-xs text-slate-500">Em uso</span>
                    ) : (
                      <ConfirmDelete kind="subcategoria" id={sub.id} name={sub.name} back={`${here}#subcategorias`} />
                    )}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-4 text-sm text-slate-600">Nenhuma subcategoria ainda.</p>
          )}
          <h3 className="mb-2 font-semibold text-slate-900">Adicionar subcategoria</h3>
          <SubcategoryForm
            key={subcategories.length}
            intent="create-subcategory"
            lastResult={resultFor("create-subcategory")}
            defaults={{ categoryId: category.id }}
            submitLabel="Adicionar subcategoria"
          />
        </Card>

        <Card id="caracteristicas" title={`Características (${characteristics.length})`}>
          {characteristics.length ? (
            <ul className="mb-4 divide-y divide-slate-100 rounded-xl border border-slate-200">
              {characteristics.map((c) => (
                <li key={c.id} className="flex flex-col gap-2 p-3 sm:flex-row sm:items-center">
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      <span className="break-words">{c.label}</span>
                      <Badge tone="brand">{DATA_TYPE_LABELS[c.dataType]}</Badge>
                      {c.isRequired ? <Badge tone="amber">Obrigatória</Badge> : null}
                    </p>
                    <p className="break-words text-xs text-slate-600">
                      {c.name}
                      {characteristicSummary(c) ? ` · ${characteristicSummary(c)}` : ""}
                    </p>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <Link to={`/admin/edit-characteristic/${c.id}`} className={smallButton} aria-label={`Editar ${c.label}`}>
                      <Icon name="pencil" className="h-4 w-4" />
                      Editar
                    </Link>
                    <ConfirmDelete
                      kind="caracteristica"
                      id={c.id}
                      name={c.label}
                      back={`${here}#caracteristicas`}
                      details="Os anúncios que já têm este valor continuam com ele, mostrado como informação extra."
                    />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mb-4 text-sm text-slate-600">Nenhuma característica ainda.</p>
          )}
          <h3 className="mb-2 font-semibold text-slate-900">Adicionar característica</h3>
          <CharacteristicForm
            key={characteristics.length}
            mode="create"
            intent="create-characteristic"
            lastResult={resultFor("create-characteristic")}
            defaults={{ categoryId: category.id }}
            submitLabel="Adicionar característica"
          />
        </Card>

        <Card title="Excluir categoria">
          {adCount > 0 ? (
            <p className="text-sm text-slate-600">
              {plural(adCount, "anúncio usa", "anúncios usam")} esta categoria, então ela não pode ser excluída. Para que não receba novos anúncios,
              desmarque "Ativa" acima e salve.
            </p>
          ) : (
            <>
              <p className="mb-3 text-sm text-slate-600">
                Exclui a categoria com {plural(subcategories.length, "subcategoria", "subcategorias")} e {plural(characteristics.length, "característica", "características")}.
              </p>
              <ConfirmDelete
                kind="categoria"
                id={category.id}
                name={category.name}
                back="/admin/categories"
                label="Excluir categoria"
                details={`Também serão excluídas ${plural(subcategories.length, "subcategoria", "subcategorias")} e ${plural(characteristics.length, "característica", "características")}.`}
              />
            </>
          )}
        </Card>
      </div>
    </>
  );
}
