/**
 * /admin-old (spec 02 §2): the tabbed 'Painel Administrativo' — Categorias, Características, Moderação,
 * Estatísticas. The tab is in the URL (?aba=…), so every tab is a link and works without JavaScript.
 * Its quick forms create a category, a subcategory and a characteristic (options comma-separated);
 * the moderation forms post to /admin/moderation and come back here. Non-admins see 'Acesso Negado'.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { ConfirmDelete } from "~/components/admin/ConfirmDelete";
import { ExportPdfButton } from "~/components/admin/ExportPdfButton";
import { ModerationQueue } from "~/components/admin/ModerationQueue";
import { CategoryForm, CharacteristicForm, SubcategoryForm } from "~/components/admin/ReferenceForms";
import { StatsPanel } from "~/components/admin/StatsPanel";
import { ActionToast, Badge, Card, focusRing, primaryButton, smallButton } from "~/components/admin/ui";
import { CategoryIcon } from "~/components/CategoryIcon";
import { Icon, type IconName } from "~/components/Icon";
import { CategoryOptions, LabelledSelect } from "~/components/LabelledSelect";
import { useHydrated } from "~/components/use-hydrated";
import { parseId } from "~/lib/parse-id";
import { listModerationQueue } from "~/models/moderation/moderation-queue.server";
import { createCategory, createCharacteristic, createSubcategory, listCategoriesForAdmin } from "~/models/category/admin.server";
import { listCharacteristics } from "~/models/category/category.server";
import { CATEGORY_MESSAGES, DATA_TYPE_LABELS, categorySchema, characteristicSchema, subcategorySchema } from "~/models/category/category-form";
import { getAdminReport } from "~/models/statistics/stats.server";
import { ADMIN_ACCESS_DENIED as ACCESS_DENIED } from "~/models/account/user";
import { adminOrNull } from "~/web/admin.server";
import { assertNotCrossSite } from "~/web/auth.server";
import { forbiddenPage, formFailure, invalidForm, NO_STORE, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";

export const meta: MetaFunction = () => [{ title: "Painel Administrativo | Classificados Patos" }, { name: "robots", content: "noindex" }];

const TABS = [
  { key: "categorias", label: "Categorias", icon: "tags" },
  { key: "caracteristicas", label: "Características", icon: "list-checks" },
  { key: "moderacao", label: "Moderação", icon: "shield-check" },
  { key: "estatisticas", label: "Estatísticas", icon: "chart-column" },
] as const satisfies readonly { key: string; label: string; icon: IconName }[];
type Tab = (typeof TABS)[number]["key"];

function tabOf(value: string | null): Tab {
  return TABS.find((tab) => tab.key === value)?.key ?? "categorias";
}

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await adminOrNull(request);
  if (!admin) return forbiddenPage({ denied: true as const });
  const url = new URL(request.url);
  const tab = tabOf(url.searchParams.get("aba"));
  const categories = listCategoriesForAdmin();
  const selectedId = parseId(url.searchParams.get("categoria")) ?? categories[0]?.id ?? null;
  return data(
    {
      denied: false as const,
      tab,
      categories,
      selectedId,
      characteristics: tab === "caracteristicas" && selectedId ? listCharacteristics(selectedId) : [],
      queue: tab === "moderacao" ? listModerationQueue() : [],
      report: tab === "estatisticas" ? getAdminReport() : null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  assertNotCrossSite(request);
  const admin = await adminOrNull(request);
  if (!admin) return forbiddenPage({ intent: "denied", result: undefined });
  const formData = await readFormData(request);
  const intent = String(formData.get("intent") ?? "");
  if (intent === "create-category") {
    const submission = parseWithZod(formData, { schema: categorySchema });
    if (submission.status !== "success") return formFailure(submission, CATEGORY_MESSAGES.categoryCreateError, undefined, { intent });
    const outcome = createCategory({ ...submission.value, isActive: submission.value.isActive ?? false });
    if (!outcome.ok) return formFailure(submission, CATEGORY_MESSAGES.categoryCreateError, outcome, { intent });
    return toast.redirectWithSuccess("/admin-old?aba=categorias", { message: CATEGORY_MESSAGES.categoryCreated, description: outcome.value.name });
  }
  if (intent === "create-subcategory") {
    const submission = parseWithZod(formData, { schema: subcategorySchema });
    if (submission.status !== "success") return formFailure(submission, CATEGORY_MESSAGES.subcategoryCreateError, undefined, { intent });
    const outcome = createSubcategory({ ...submission.value, isActive: submission.value.isActive ?? false });
    if (!outcome.ok) return formFailure(submission, CATEGORY_MESSAGES.subcategoryCreateError, outcome, { intent });
    return toast.redirectWithSuccess("/admin-old?aba=categorias", { message: CATEGORY_MESSAGES.subcategoryCreated, description: outcome.value.name });
  }
  if (intent === "create-characteristic") {
    const submission = parseWithZod(formData, { schema: characteristicSchema });
    if (submission.status !== "success") return formFailure(submission, CATEGORY_MESSAGES.characteristicCreateError, undefined, { intent });
    const outcome = createCharacteristic({ ...submission.value, isRequired: submission.value.isRequired ?? false });
    if (!outcome.ok) return formFailure(submission, CATEGORY_MESSAGES.characteristicCreateError, outcome, { intent });
    return toast.redirectWithSuccess(`/admin-old?aba=caracteristicas&categoria=${outcome.value.categoryId}`, {
      message: CATEGORY_MESSAGES.characteristicCreated,
      description: outcome.value.label,
    });
  }
  return invalidForm({ intent, result: undefined });
}

export default function AdminOld() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (loaderData.denied) return <AccessDenied />;
  const { tab } = loaderData;
  return (
    <div className="mx-auto w-full max-w-6xl px-3 py-5 sm:px-4 sm:py-8 lg:px-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Painel Administrativo</h1>
        <Link to="/admin" className={`text-sm font-semibold text-brand-700 hover:underline ${focusRing} rounded`}>
          Ir para o painel com menu lateral
        </Link>
      </div>
      <nav aria-label="Abas do painel" className="-mx-3 mb-5 border-b border-slate-200 sm:mx-0">
        <ul className="flex gap-1 overflow-x-auto px-3 sm:px-0">
          {TABS.map((item) => (
            <li key={item.key} className="shrink-0">
              <Link
                to={`/admin-old?aba=${item.key}`}
                aria-current={item.key === tab ? "page" : undefined}
                className={`-mb-px flex min-h-11 items-center gap-2 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-semibold ${focusRing} ${
                  item.key === tab ? "border-brand-700 text-brand-800" : "border-transparent text-slate-600 hover:text-slate-900"
                }`}
              >
                <Icon name={item.icon} className="h-4 w-4" />
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <ActionToast data={actionData} />
      {tab === "categorias" ? <CategoriesTab /> : null}
      {tab === "caracteristicas" ? <CharacteristicsTab /> : null}
      {tab === "moderacao" ? <ModerationTab /> : null}
      {tab === "estatisticas" ? <StatsTab /> : null}
    </div>
  );
}

function AccessDenied() {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-12 text-center">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <Icon name="lock" className="mx-auto h-10 w-10 text-red-700" />
        <h1 className="mt-3 text-2xl font-extrabold tracking-tight text-slate-900">{ACCESS_DENIED.title}</h1>
        <p className="mt-2 text-slate-600">{ACCESS_DENIED.message}</p>
        <Link to="/" className={`${primaryButton} mt-6`}>
          Voltar ao início
        </Link>
      </div>
    </div>
  );
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { denied: false }>;

function useLoaded() {
  return useLoaderData<typeof loader>() as Loaded;
}

function useResultFor() {
  const actionData = useActionData<typeof action>();
  return (intent: string) => (actionData && "intent" in actionData && actionData.intent === intent ? actionData.result : undefined);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function CategoriesTab() {
  const { categories } = useLoaded();
  const resultFor = useResultFor();
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Card title={`Categorias (${categories.length})`}>
        <ul className="divide-y divide-slate-100">
          {categories.map((category) => (
            <li key={category.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <CategoryIcon icon={category.icon} className="h-6 w-6 shrink-0 text-brand-700" />
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {category.name}
                    {category.isActive ? null : <Badge>Inativa</Badge>}
                  </p>
                  <p className="text-xs text-slate-600">
                    {plural(category.subcategoryCount, "subcategoria", "subcategorias")} · {plural(category.adCount, "anúncio", "anúncios")}
                  </p>
                </div>
              </div>
              <div className="flex flex-wrap gap-2">
                <Link to={`/admin/edit-category/${category.id}`} className={smallButton} aria-label={`Editar ${category.name}`}>
                  <Icon name="pencil" className="h-4 w-4" />
                  Editar
                </Link>
                {category.adCount > 0 ? null : <ConfirmDelete kind="categoria" id={category.id} name={category.name} back="/admin-old?aba=categorias" />}
              </div>
            </li>
          ))}
        </ul>
      </Card>
      <div className="space-y-5">
        <Card title="Nova categoria">
          <CategoryForm key={`c-${categories.length}`} compact intent="create-category" lastResult={resultFor("create-category")} submitLabel="Criar categoria" />
        </Card>
        <Card title="Nova subcategoria">
          <SubcategoryForm
            key={`s-${categories.reduce((sum, c) => sum + c.subcategoryCount, 0)}`}
            intent="create-subcategory"
            lastResult={resultFor("create-subcategory")}
            defaults={{}}
            categories={categories}
            submitLabel="Criar subcategoria"
          />
        </Card>
      </div>
    </div>
  );
}

function CharacteristicsTab() {
  const { categories, selectedId, characteristics } = useLoaded();
  const resultFor = useResultFor();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const selected = categories.find((category) => category.id === selectedId);
  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
      <Card title="Características por categoria">
        <Form method="get" className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end" onChange={(event) => submit(event.currentTarget)}>
          <input type="hidden" name="aba" value="caracteristicas" />
          <LabelledSelect id="categoria" label="Categoria" name="categoria" defaultValue={selectedId ?? ""} className="flex-1">
            <CategoryOptions categories={categories} />
          </LabelledSelect>
          {hydrated ? null : (
            <button type="submit" className={smallButton}>
              Ver
            </button>
          )}
        </Form>
        {characteristics.length ? (
          <ul className="divide-y divide-slate-100">
            {characteristics.map((c) => (
              <li key={c.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    {c.label}
                    <Badge tone="brand">{DATA_TYPE_LABELS[c.dataType]}</Badge>
                    {c.isRequired ? <Badge tone="amber">Obrigatória</Badge> : null}
                  </p>
                  <p className="break-words text-xs text-slate-600">
                    {c.name}
                    {c.dataType === "select" && c.options?.length ? ` · ${c.options.join(", ")}` : ""}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2">
                  <Link to={`/admin/edit-characteristic/${c.id}`} className={smallButton} aria-label={`Editar ${c.label}`}>
                    <Icon name="pencil" className="h-4 w-4" />
                    Editar
                  </Link>
                  <ConfirmDelete kind="caracteristica" id={c.id} name={c.label} back={`/admin-old?aba=caracteristicas&categoria=${c.categoryId}`} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-slate-600">{selected ? `${selected.name} ainda não tem características.` : "Escolha uma categoria."}</p>
        )}
      </Card>
      <Card title="Nova característica">
        <CharacteristicForm
          key={`${selectedId}-${characteristics.length}`}
          mode="create"
          intent="create-characteristic"
          lastResult={resultFor("create-characteristic")}
          defaults={{ categoryId: selectedId ?? undefined }}
          categories={categories}
          submitLabel="Criar característica"
        />
      </Card>
    </div>
  );
}

function ModerationTab() {
  const { queue } = useLoaded();
  return (
    <>
      <p className="mb-4 text-sm text-slate-600">
        {queue.length} {queue.length === 1 ? "anúncio aguarda" : "anúncios aguardam"} uma decisão.
      </p>
      <ModerationQueue items={queue} back="/admin-old?aba=moderacao" />
    </>
  );
}

function StatsTab() {
  const { report } = useLoaded();
  if (!report) return null;
  return (
    <>
      <div className="mb-4 flex justify-end">
        <ExportPdfButton />
      </div>
      <StatsPanel report={report} />
    </>
  );
}
