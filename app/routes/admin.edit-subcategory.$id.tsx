/** /admin/edit-subcategory/{id}: a subcategory's name, description, state and category. */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { SubcategoryForm } from "~/components/admin/ReferenceForms";
import { ActionToast, Card, PageHeader } from "~/components/admin/ui";
import { parseId } from "~/lib/parse-id";
import { listCategoriesForAdmin, updateSubcategory } from "~/models/category/admin.server";
import { getCategory, getSubcategory } from "~/models/category/category.server";
import { CATEGORY_MESSAGES, subcategorySchema } from "~/models/category/category-form";
import { requireAdminPage } from "~/web/admin.server";
import { formFailure, notFoundPage, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Editar subcategoria | Administração" }];

function subcategoryOr404(params: { id?: string }) {
  const id = parseId(params.id);
  const subcategory = id ? getSubcategory(id) : null;
  if (!subcategory) throw notFoundPage(CATEGORY_MESSAGES.subcategoryNotFound);
  return subcategory;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const subcategory = subcategoryOr404(params);
  const categories = listCategoriesForAdmin().map(({ id, name }) => ({ id, name }));
  return { subcategory, category: getCategory(subcategory.categoryId), categories };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const subcategory = subcategoryOr404(params);
  const submission = parseWithZod(await readFormData(request), { schema: subcategorySchema });
  if (submission.status !== "success") return formFailure(submission, CATEGORY_MESSAGES.subcategoryUpdateError);
  const outcome = updateSubcategory(subcategory.id, { ...submission.value, isActive: submission.value.isActive ?? false });
  if (!outcome.ok) return formFailure(submission, CATEGORY_MESSAGES.subcategoryUpdateError, outcome);
  return toast.redirectWithSuccess(`/admin/edit-category/${outcome.value.categoryId}#subcategorias`, {
    message: CATEGORY_MESSAGES.subcategoryUpdated,
    description: outcome.value.name,
  });
}

export default function EditSubcategory() {
  const { subcategory, category, categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/admin/edit-category/${subcategory.categoryId}`;
  return (
    <>
      <PageHeader title={`Editar subcategoria: ${subcategory.name}`} back={{ to: back, label: category?.name ?? "Categoria" }} />
      <ActionToast data={actionData} />
      <Card>
        <SubcategoryForm
          lastResult={actionData?.result}
          defaults={{ name: subcategory.name, description: subcategory.description ?? "", isActive: subcategory.isActive, categoryId: subcategory.categoryId }}
          categories={categories}
          cancel={back}
          submitLabel="Salvar Subcategoria"
        />
      </Card>
      <div className="mt-4 flex justify-end">
        <ConfirmDelete kind="subcategoria" id={subcategory.id} name={subcategory.name} back={`${back}#subcategorias`} label="Excluir subcategoria" />
      </div>
    </>
  );
}
