/**
 * Step 3, 'Finalizar': up to 5 photos with previews and remove, the summary, and 'Criar Anúncio'.
 * With JavaScript each chosen photo is scaled down and sent at once with a progress bar; without it
 * the photos travel with the form ('Enviar fotos' to preview them first, or straight with 'Criar Anúncio').
 */
import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { Icon } from "~/components/Icon";
import { imageVariantUrl } from "~/lib/image-variants";
import { formatBRL } from "~/lib/money";
import { MAX_AD_IMAGES } from "~/models/ad/ad";
import { AD_FORM_MESSAGES, type WizardDraftData } from "~/models/ad/ad-form";
import { PhotoPicker, usePhotoUploads } from "./PhotoPicker";
import { RejectionNotice, type Rejection } from "./RejectionNotice";
import { primaryButton, secondaryButton } from "./WizardShell";

type StepData = {
  answers: WizardDraftData;
  photos: { publicId: string; url: string }[];
  categories: { id: number; name: string }[];
  subcategories: { id: number; name: string }[];
};

export function StepPhotos({ data, rejection, formError }: { data: StepData; rejection: Rejection | null; formError: string | null }) {
  const navigation = useNavigation();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const { answers, photos } = data;
  const room = MAX_AD_IMAGES - photos.length;
  const uploads = usePhotoUploads("/api/ad-draft/photos", room);
  const { progress } = uploads;
  const creating = navigation.state !== "idle" && navigation.formData?.get("intent") === "create";
  const category = data.categories.find((c) => c.id === answers.categoryId);
  const subcategory = data.subcategories.find((s) => s.id === answers.subcategoryId);

  async function sendPhotos(files: FileList) {
    setUploadError(files.length > room ? `${AD_FORM_MESSAGES.imageLimitTitle}: ${AD_FORM_MESSAGES.imageLimit}` : null);
    const { refusal } = await uploads.send(files);
    if (refusal) setUploadError(refusal.message ?? "Erro ao enviar a foto.");
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
                  className={`absolute right-1 top-1 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-red-700 shadow hover:bg-white ${focusRing}`}
                >
                  <Icon name="trash-2" className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}

        {room > 0 ? (
          <div className="mt-3 rounded-xl border-2 border-dashed border-slate-300 p-4 text-center">
            <PhotoPicker inputId="photos-input" chooseLabel="Escolher fotos" room={room} progress={progress} onFiles={sendPhotos} submitIntent="upload" />
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
