/**
 * /edit-ad/{id} (+ ?reactivate=true): editing or reactivating an ad (spec 02 §2, §4, §5, §6). The
 * owner or an admin only; an owner only while the ad is editable (active, awaiting payment since an
 * earlier day, or expired — which makes saving a reactivation); a paused ad shows 'Anúncio Pausado'
 * with 'Reativar' instead. Saving: an expired or unpaid ad → /payment/{id} with the new cost; otherwise
 * → /dashboard with 'Anúncio atualizado com sucesso.'. The rules are the ad model's (edit.server.ts),
 * shared with PUT /api/ads/{id}.
 *
 * Intents: save (default), generate (the AI description without JavaScript), upload-photo and
 * remove-photo (the photo manager without JavaScript; with it the photos go through /api/ads/{id}/images).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { EditAdForm } from "~/components/ad-edit/EditAdForm";
import { PhotoManager } from "~/components/ad-edit/PhotoManager";
import { primaryButton, secondaryButton } from "~/components/ad-form/WizardShell";
import { StatusBadge } from "~/components/dashboard/ManagedAdList";
import { Icon } from "~/components/Icon";
import { formatDateBR, todayKey } from "~/lib/dates";
import { parseId } from "~/lib/parse-id";
import { adEditSchema } from "~/models/ad/ad-edit";
import { adInputFromDraft } from "~/models/ad/ad-input.server";
import { minExpirationKey } from "~/models/ad/cost";
import { getAdForApi } from "~/models/ad/detail.server";
import { announcePriceDropsInBackground } from "~/models/favourite/price-drop-mail.server";
import { getAdForEdit, updateAd } from "~/models/ad/edit.server";
import { HELD_FOR_REVIEW } from "~/models/ad/fraud-signals";
import { MANAGE_MESSAGES } from "~/models/ad/manage";
import { addAdPhoto, listAdPhotos, removeAdPhoto } from "~/models/ad/photos.server";
import { characteristicDefinitions } from "~/models/ad/write.server";
import { generateDescriptionFor, usageStatus } from "~/models/ai-usage/ai-usage.server";
import { descriptionInputFor } from "~/models/ai-usage/description-input.server";
import { listCategories, listSubcategories } from "~/models/category/category.server";
import { getAdPricePerDayCents } from "~/models/setting/setting.server";
import { requireUser } from "~/web/auth.server";
import { aiRefusalPage, invalidForm, NO_STORE, notFoundPage } from "~/web/http.server";
import { ERROR_TOAST_MS, toast } from "~/web/toast.server";
import { readUploadForm } from "~/web/upload.server";

export const meta: MetaFunction = () => [{ title: "Editar anúncio | Classificados Patos" }, { name: "robots", content: "noindex" }];

// A refused AI description (429) tells the browser when to try again.
export { retryAfterPageHeaders as headers } from "~/web/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  if (id === null) throw notFoundPage();
  const url = new URL(request.url);
  const now = new Date();
  const found = getAdForEdit(id, user, now);
  if (!found.ok) {
    if (found.status === 404) throw notFoundPage();
    if (found.paused) return data({ mode: "paused" as const, id, message: found.message }, { headers: NO_STORE });
    // An ad the fraud signals just held (the photo manager's upload goes through the API) says why.
    const reviewReasons = found.status === 409 ? (getAdForApi(id, user, now)?.reviewReasons ?? []) : [];
    return data({ mode: "refused" as const, id, message: found.message, reviewReasons }, { status: found.status, headers: NO_STORE });
  }
  const reactivate = url.searchParams.get("reactivate") === "true";
  // An expired ad is only ever reactivated here: the address says so.
  if (found.constraints.reactivating && !reactivate) throw redirect(`/edit-ad/${id}?reactivate=true`);
  const removeParam = parseId(url.searchParams.get("remover-foto") ?? "");
  return data(
    {
      mode: "edit" as const,
      id,
      isAdmin: user.isAdmin,
      ad: found.ad,
      constraints: found.constraints,
      photos: (listAdPhotos(id, user) ?? []).map(({ id: photoId, publicId, isPrimary }) => ({ id: photoId, publicId, isPrimary })),
      confirmRemoveId: removeParam,
      categories: listCategories().map(({ id: categoryId, name, label }) => ({ id: categoryId, name, label: label || "Sub Categoria" })),
      subcategories: listSubcategories().map(({ id: subId, name, categoryId }) => ({ id: subId, name, categoryId })),
      definitions: characteristicDefinitions(found.ad.categoryId),
      pricePerDayCents: getAdPricePerDayCents(),
      today: todayKey(now),
      minExpiration: minExpirationKey(now),
      aiUsage: usageStatus(user, now),
    },
    { headers: NO_STORE },
  );
}

type ActionAnswer = {
  result: SubmissionResult<string[]> | null;
  rejection: { title: string; details: string[]; suggestion: string | null } | null;
  generated: string | null;
};

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  if (id === null) throw notFoundPage();
  const url = new URL(request.url);
  const here = `/edit-ad/${id}${url.searchParams.get("reactivate") === "true" ? "?reactivate=true" : ""}`;
  const upload = await readUploadForm(request);
  if (!upload.ok) throw await toast.redirectWithError(here, { message: MANAGE_MESSAGES.imageUploadError, description: upload.message, duration: ERROR_TOAST_MS });
  const form = upload.form;
  const intent = String(form.get("intent") ?? "save");

  if (intent === "upload-photo") {
    for (const file of upload.files) {
      const added = await addAdPhoto(id, user, file);
      if (!added.ok) {
        const description = [added.message, ...(added.details ?? [])].join(" · ");
        throw await toast.redirectWithError(here, { message: MANAGE_MESSAGES.imageUploadError, description, duration: ERROR_TOAST_MS });
      }
      // A copied photo sent the ad to the queue: the rest are not added, and the owner is told why.
      if (added.reviewReasons.length) throw await heldForReview(added.reviewReasons);
    }
    throw await toast.redirectWithSuccess(here, upload.files.length ? MANAGE_MESSAGES.imageAdded : "Nenhuma foto escolhida");
  }
  if (intent === "remove-photo") {
    const removed = await removeAdPhoto(id, parseId(String(form.get("imageId") ?? "")) ?? 0, user);
    if (!removed.ok) throw await toast.redirectWithError(here, { message: MANAGE_MESSAGES.imageRemoveError, description: removed.message, duration: ERROR_TOAST_MS });
    throw await toast.redirectWithSuccess(here, MANAGE_MESSAGES.imageRemoved);
  }

  const submission = parseWithZod(form, { schema: adEditSchema });
  if (intent === "generate") {
    // The AI description without JavaScript: what was typed comes back, the description filled in.
    const value = submission.status === "success" ? submission.value : null;
    const found = getAdForEdit(id, user);
    if (!found.ok) throw await toast.redirectWithError("/dashboard", { message: MANAGE_MESSAGES.updateError, description: found.message, duration: ERROR_TOAST_MS });
    const input = adInputFromDraft({
      adType: value?.adType ?? found.ad.adType,
      categoryId: value?.categoryId ?? found.ad.categoryId,
      subcategoryId: value?.subcategoryId ?? found.ad.subcategoryId,
      title: value?.title ?? found.ad.title,
      characteristics: value?.characteristics ?? found.ad.characteristics,
      priceCents: value?.price ?? found.ad.priceCents,
      whatsapp: value?.whatsapp ?? found.ad.whatsapp,
    });
    const generated = await generateDescriptionFor(user, descriptionInputFor(input));
    // What was typed comes back without error messages: an empty description is why one asks for help.
    const answer: ActionAnswer = { result: { ...submission.reply(), error: undefined }, rejection: null, generated: generated.ok ? generated.description : null };
    if (!generated.ok) {
      const refused = aiRefusalPage(generated);
      return toast.jsonWithError(answer, refused.toast, refused.init);
    }
    return data(answer);
  }

  if (submission.status !== "success") return invalidForm({ result: submission.reply(), rejection: null, generated: null } satisfies ActionAnswer as ActionAnswer);
  const result = await updateAd(id, user, submission.value);
  if (result.ok && result.priceDropped) announcePriceDropsInBackground();
  if (result.ok && result.reviewReasons.length) throw await heldForReview(result.reviewReasons);
  if (result.ok) {
    if (result.leadsToPayment && result.byOwner) {
      throw await toast.redirectWithSuccess(`/payment/${id}`, {
        message: MANAGE_MESSAGES.updated,
        description: result.status === "pending_payment" ? MANAGE_MESSAGES.reactivated : undefined,
      });
    }
    throw await toast.redirectWithSuccess("/dashboard", MANAGE_MESSAGES.updated);
  }
  if (result.status === 400) {
    const fieldErrors = Object.fromEntries(Object.entries(result.fieldErrors ?? {}).map(([field, message]) => [field, [message]]));
    return invalidForm({ result: submission.reply({ fieldErrors }), rejection: null, generated: null } satisfies ActionAnswer as ActionAnswer);
  }
  if (result.status === 422) {
    const rejection = { title: result.message, details: result.details ?? [], suggestion: result.suggestion ?? null };
    return toast.jsonWithError(
      { result: submission.reply(), rejection, generated: null } satisfies ActionAnswer as ActionAnswer,
      { message: result.message, description: rejection.details.join(" · "), duration: ERROR_TOAST_MS },
      { status: result.status },
    );
  }
  throw await toast.redirectWithError(result.status === 409 ? here : "/dashboard", { message: MANAGE_MESSAGES.updateError, description: result.message, duration: ERROR_TOAST_MS });
}

/** The fraud signals took the ad out of the lists (ADR 020): the dashboard, where its reasons stay shown. */
function heldForReview(reasons: string[]) {
  return toast.redirectWithWarning("/dashboard", { message: HELD_FOR_REVIEW, description: reasons.join(" · "), duration: ERROR_TOAST_MS });
}

export default function EditAdPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionAnswer | undefined;
  const navigation = useNavigation();
  if (loaderData.mode === "paused") return <PausedNotice id={loaderData.id} />;
  if (loaderData.mode === "refused") return <Refused message={loaderData.message} reviewReasons={loaderData.reviewReasons} />;
  const { ad, constraints, id } = loaderData;
  const action = `/edit-ad/${id}${constraints.reactivating ? "?reactivate=true" : ""}`;
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  return (
    <div className="mx-auto w-full max-w-6xl px-3 py-6 sm:px-4 sm:py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-extrabold tracking-tight text-slate-900">{constraints.reactivating ? "Reativar anúncio" : "Editar anúncio"}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            {ad.title} <StatusBadge status={ad.status} />
          </p>
        </div>
        <Link to="/dashboard" className="inline-flex items-center gap-1.5 rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
          <Icon name="arrow-left" className="h-4 w-4" />
          Meus Anúncios
        </Link>
      </div>
      {constraints.reactivating ? (
        <p role="status" className="mt-4 rounded-xl border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          <strong>{MANAGE_MESSAGES.reactivatingTitle}.</strong> Escolha a nova data de expiração. Após salvar, o status será alterado para
          &apos;Aguardando Pagamento&apos; e você vai para o pagamento.
        </p>
      ) : null}
      <div className="mt-5 grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <EditAdForm
            data={loaderData}
            action={action}
            lastResult={actionData?.result ?? undefined}
            rejection={actionData?.rejection ?? null}
            generated={actionData?.generated ?? null}
            saving={saving}
          />
        </div>
        <aside className="space-y-5">
          <section aria-labelledby="info-titulo" className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
            <h2 id="info-titulo" className="font-semibold text-slate-900">
              Informações
            </h2>
            <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1.5 text-slate-700">
              <dt>ID</dt>
              <dd className="font-medium text-slate-900">#{ad.id}</dd>
              <dt>Categoria</dt>
              <dd className="font-medium text-slate-900">{ad.categoryName}</dd>
              <dt>Criado em</dt>
              <dd className="font-medium text-slate-900">{formatDateBR(new Date(ad.createdAt))}</dd>
              <dt>Visualizações</dt>
              <dd className="font-medium text-slate-900">{ad.views.toLocaleString("pt-BR")}</dd>
              {loaderData.isAdmin && ad.userId ? (
                <>
                  <dt>Anunciante</dt>
                  <dd className="font-medium text-slate-900">{ad.ownerName ?? `#${ad.userId}`}</dd>
                </>
              ) : null}
            </dl>
          </section>
          <PhotoManager adId={id} photos={loaderData.photos} confirmRemoveId={loaderData.confirmRemoveId} action={action} />
        </aside>
      </div>
    </div>
  );
}

/** A paused ad (spec 02 §4): 'Para editar o anúncio pausado, primeiro reative-o', with 'Reativar'. */
function PausedNotice({ id }: { id: number }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div role="alertdialog" aria-labelledby="pausado-titulo" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 id="pausado-titulo" className="text-2xl font-extrabold tracking-tight text-slate-900">
          {MANAGE_MESSAGES.pausedTitle}
        </h1>
        <p className="mt-2 text-slate-700">{MANAGE_MESSAGES.pausedText}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/dashboard" className={secondaryButton}>
            Cancelar
          </Link>
          <Form method="post" action="/dashboard">
            <input type="hidden" name="intent" value="reactivate" />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="back" value={`/edit-ad/${id}`} />
            <button type="submit" className={`${primaryButton} w-full`}>
              Reativar
            </button>
          </Form>
        </div>
      </div>
    </div>
  );
}

function Refused({ message, reviewReasons }: { message: string; reviewReasons: string[] }) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-14">
      <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <Icon name="circle-alert" className="mx-auto h-10 w-10 text-amber-600" />
        <p role="alert" className="mt-3 text-lg font-semibold text-slate-900">
          {message}
        </p>
        {reviewReasons.length ? (
          <div className="mt-3 text-left text-sm text-slate-700">
            <p className="font-medium">{HELD_FOR_REVIEW}:</p>
            <ul className="mt-1 list-disc pl-5">
              {reviewReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <Link to="/dashboard" className={`${primaryButton} mt-6 w-full`}>
          Voltar para Meus Anúncios
        </Link>
      </div>
    </div>
  );
}
