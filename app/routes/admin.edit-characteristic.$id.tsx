/**
 * /admin/edit-characteristic/{id} (spec 02 §2): label, key, type and its limits — min/max for a number,
 * a character limit for text, the options one per line for a list.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { CharacteristicForm } from "~/components/admin/ReferenceForms";
import { ActionToast, Card, PageHeader } from "~/components/admin/ui";
import { parseId } from "~/lib/parse-id";
import { getCharacteristic, listCategoriesForAdmin, updateCharacteristic } from "~/models/category/admin.server";
import { getCategory } from "~/models/category/category.server";
import { CATEGORY_MESSAGES, characteristicSchema } from "~/models/category/category-form";
import { requireAdminPage } from "~/web/admin.server";
import { formFailure, notFoundPage, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Editar característica | Administração" }];

function characteristicOr404(params: { id?: string }) {
  const id = parseId(params.id);
  const characteristic = id ? getCharacteristic(id) : null;
  if (!characteristic) throw notFoundPage(CATEGORY_MESSAGES.characteristicNotFound);
  return characteristic;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const characteristic = characteristicOr404(params);
  const categories = listCategoriesForAdmin().map(({ id, name }) => ({ id, name }));
  return { characteristic, category: getCategory(characteristic.categoryId), categories };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const characteristic = characteristicOr404(params);
  const submission = parseWithZod(await readFormData(request), { schema: characteristicSchema });
  if (submission.status !== "success") return formFailure(submission, CATEGORY_MESSAGES.characteristicUpdateError);
  const outcome = updateCharacteristic(characteristic.id, { ...submission.value, isRequired: submission.value.isRequired ?? false });
  if (!outcome.ok) return formFailure(submission, CATEGORY_MESSAGES.characteristicUpdateError, outcome);
  return toast.redirectWithSuccess(`/admin/edit-category/${outcome.value.categoryId}#caracteristicas`, {
    message: CATEGORY_MESSAGES.characteristicUpdated,
    description: outcome.value.label,
  });
}

export default function EditCharacteristic() {
  const { characteristic, category, categories } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const back = `/admin/edit-category/${characteristic.categoryId}`;
  return (
    <>
      <PageHeader title={`Editar característica: ${characteristic.label}`} back={{ to: back, label: category?.name ?? "Categoria" }} />
      <ActionToast data={actionData} />
      <Card>
        <CharacteristicForm mode="edit" lastResult={actionData?.result} defaults={characteristic} categories={categories} cancel={back} submitLabel="Salvar Característica" />
      </Card>
      <div className="mt-4 flex justify-end">
        <ConfirmDelete
          kind="caracteristica"
          id={characteristic.id}
          name={characteristic.label}
          back={`${back}#caracteristicas`}
          label="Excluir característica"
          details="Os anúncios que já têm este valor continuam com ele, mostrado como informação extra."
        />
      </div>
    </>
  );
}
