/**
 * The edit page's photos (spec 02 §2 "image manager (x/5) with upload and a delete confirmation").
 * With JavaScript each chosen photo is scaled down and sent at once to POST /api/ads/{id}/images with a
 * progress bar, and removing asks in a dialog; without it the photos travel with a small form to the
 * page, and removing goes through a confirmation on the page (?remover-foto={imageId}).
 */
import { Form, Link, useFetcher, useRevalidator } from "@remix-run/react";
import { useRef, useState } from "react";
import { downscaleImage, uploadPhoto } from "~/components/ad-form/photo-upload";
import { primaryButton, secondaryButton } from "~/components/ad-form/WizardShell";
import { focusRing } from "~/components/auth/AuthForm";
import { ModalDialog } from "~/components/dashboard/ModalDialog";
import { Icon } from "~/components/Icon";
import { useHydrated } from "~/components/use-hydrated";
import { imageVariantUrl } from "~/lib/image-variants";
import { AD_FORM_MESSAGES, MAX_AD_IMAGES } from "~/models/ad/ad-form";
import { MANAGE_MESSAGES } from "~/models/ad/manage";

export type ManagedPhoto = { id: number; publicId: string; isPrimary: boolean };

type Notice = { tone: "error" | "info"; text: string } | null;

export function PhotoManager({ adId, photos, confirmRemoveId, action }: { adId: number; photos: ManagedPhoto[]; confirmRemoveId: number | null; action: string }) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const fetcher = useFetcher();
  const dialog = useRef<HTMLDialogElement>(null);
  const [removing, setRemoving] = useState<ManagedPhoto | null>(null);
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const room = MAX_AD_IMAGES - photos.length;
  const confirming = photos.find((photo) => photo.id === confirmRemoveId) ?? null;

  async function send(files: FileList) {
    setNotice(null);
    const chosen = [...files];
    if (chosen.length > room) setNotice({ tone: "error", text: AD_FORM_MESSAGES.imageLimitApi });
    let added = 0;
    for (const file of chosen.slice(0, room)) {
      setProgress({ name: file.name, fraction: 0 });
      const photo = await downscaleImage(file);
      const answer = await uploadPhoto(`/api/ads/${adId}/images`, photo, file.name, (fraction) => setProgress({ name: file.name, fraction }));
      if (!answer.ok) {
        setNotice({ tone: "error", text: `${MANAGE_MESSAGES.imageUploadError}: ${answer.message ?? "tente de novo."}` });
        break;
      }
      added++;
      revalidator.revalidate();
    }
    setProgress(null);
    if (added && chosen.length <= room) setNotice({ tone: "info", text: MANAGE_MESSAGES.imageAdded });
  }

  return (
    <section aria-labelledby="fotos-titulo" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex items-baseline justify-between">
        <h2 id="fotos-titulo" className="font-semibold text-slate-900">
          Fotos
        </h2>
        <p className="text-sm tabular-nums text-slate-600" data-testid="photo-count">
          {photos.length}/{MAX_AD_IMAGES}
        </p>
      </div>
      <p className="mt-1 text-xs text-slate-600">A primeira foto é a capa. Fotos novas passam pela moderação automática.</p>

      {notice ? (
        <p role={notice.tone === "error" ? "alert" : "status"} className={`mt-3 rounded-lg border p-2.5 text-sm ${notice.tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-emerald-200 bg-emerald-50 text-emerald-900"}`}>
          {notice.text}
        </p>
      ) : null}

      {confirming ? (
        <div role="alertdialog" aria-labelledby="remover-foto-titulo" className="mt-3 rounded-xl border border-red-200 bg-red-50 p-3">
          <p id="remover-foto-titulo" className="font-semibold text-red-900">
            Remover esta foto?
          </p>
          <img src={imageVariantUrl(confirming.publicId, { width: 320, height: 240 })} alt="Foto a remover" width={160} height={120} className="mt-2 rounded-md" />
          <div className="mt-3 flex gap-2">
            <Link to={action} className={secondaryButton}>
              Cancelar
            </Link>
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="remove-photo" />
              <input type="hidden" name="imageId" value={confirming.id} />
              <button type="submit" className={`${primaryButton} bg-red-700 hover:bg-red-800`}>
                Remover
              </button>
            </Form>
          </div>
        </div>
      ) : null}

      {photos.length ? (
        <ul className="mt-3 grid grid-cols-2 gap-3">
          {photos.map((photo, index) => (
            <li key={photo.id} className="relative overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
              <img src={imageVariantUrl(photo.publicId, { width: 320, height: 240 })} alt={`Foto ${index + 1}`} width={320} height={240} loading="lazy" className="aspect-[4/3] w-full object-cover" />
              {index === 0 ? <span className="absolute left-2 top-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">Capa</span> : null}
              <Link
                to={`${action}${action.includes("?") ? "&" : "?"}remover-foto=${photo.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  setRemoving(photo);
                  dialog.current?.showModal();
                }}
                aria-label={`Remover foto ${index + 1}`}
                className={`absolute right-2 top-2 rounded-full bg-white/90 p-1.5 text-red-700 shadow hover:bg-white ${focusRing}`}
              >
                <Icon name="trash-2" className="h-4 w-4" />
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-600">Nenhuma foto ainda.</p>
      )}

      {room > 0 ? (
        <Form method="post" action={action} encType="multipart/form-data" className="mt-3 rounded-xl border-2 border-dashed border-slate-300 p-3 text-center">
          <input type="hidden" name="intent" value="upload-photo" />
          <label htmlFor="edit-photos-input" className={`inline-flex cursor-pointer items-center gap-2 font-semibold text-brand-700 ${focusRing}`}>
            <Icon name="image-plus" className="h-5 w-5" />
            {hydrated ? "Adicionar fotos" : "Selecionar fotos"}
          </label>
          <input
            id="edit-photos-input"
            type="file"
            accept="image/*"
            multiple
            name={hydrated ? undefined : "images"}
            disabled={Boolean(progress)}
            onChange={hydrated ? (event) => void send(event.currentTarget.files!).then(() => (event.target.value = "")) : undefined}
            className={hydrated ? "sr-only" : "mt-2 block w-full text-sm"}
          />
          <p className="mt-1 text-xs text-slate-600">Você pode adicionar mais {room}.</p>
          {!hydrated ? (
            <button type="submit" className={`${secondaryButton} mt-2`}>
              Enviar fotos
            </button>
          ) : null}
          {progress ? (
            <div className="mt-2 text-left" role="status">
              <p className="truncate text-xs text-slate-700">Enviando {progress.name}…</p>
              <progress max={1} value={progress.fraction} className="mt-1 h-2 w-full" aria-label="Progresso do envio" />
            </div>
          ) : null}
        </Form>
      ) : (
        <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{AD_FORM_MESSAGES.imageLimitApi}</p>
      )}

      <ModalDialog ref={dialog} id="remover-foto" title="Remover esta foto?">
        {removing ? (
          <img src={imageVariantUrl(removing.publicId, { width: 320, height: 240 })} alt="Foto a remover" width={160} height={120} className="mt-2 rounded-md" />
        ) : null}
        <p className="mt-2 text-sm text-slate-700">A foto será apagada. Esta ação não pode ser desfeita.</p>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={() => dialog.current?.close()} className={secondaryButton}>
            Cancelar
          </button>
          <fetcher.Form method="post" action={action} onSubmit={() => dialog.current?.close()}>
            <input type="hidden" name="intent" value="remove-photo" />
            <input type="hidden" name="imageId" value={removing?.id ?? ""} />
            <button type="submit" className={`${primaryButton} w-full bg-red-700 hover:bg-red-800`}>
              Remover
            </button>
          </fetcher.Form>
        </div>
      </ModalDialog>
    </section>
  );
}
