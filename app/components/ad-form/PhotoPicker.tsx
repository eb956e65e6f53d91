/**
 * Adding photos, shared by the wizard's last step and the edit page. Without JavaScript a file input
 * whose files go with the surrounding form ('Enviar fotos'); with it the chosen photos are scaled down
 * and sent one by one at once, with the progress of the one on its way.
 */
import { useRevalidator } from "@remix-run/react";
import { useState } from "react";
import { focusRing } from "~/components/auth/AuthForm";
import { Icon } from "~/components/Icon";
import { useHydrated } from "~/components/use-hydrated";
import { downscaleImage, uploadPhoto } from "./photo-upload";
import { secondaryButton } from "./WizardShell";

export type UploadProgress = { name: string; fraction: number } | null;

/**
 * Sends up to `room` of the chosen photos to `url`, one at a time, revalidating the page's data after
 * each; it stops at the first refusal. Resolves with how many went, and the refusal if one stopped it.
 */
export function usePhotoUploads(url: string, room: number) {
  const revalidator = useRevalidator();
  const [progress, setProgress] = useState<UploadProgress>(null);
  async function send(files: FileList): Promise<{ added: number; refusal: { message?: string } | null }> {
    let added = 0;
    let refusal: { message?: string } | null = null;
    for (const file of [...files].slice(0, room)) {
      setProgress({ name: file.name, fraction: 0 });
      const photo = await downscaleImage(file);
      const answer = await uploadPhoto(url, photo, file.name, (fraction) => setProgress({ name: file.name, fraction }));
      if (!answer.ok) {
        refusal = { message: answer.message };
        break;
      }
      added++;
      revalidator.revalidate();
    }
    setProgress(null);
    return { added, refusal };
  }
  return { progress, send };
}

export function PhotoPicker({
  inputId,
  chooseLabel,
  room,
  progress,
  onFiles,
  submitIntent,
}: {
  inputId: string;
  /** The label with JavaScript ('Escolher fotos', 'Adicionar fotos'); without it, 'Selecionar fotos'. */
  chooseLabel: string;
  room: number;
  progress: UploadProgress;
  onFiles: (files: FileList) => Promise<unknown>;
  /** The `intent` the no-JavaScript 'Enviar fotos' button sends, when the form has several. */
  submitIntent?: string;
}) {
  const hydrated = useHydrated();
  return (
    <>
      <label htmlFor={inputId} className={`inline-flex cursor-pointer items-center gap-2 font-semibold text-brand-700 ${focusRing}`}>
        <Icon name="image-plus" className="h-5 w-5" />
        {hydrated ? chooseLabel : "Selecionar fotos"}
      </label>
      <input
        id={inputId}
        type="file"
        accept="image/*"
        multiple
        // Without JavaScript the files go with the form; with it they are sent as soon as they are chosen.
        name={hydrated ? undefined : "images"}
        disabled={Boolean(progress)}
        onChange={hydrated ? (event) => void onFiles(event.currentTarget.files!).then(() => (event.target.value = "")) : undefined}
        className={hydrated ? "sr-only" : "mt-2 block w-full text-sm"}
      />
      <p className="mt-1 text-xs text-slate-600">Você pode adicionar mais {room}.</p>
      {!hydrated ? (
        <button type="submit" {...(submitIntent ? { name: "intent", value: submitIntent } : {})} className={`${secondaryButton} mt-3`}>
          Enviar fotos
        </button>
      ) : null}
      {progress ? (
        <div className="mt-3 text-left" role="status">
          <p className="truncate text-xs text-slate-700">Enviando {progress.name}…</p>
          <progress max={1} value={progress.fraction} className="mt-1 h-2 w-full" aria-label="Progresso do envio" />
        </div>
      ) : null}
    </>
  );
}
