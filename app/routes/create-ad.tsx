/**
 * /create-ad (spec 02 §2): the three-step ad wizard as plain form posts. `?step=1|2|3` says which step
 * shows; every post saves the step's answers in the user's draft first (so nothing typed is lost,
 * even when it does not validate), then goes on, back, or creates the ad and opens /payment/{id}.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { LoginRequired, ResumeDraft, WizardShell } from "~/components/ad-form/WizardShell";
import { StepChoose } from "~/components/ad-form/StepChoose";
import { StepDetails } from "~/components/ad-form/StepDetails";
import { StepPhotos } from "~/components/ad-form/StepPhotos";
import { todayKey } from "~/lib/dates";
import { multiLine, singleLine } from "~/lib/plain-text";
import { adStep1Schema, adStep2Schema, customPairsFrom, parsePriceInput, type WizardDraftData } from "~/models/ad/ad-form";
import { defaultExpirationKey, minExpirationKey } from "~/models/ad/cost";
import { discardDraft, draftHasAnswers, getDraft, saveDraft } from "~/models/ad/draft.server";
import { adInputFromDraft } from "~/models/ad/ad-input.server";
import { addDraftPhotos, finishWizard, removeDraftPhoto, saveStep1, step1Errors, step2Errors } from "~/models/ad/wizard.server";
import { characteristicDefinitions } from "~/models/ad/write.server";
import { generateDescriptionFor, usageStatus } from "~/models/ai-usage/ai-usage.server";
import { descriptionInputFor } from "~/models/ai-usage/description-input.server";
import { listCategories, listSubcategories } from "~/models/category/category.server";
import { chooseCity } from "~/models/city/city";
import { listCities } from "~/models/city/city.server";
import { getAdPricePerDayCents } from "~/models/setting/setting.server";
import { imageUrl } from "~/services/images.server";
import { getOptionalUser, requireUser } from "~/web/auth.server";
import { aiRefusalPage, invalidForm, NO_STORE, readFormData } from "~/web/http.server";
import { toast } from "~/web/toast.server";
import { readUploadForm } from "~/web/upload.server";

export const meta: MetaFunction = () => [{ title: "Anunciar | Classificados Patos" }, { name: "robots", content: "noindex" }];

// A refused AI description (429) tells the browser when to try again.
export { retryAfterPageHeaders as headers } from "~/web/http.server";

function stepOf(url: URL): 1 | 2 | 3 | null {
  const value = url.searchParams.get("step");
  return value === "1" || value === "2" || value === "3" ? (Number(value) as 1 | 2 | 3) : null;
}

const stepPath = (step: number) => `/create-ad?step=${step}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request);
  if (!user) return data({ signedIn: false as const }, { headers: NO_STORE });

  const url = new URL(request.url);
  const now = new Date();
  const draft = getDraft(user.id);
  const step = stepOf(url);
  if (step === null && draft && draftHasAnswers(draft.data)) {
    return data({ signedIn: true as const, mode: "resume" as const, editAdId: draft.editAdId, updatedAt: draft.updatedAt.toISOString() }, { headers: NO_STORE });
  }
  const answers = draft?.data ?? {};
  // A step is reachable only once the steps before it are complete.
  if ((step ?? 1) >= 2 && Object.keys(step1Errors(answers)).length) throw redirect(stepPath(1));
  if (step === 3 && Object.keys(step2Errors(answers, now)).length) throw redirect(stepPath(2));

  const cities = listCities();
  const categories = listCategories().map(({ id, name, icon, label }) => ({ id, name, icon, label: label || "Sub Categoria" }));
  const subcategories = listSubcategories().map(({ id, name, categoryId }) => ({ id, name, categoryId }));
  return data(
    {
      signedIn: true as const,
      mode: "wizard" as const,
      step: step ?? 1,
      editAdId: draft?.editAdId ?? null,
      answers,
      photos: (answers.photos ?? []).map((photo) => ({ publicId: photo.publicId, url: imageUrl(photo.publicId) })),
      categories,
      subcategories,
      cities,
      defaultCityId: chooseCity(cities)?.id ?? null,
      definitions: answers.categoryId ? characteristicDefinitions(answers.categoryId) : [],
      pricePerDayCents: getAdPricePerDayCents(),
      today: todayKey(now),
      minExpiration: minExpirationKey(now),
      defaultExpiration: defaultExpirationKey(now),
      aiUsage: usageStatus(user, now),
    },
    { headers: NO_STORE },
  );
}

/**
 * Step 2's answers as typed, kept even when they do not validate yet (nothing typed is lost), with the
 * control characters of each field gone (lib/plain-text): the draft is what becomes the ad.
 */
function step2Patch(form: FormData): Partial<WizardDraftData> {
  const text = (name: string) => String(form.get(name) ?? "");
  const price = parsePriceInput(text("price"));
  const characteristics: Record<string, string> = {};
  for (const [key, value] of form) if (key.startsWith("characteristics.") && typeof value === "string") characteristics[key.slice(16)] = value;
  const names = form.getAll("customName").map(String);
  const values = form.getAll("customValue").map(String);
  return {
    title: singleLine(text("title")),
    expirationDate: text("expirationDate"),
    ...(typeof price === "string" ? {} : { priceCents: price }),
    whatsapp: singleLine(text("whatsapp")),
    description: multiLine(text("description")),
    characteristics,
    // Empty rows stay while the form is being filled (a row just added); the write drops them.
    customPairs: names.map((name, index) => ({ name: singleLine(name), value: singleLine(values[index] ?? "") })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const step = stepOf(url) ?? 1;

  // Only the last step carries photos; it alone reads a multipart body.
  const upload = step === 3 ? await readUploadForm(request) : { ok: true as const, form: await readFormData(request), files: [] };
  if (!upload.ok) return data({ step, result: null, rejection: null, formError: upload.message }, { status: upload.status });
  const form = upload.form;
  const intent = String(form.get("intent") ?? "next");

  if (intent === "discard") {
    await discardDraft(user.id);
    throw redirect(stepPath(1));
  }

  if (step === 1) {
    const submission = parseWithZod(form, { schema: adStep1Schema });
    if (submission.status !== "success") return invalidForm({ step, result: submission.reply(), rejection: null, formError: null });
    const { errors, subcategoryNext } = saveStep1(user.id, { ...submission.value, subcategoryId: submission.value.subcategoryId ?? null });
    // Without JavaScript a category with subcategories comes back once to offer them: the answer is saved, nothing is wrong.
    if (subcategoryNext) return data({ step, result: null, rejection: null, formError: null, subcategoryNext: true });
    if (Object.keys(errors).length) return invalidForm({ step, result: submission.reply({ fieldErrors: errors }), rejection: null, formError: null });
    throw redirect(stepPath(2));
  }

  if (step === 2) {
    const draft = saveDraft(user.id, step2Patch(form));
    if (intent === "back") throw redirect(stepPath(1));
    if (intent === "add-pair") {
      saveDraft(user.id, { customPairs: [...(draft.data.customPairs ?? []), { name: "", value: "" }] });
      throw redirect(`${stepPath(2)}#informacoes-extras`);
    }
    if (intent.startsWith("remove-pair:")) {
      const index = Number(intent.slice("remove-pair:".length));
      saveDraft(user.id, { customPairs: (draft.data.customPairs ?? []).filter((_, i) => i !== index) });
      throw redirect(`${stepPath(2)}#informacoes-extras`);
    }
    if (intent === "generate") {
      const generated = await generateDescriptionFor(user, descriptionInputFor(adInputFromDraft(draft.data)));
      if (!generated.ok) {
        const refused = aiRefusalPage(generated);
        return toast.jsonWithError({ step, result: null, rejection: null, formError: generated.message }, refused.toast, refused.init);
      }
      saveDraft(user.id, { description: generated.description });
      throw await toast.redirectWithSuccess(`${stepPath(2)}#descricao`, { message: "Descrição gerada", description: "Revise o texto antes de publicar." });
    }
    const submission = parseWithZod(form, { schema: adStep2Schema });
    const pairs = customPairsFrom(form.getAll("customName").map(String), form.getAll("customValue").map(String));
    const ruleErrors = step2Errors(draft.data);
    if (submission.status !== "success" || Object.keys(ruleErrors).length || pairs.errors.length) {
      const result = submission.reply({ fieldErrors: ruleErrors, formErrors: pairs.errors });
      return invalidForm({ step, result, rejection: null, formError: null });
    }
    if (intent === "photos") throw redirect(stepPath(3));
    return finish(user.id, step);
  }

  // Step 3: photos sent with the form are stored first (without JavaScript they arrive with 'Criar Anúncio').
  const added = await addDraftPhotos(user.id, upload.files);
  if (!added.ok) return data({ step, result: null, rejection: null, formError: added.message }, { status: added.status });
  if (intent.startsWith("remove-photo:")) {
    await removeDraftPhoto(user.id, intent.slice("remove-photo:".length));
    throw redirect(stepPath(3));
  }
  if (intent === "back") throw redirect(stepPath(2));
  if (intent === "upload") throw redirect(stepPath(3));
  return finish(user.id, step);
}

async function finish(userId: number, step: number) {
  const result = await finishWizard(userId);
  if (result.ok) {
    throw await toast.redirectWithSuccess(`/payment/${result.adId}`, {
      message: "Anúncio criado!",
      description: "Falta só o pagamento para ele entrar no ar.",
    });
  }
  if (result.status === 422) {
    const rejection = { title: result.message, details: result.details ?? [], suggestion: result.suggestion ?? null };
    return toast.jsonWithError(
      { step, result: null, rejection, formError: null },
      { message: result.message, description: rejection.details.join(" · "), duration: 8000 },
      { status: result.status },
    );
  }
  return data({ step, result: null, rejection: null, formError: result.message }, { status: result.status });
}

export default function CreateAdPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (!loaderData.signedIn) return <LoginRequired />;
  if (loaderData.mode === "resume") return <ResumeDraft editing={loaderData.editAdId !== null} updatedAt={loaderData.updatedAt} />;
  const feedback = actionData && actionData.step === loaderData.step ? actionData : undefined;
  return (
    <WizardShell step={loaderData.step} editing={loaderData.editAdId !== null}>
      {loaderData.step === 1 ? (
        <StepChoose data={loaderData} lastResult={feedback?.result ?? undefined} subcategoryNext={Boolean(feedback && "subcategoryNext" in feedback)} />
      ) : null}
      {loaderData.step === 2 ? (
        <StepDetails data={loaderData} lastResult={feedback?.result ?? undefined} rejection={feedback?.rejection ?? null} formError={feedback?.formError ?? null} />
      ) : null}
      {loaderData.step === 3 ? <StepPhotos data={loaderData} rejection={feedback?.rejection ?? null} formError={feedback?.formError ?? null} /> : null}
    </WizardShell>
  );
}
