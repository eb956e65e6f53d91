/**
 * /admin/create-city (spec 02 §2): the city's name (up to 30) and one of the 27 states. Admins only
 * (others go to /). 'Cidade criada com sucesso!' then the Cidades section of /admin; 'Erro ao criar cidade' otherwise.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { CityForm } from "~/components/admin/CityForm";
import { ActionToast, Card, PageHeader } from "~/components/admin/ui";
import { createCity } from "~/models/city/admin.server";
import { CITY_MESSAGES, citySchema } from "~/models/city/city-form";
import { requireAdminPage } from "~/web/admin.server";
import { formFailure, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Nova cidade | Administração" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPage(request);
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  await requireAdminPage(request);
  const submission = parseWithZod(await readFormData(request), { schema: citySchema });
  if (submission.status !== "success") return formFailure(submission, CITY_MESSAGES.createError);
  const outcome = createCity(submission.value);
  if (!outcome.ok) return formFailure(submission, CITY_MESSAGES.createError, outcome);
  return toast.redirectWithSuccess("/admin/cities", { message: CITY_MESSAGES.created, description: `${outcome.value.name} - ${outcome.value.state}` });
}

export default function CreateCity() {
  const actionData = useActionData<typeof action>();
  return (
    <>
      <PageHeader title="Nova cidade" back={{ to: "/admin/cities", label: "Cidades" }} />
      <ActionToast data={actionData} />
      <Card className="max-w-xl">
        <CityForm lastResult={actionData?.result} />
      </Card>
    </>
  );
}
