/**
 * Multipart bodies with photos (the wizard's last step, POST /api/ads, the image endpoints): parsed as
 * a stream with a per-file cap and a file-count cap, so a request cannot make us buffer more than
 * `maxFiles × maxFileSize`. Empty file parts (a file input left empty without JavaScript) are skipped.
 * The bytes are only "as sent": services/images.server.ts decides whether they are an image.
 */
import { MaxFileSizeExceededError, MaxFilesExceededError, parseFormData } from "@remix-run/form-data-parser";
import { MAX_AD_IMAGES } from "~/models/ad/ad";
import { AD_FORM_MESSAGES, MAX_IMAGE_BYTES } from "~/models/ad/ad-form";

export type UploadedFile = { fieldName: string; name: string; bytes: Uint8Array };

export type UploadForm =
  | { ok: true; form: FormData; files: UploadedFile[] }
  | { ok: false; status: 400 | 413; message: string };

export function isMultipart(request: Request) {
  return (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

export async function readUploadForm(
  request: Request,
  { maxFiles = MAX_AD_IMAGES, maxFileSize = MAX_IMAGE_BYTES }: { maxFiles?: number; maxFileSize?: number } = {},
): Promise<UploadForm> {
  if (!isMultipart(request)) {
    // A plain form post (no photo chosen, or a client that sent url-encoded fields) is fine too.
    try {
      return { ok: true, form: await request.formData(), files: [] };
    } catch {
      return { ok: false, status: 400, message: "Não foi possível ler o formulário enviado. Recarregue a página e tente de novo." };
    }
  }
  const files: UploadedFile[] = [];
  try {
    // One extra part allowed: the empty file part a form sends when nothing was chosen.
    const form = await parseFormData(request, { maxFiles: maxFiles + 1, maxFileSize }, async (upload) => {
      if (!upload.name && upload.size === 0) return null;
      if (files.length >= maxFiles) throw new MaxFilesExceededError(maxFiles);
      files.push({ fieldName: upload.fieldName, name: upload.name, bytes: new Uint8Array(await upload.arrayBuffer()) });
      return null;
    });
    return { ok: true, form, files };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) return { ok: false, status: 413, message: AD_FORM_MESSAGES.imageTooBig };
    if (error instanceof MaxFilesExceededError) return { ok: false, status: 400, message: AD_FORM_MESSAGES.imageLimitApi };
    return { ok: false, status: 400, message: "Não foi possível ler o formulário enviado. Recarregue a página e tente de novo." };
  }
}
