/**
 * /moderation-test (spec 02 §2): try the automatic moderation on a description or an image address,
 * with four sample cases. Plain form posts; the sample links fill the form without JavaScript.
 * Each test by a non-administrator spends one call of the monthly AI quota (moderation-test.server.ts).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { focusRing } from "~/components/auth/AuthForm";
import { inputClass } from "~/components/ad-form/fields";
import { primaryButton } from "~/components/ad-form/WizardShell";
import { Icon } from "~/components/Icon";
import { formatDateTimeBR } from "~/lib/dates";
import { DESCRIPTION_MAX } from "~/models/ad/ad-form";
import {
  MODERATION_SAMPLES,
  MODERATION_TEST_CATEGORIES,
  moderationQuotaNote,
  moderationImageSchema,
  moderationTextSchema,
  RECOMMENDATION_LABELS,
} from "~/models/moderation/moderation-test";
import type { AiUsage } from "~/models/ai-usage/ai-usage";
import { moderationTestUsage, runModerationTest } from "~/models/moderation/moderation-test.server";
import type { ModerationResult } from "~/services/ai/types";
import { requireUser } from "~/web/auth.server";
import { invalidForm, readFormData, retryAfterHeaders } from "~/web/http.server";

export const meta: MetaFunction = () => [{ title: "Teste de moderação | Classificados Patos" }, { name: "robots", content: "noindex" }];

export { retryAfterPageHeaders as headers } from "~/web/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const index = Number(new URL(request.url).searchParams.get("sample"));
  const sample = Number.isInteger(index) ? MODERATION_SAMPLES[index] : undefined;
  return { sample: sample ? { categoryName: sample.categoryName, description: sample.description } : null, usage: moderationTestUsage(user) };
}

type ActionData = { result: ModerationResult | null; error: string | null; values: { categoryName: string; description: string; imageUrl: string } };

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readFormData(request);
  const values = { categoryName: String(form.get("categoryName") ?? ""), description: String(form.get("description") ?? ""), imageUrl: String(form.get("imageUrl") ?? "") };
  const submission = form.get("intent") === "image" ? parseWithZod(form, { schema: moderationImageSchema }) : parseWithZod(form, { schema: moderationTextSchema });
  if (submission.status !== "success") return invalidForm<ActionData>({ result: null, error: Object.values(submission.error ?? {})[0]?.[0] ?? "", values });
  const test = "imageUrl" in submission.value ? { kind: "image" as const, ...submission.value } : { kind: "text" as const, ...submission.value };
  const answer = await runModerationTest(user, test);
  if (!answer.ok) return data<ActionData>({ result: null, error: answer.message, values }, { status: answer.status, headers: retryAfterHeaders(answer) });
  return data<ActionData>({ result: answer.result, error: null, values });
}

const tone = { approved: "border-emerald-300 bg-emerald-50 text-emerald-900", rejected: "border-red-300 bg-red-50 text-red-900", needs_review: "border-amber-300 bg-amber-50 text-amber-900" };

function ResultPanel({ result }: { result: ModerationResult }) {
  return (
    <section role="status" aria-labelledby="resultado" className={`rounded-xl border p-4 ${tone[result.recommendation]}`}>
      <h2 id="resultado" className="text-lg font-bold">
        {RECOMMENDATION_LABELS[result.recommendation]}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-semibold">Confiança</dt>
        <dd>{Math.round(result.confidence * 100)}%</dd>
        <dt className="font-semibold">Verificado por</dt>
        <dd>{result.provider === "local" ? "regras locais" : result.provider === "gemini" ? "Gemini" : "OpenAI"}</dd>
        <dt className="font-semibold">Quando</dt>
        <dd>{formatDateTimeBR(new Date(result.timestamp))}</dd>
      </dl>
      {result.issues.length ? (
        <>
          <p className="mt-3 text-sm font-semibold">Motivos</p>
          <ul className="mt-1 list-disc pl-5 text-sm">
            {result.issues.map((issue) => (
              <li key={issue}>{issue}</li>
            ))}
          </ul>
        </>
      ) : null}
      {result.suggestion ? <p className="mt-3 text-sm"><strong>Sugestão:</strong> {result.suggestion}</p> : null}
      {result.notes?.map((note) => (
        <p key={note} className="mt-2 text-xs opacity-80">{note}</p>
      ))}
    </section>
  );
}

function CategorySelect({ id, value }: { id: string; value: string }) {
  return (
    <select id={id} name="categoryName" defaultValue={value} className={inputClass(false)}>
      <option value="">Selecione...</option>
      {MODERATION_TEST_CATEGORIES.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </select>
  );
}

/** How many tests are left this month (nothing for an administrator: no limit). */
function QuotaNote({ usage }: { usage: AiUsage }) {
  return (
    <p className={`mt-3 rounded-lg border p-3 text-sm ${usage.canUse ? "border-slate-200 bg-slate-50 text-slate-700" : "border-amber-300 bg-amber-50 text-amber-900"}`}>
      {moderationQuotaNote(usage)}
    </p>
  );
}

export default function ModerationTestPage() {
  const { sample, usage } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const values = actionData?.values ?? { categoryName: sample?.categoryName ?? "", description: sample?.description ?? "", imageUrl: "" };
  // Re-mount the forms when a sample or a result changes what they should show.
  const formKey = JSON.stringify(values);
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">Teste de moderação</h1>
      <p className="mt-2 text-slate-600">
        Veja como a moderação automática julga um anúncio. A ordem de verificação é: primeiro a IA Gemini; se ela não responder, a OpenAI; e,
        por fim, as regras locais (uma lista de itens proibidos e golpes conhecidos), que valem sempre — mesmo quando uma IA aprova.
      </p>
      {usage ? <QuotaNote usage={usage} /> : null}

      <nav aria-label="Exemplos" className="mt-5">
        <p className="text-sm font-semibold text-slate-900">Exemplos</p>
        <ul className="mt-2 flex flex-wrap gap-2">
          {MODERATION_SAMPLES.map((item, index) => (
            <li key={item.label}>
              <Link to={`?sample=${index}`} className={`inline-block rounded-full border border-slate-300 px-3 py-1.5 text-sm text-slate-700 hover:bg-slate-50 ${focusRing}`}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {actionData?.error ? (
        <p role="alert" className="mt-5 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {actionData.error}
        </p>
      ) : null}
      {actionData?.result ? <div className="mt-5"><ResultPanel result={actionData.result} /></div> : null}

      <div key={formKey} className="mt-6 grid gap-6 md:grid-cols-2">
        <Form method="post" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="font-semibold text-slate-900">Texto</h2>
          <div>
            <label htmlFor="text-category" className="mb-1 block text-sm font-medium text-slate-800">Categoria</label>
            <CategorySelect id="text-category" value={values.categoryName} />
          </div>
          <div>
            <label htmlFor="text-description" className="mb-1 block text-sm font-medium text-slate-800">Descrição</label>
            <textarea id="text-description" name="description" rows={6} maxLength={DESCRIPTION_MAX} defaultValue={values.description} className={inputClass(false)} />
          </div>
          <button type="submit" name="intent" value="text" disabled={busy} className={`${primaryButton} w-full`}>
            {busy ? <Icon name="loader-circle" className="h-5 w-5 animate-spin" /> : null}
            Validar texto
          </button>
        </Form>
        <Form method="post" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="font-semibold text-slate-900">Imagem</h2>
          <div>
            <label htmlFor="image-category" className="mb-1 block text-sm font-medium text-slate-800">Categoria</label>
            <CategorySelect id="image-category" value={values.categoryName} />
          </div>
          <div>
            <label htmlFor="image-url" className="mb-1 block text-sm font-medium text-slate-800">Endereço da imagem</label>
            <input id="image-url" name="imageUrl" type="url" inputMode="url" placeholder="https://…" defaultValue={values.imageUrl} className={inputClass(false)} />
            <p className="mt-1 text-xs text-slate-600">Sem uma IA configurada no servidor, a imagem vai para revisão manual.</p>
          </div>
          <button type="submit" name="intent" value="image" disabled={busy} className={`${primaryButton} w-full`}>
            Validar imagem
          </button>
        </Form>
      </div>
    </div>
  );
}
