/** /admin/create-category (spec 02 §2): a category's name, label, description, icon (the 12 of §3) and state. */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CategoryForm } from "~/components/admin/ReferenceForms";
import { ActionToast, Card, PageHeader } from "~/components/admin/ui";
import { createCategory } from "~/models/category/admin.server";
import { CATEGORY_MESSAGES, categorySchema } from "~/models/category/category-form";
import { requireAdminPage } from "~/web/admin.server";
import { formFailure, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Nova categoria | Administração" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const submission = parseWithZod(await readFormData(request), { schema: categorySchema });
  if (submission.status !== "success") return formFailure(submission, CATEGORY_MESSAGES.categoryCreateError);
  // A new category is active unless the box was unticked.
  const outcome = createCategory({ ...submission.value, isActive: submission.value.isActive ?? false });
  if (!outcome.ok) return formFailure(submission, CATEGORY_MESSAGES.categoryCreateError, outcome);
  return toast.redirectWithSuccess(`/admin/edit-category/${outcome.value.id}`, {
    message: CATEGORY_MESSAGES.categoryCreated,
    description: "Agora você pode adicionar subcategorias e características.",
  });
}

export default function CreateCategory() {
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Nova categoria" back={{ to: "/admin/categories", label: "Categorias" }} />
      <ActionToast data={actionData} />
      <Card>
        <CategoryForm lastResult={actionData?.result} cancel="/admin/categories" submitLabel="Salvar Categoria" />
      </Card>
    </>
  );
}
