/**
 * The edit page's photos (spec 02 §2 "image manager (x/5) with upload and a delete confirmation").
 * With JavaScript each chosen photo is scaled down and sent at once to POST /api/ads/{id}/images with a
 * progress bar, and removing asks in a dialog; without it the photos travel with a small form to the
 * page, and removing goes through a confirmation on the page (?remover-foto={imageId}).
 */
import { Form, Link, useFetcher } from "@remix-run/react";
import { useRef, useState } from "react";
import { PhotoPicker, usePhotoUploads } from "~/components/ad-form/PhotoPicker";
import { primaryButton, secondaryButton } from "~/components/ad-form/WizardShell";
import { focusRing } from "~/components/auth/AuthForm";
import { ModalDialog } from "~/components/dashboard/ModalDialog";
import { Icon } from "~/components/Icon";
import { imageVariantUrl } from "~/lib/image-variants";
import { MAX_AD_IMAGES } from "~/models/ad/ad";
import { AD_FORM_MESSAGES } from "~/models/ad/ad-form";
import { MANAGE_MESSAGES } from "~/models/ad/manage";

export type ManagedPhoto = { id: number; publicId: string; isPrimary: boolean };

type Notice = { tone: "error" | "info"; text: string } | null;

export function PhotoManager({ adId, photos, confirmRemoveId, action }: { adId: number; photos: ManagedPhoto[]; confirmRemoveId: number | null; action: string }) {
  const fetcher = useFetcher();
  const dialog = useRef<HTMLDialogElement>(null);
  const [removing, setRemoving] = useState<ManagedPhoto | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const room = MAX_AD_IMAGES - photos.length;
  const uploads = usePhotoUploads(`/api/ads/${adId}/images`, room);
  const { progress } = uploads;
  const confirming = photos.find((photo) => photo.id === confirmRemoveId) ?? null;

  async function send(files: FileList) {
    setNotice(files.length > room ? { tone: "error", text: AD_FORM_MESSAGES.imageLimitApi } : null);
    const { added, refusal } = await uploads.send(files);
    if (refusal) setNotice({ tone: "error", text: `${MANAGE_MESSAGES.imageUploadError}: ${refusal.message ?? "tente de novo."}` });
    else if (added && files.length <= room) setNotice({ tone: "info", text: MANAGE_MESSAGES.imageAdded });
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
                className={`absolute right-1 top-1 flex h-11 w-11 items-center justify-center rounded-full bg-white/90 text-red-700 shadow hover:bg-white ${focusRing}`}
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
          <PhotoPicker inputId="edit-photos-input" chooseLabel="Adicionar fotos" room={room} progress={progress} onFiles={send} />
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
