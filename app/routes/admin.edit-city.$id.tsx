/** /admin/edit-city/{id} (spec 02 §2): rename a city or fix its state; the ads in it follow. */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { CityForm } from "~/components/admin/CityForm";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { ActionToast, Card, PageHeader } from "~/components/admin/ui";
import { parseId } from "~/lib/parse-id";
import { getCity, updateCity } from "~/models/city/admin.server";
import { CITY_MESSAGES, citySchema, isDefaultCity } from "~/models/city/city-form";
import { requireAdminPage } from "~/web/admin.server";
import { formFailure, notFoundPage, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Editar cidade | Administração" }];

function cityOr404(params: { id?: string }) {
  const id = parseId(params.id);
  const city = id ? getCity(id) : null;
  if (!city) throw notFoundPage(CITY_MESSAGES.notFound);
  return city;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  const city = cityOr404(params);
  return { city: { id: city.id, name: city.name, state: city.state }, isDefault: isDefaultCity(city) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const city = cityOr404(params);
  const submission = parseWithZod(await readFormData(request), { schema: citySchema });
  if (submission.status !== "success") return formFailure(submission, CITY_MESSAGES.updateError);
  const outcome = updateCity(city.id, submission.value);
  if (!outcome.ok) return formFailure(submission, CITY_MESSAGES.updateError, outcome);
  return toast.redirectWithSuccess("/admin/cities", { message: CITY_MESSAGES.updated, description: `${outcome.value.name} - ${outcome.value.state}` });
}

export default function EditCity() {
  const { city, isDefault } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHeader title={`Editar cidade: ${city.name} - ${city.state}`} back={{ to: "/admin/cities", label: "Cidades" }} />
      <ActionToast data={actionData} />
      <Card className="max-w-xl">
        <CityForm lastResult={actionData?.result} defaults={{ name: city.name, state: city.state }} locked={isDefault} />
      </Card>
      {isDefault ? null : (
        <div className="mt-4 flex max-w-xl justify-end">
          <ConfirmDelete kind="cidade" id={city.id} name={`${city.name} - ${city.state}`} back="/admin/cities" label="Excluir cidade" />
        </div>
      )}
    </>
  );
}
