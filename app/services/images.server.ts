/** Where image originals live in blob storage; variants are derived from them by the image route. */
import { putBlob } from "./storage.server";

export function originalImageKey(publicId: string) {
  return `originals/${publicId}`;
}

export function imageUrl(publicId: string) {
  return `/images/${publicId}`;
}

export async function storeOriginalImage(publicId: string, bytes: Uint8Array) {
  await putBlob(originalImageKey(publicId), bytes);
}
