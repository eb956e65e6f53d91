/**
 * Step 3, 'Finalizar': up to 5 photos with previews and remove, the summary, and 'Criar Anúncio'.
 * With JavaScript each chosen photo is scaled down and sent at once with a progress bar; without it
 * the photos travel with the form ('Enviar fotos' to preview them first, or straight with 'Criar Anúncio').
 */
import { Form, useNavigation, useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { Icon } from "~/components/Icon";
import { useHydrated } from "~/components/use-hydrated";
import { imageVariantUrl } from "~/lib/image-variants";
import { formatBRL } from "~/lib/money";
import { AD_FORM_MESSAGES, MAX_AD_IMAGES, type WizardDraftData } from "~/models/ad/ad-form";
import { downscaleImage, uploadPhoto } from "./photo-upload";
import { RejectionNotice, type Rejection } from "./RejectionNotice";
import { primaryButton, secondaryButton } from "./WizardShell";

type StepData = {
  answers: WizardDraftData;
  photos: { publicId: string; url: string }[];
  categories: { id: number; name: string }[];
  subcategories: { id: number; name: string }[];
};

type Progress = { name: string; fraction: number } | null;

export function StepPhotos({ data, rejection, formError }: { data: StepData; rejection: Rejection | null; formError: string | null }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<Progress>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const { answers, photos } = data;
  const room = MAX_AD_IMAGES - photos.length;
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const category = data.categories.find((c) => c.id === answers.categoryId);
  const subcategory = data.subcategories.find((s) => s.id === answers.subcategoryId);

  async function sendPhotos(files: FileList) {
    setUploadError(null);
    const chosen = [...files];
    if (chosen.length > room) setUploadError(`${AD_FORM_MESSAGES.imageLimitTitle}: ${AD_FORM_MESSAGES.imageLimit}`);
    for (const file of chosen.slice(0, room)) {
      setProgress({ name: file.name, fraction: 0 });
      const photo = await downscaleImage(file);
      const answer = await uploadPhoto("/api/ad-draft/photos", photo, file.name, (fraction) => setProgress({ name: file.name, fraction }));
      if (!answer.ok) {
        setUploadError(answer.message ?? "Erro ao enviar a foto.");
        break;
      }
      revalidator.revalidate();
    }
    setProgress(null);
  }

  return (
    <Form method="post" action="/create-ad?step=3" encType="multipart/form-data" className="space-y-6">
      {rejection ? <RejectionNotice rejection={rejection} /> : null}
      {formError || uploadError ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {uploadError ?? formError}
        </p>
      ) : null}

      <section aria-labelledby="fotos-titulo">
        <div className="flex items-baseline justify-between">
          <h2 id="fotos-titulo" className="text-sm font-semibold text-slate-900">
            Fotos
          </h2>
          <p className="text-sm text-slate-600">
            {photos.length}/{MAX_AD_IMAGES}
          </p>
        </div>
        <p className="mt-1 text-xs text-slate-600">Opcional. A primeira foto é a capa do anúncio. JPEG, PNG, WebP ou HEIC, até 10 MB cada.</p>
        {photos.length ? (
          <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
            {photos.map((photo, index) => (
              <li key={photo.publicId} className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
                <img src={imageVariantUrl(photo.publicId, { width: 320, height: 240 })} alt={`Foto ${index + 1}`} width={320} height={240} className="aspect-[4/3] w-full object-cover" />
                {index === 0 ? <span className="absolute left-2 top-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">Capa</span> : null}
                <button
                  type="submit"
                  name="intent"
                  value={`remove-photo:${photo.publicId}`}
                  aria-label={`Remover foto ${index + 1}`}
                  className={`absolute right-2 top-2 rounded-full bg-white/90 p-1.5 text-red-700 shadow hover:bg-white ${focusRing}`}
                >
                  <Icon name="trash-2" className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}

        {room > 0 ? (
          <div className="mt-3 rounded-xl border-2 border-dashed border-slate-300 p-4 text-center">
            <label htmlFor="photos-input" className={`inline-flex cursor-pointer items-center gap-2 font-semibold text-brand-700 ${focusRing}`}>
              <Icon name="image-plus" className="h-5 w-5" />
              {hydrated ? "Escolher fotos" : "Selecionar fotos"}
            </label>
            <input
              id="photos-input"
              type="file"
              accept="image/*"
              multiple
              // Without JavaScript the files go with the form; with it they are sent as soon as they are chosen.
              name={hydrated ? undefined : "images"}
              disabled={Boolean(progress)}
              onChange={hydrated ? (event) => void sendPhotos(event.currentTarget.files!).then(() => (event.target.value = "")) : undefined}
              className={hydrated ? "sr-only" : "mt-2 block w-full text-sm"}
            />
            <p className="mt-1 text-xs text-slate-600">Você pode adicionar mais {room}.</p>
            {!hydrated ? (
              <button type="submit" name="intent" value="upload" className={`${secondaryButton} mt-3`}>
                Enviar fotos
              </button>
            ) : null}
            {progress ? (
              <div className="mt-3 text-left" role="status">
                <p className="truncate text-xs text-slate-700">Enviando {progress.name}…</p>
                <progress max={1} value={progress.fraction} className="mt-1 h-2 w-full" aria-label="Progresso do envio" />
              </div>
            ) : null}
          </div>
        ) : (
          <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700">{AD_FORM_MESSAGES.imageLimit}.</p>
        )}
      </section>

      <section aria-labelledby="resumo-titulo" className="rounded-xl border border-slate-200 p-4 text-sm">
        <h2 id="resumo-titulo" className="font-semibold text-slate-900">
          Resumo
        </h2>
        <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-slate-700">
          <dt>Tipo</dt>
          <dd className="font-medium text-slate-900">{answers.adType}</dd>
          <dt>Categoria</dt>
          <dd className="font-medium text-slate-900">{category?.name}</dd>
          {subcategory ? (
            <>
              <dt>Subcategoria</dt>
              <dd className="font-medium text-slate-900">{subcategory.name}</dd>
            </>
          ) : null}
          <dt>Preço</dt>
          <dd className="font-medium text-slate-900">{formatBRL(answers.priceCents ?? null)}</dd>
          <dt>Imagens</dt>
          <dd className="font-medium text-slate-900">{photos.length}</dd>
        </dl>
      </section>

      <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:justify-between">
        <button type="submit" name="intent" value="back" className={secondaryButton}>
          <Icon name="arrow-left" className="h-5 w-5" />
          Voltar
        </button>
        <button type="submit" name="intent" value="create" disabled={creating || Boolean(progress)} className={primaryButton}>
          {creating ? <Icon name="loader-circle" className="h-5 w-5 animate-spin" /> : null}
          {creating ? "Criando..." : "Criar Anúncio"}
        </button>
      </div>
    </Form>
  );
}
