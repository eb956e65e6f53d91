/**
 * Photos from a phone, with JavaScript: scaled down in the browser (longest side ≤ 1600 px, JPEG) so
 * a 4 MB camera picture travels as a few hundred KB over 3G, then sent one by one with progress.
 * A picture the browser cannot decode (HEIC on some phones) is sent as it is; the server re-encodes all.
 */
import { CLIENT_IMAGE_MAX_SIDE } from "~/models/ad/ad-form";

export async function downscaleImage(file: File, maxSide = CLIENT_IMAGE_MAX_SIDE): Promise<Blob> {
  if (typeof createImageBitmap !== "function") return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.85));
    // Keep the original when re-encoding would not make it smaller.
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

export type UploadAnswer = { ok: boolean; status: number; message?: string };

/** POSTs one photo as multipart field `image`, reporting the fraction sent (fetch cannot report upload progress). */
export function uploadPhoto(url: string, photo: Blob, name: string, onProgress: (fraction: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve) => {
    const body = new FormData();
    body.append("image", photo, name.replace(/\.[^.]*$/, "") + (photo.type === "image/jpeg" ? ".jpg" : ""));
    const request = new XMLHttpRequest();
    request.open("POST", url);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const answer = request.response as { message?: string } | null;
      resolve({ ok: request.status >= 200 && request.status < 300, status: request.status, message: answer?.message });
    };
    request.onerror = () => resolve({ ok: false, status: 0, message: "Sem conexão. A foto não foi enviada; tente de novo." });
    request.send(body);
  });
}
