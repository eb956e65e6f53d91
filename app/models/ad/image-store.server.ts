/**
 * The ads' photos on this server's storage: services/images.server.ts over STORAGE_DRIVER's blob
 * storage (DATA_DIR/uploads, or the S3_* bucket; ADR 007: the services take the values, the model reads
 * the settings). Every photo stored, served or removed goes through these.
 */
import path from "node:path";
import { getEnv } from "~/env.server";
import { createImageStore, type ImageFormat, type ImageStore } from "~/services/images.server";
import { createBlobStorage, type StorageSettings } from "~/services/storage.server";
import type { ImageVariant } from "~/lib/image-variants";

let store: ImageStore | undefined;

function storageSettings(): StorageSettings {
  const env = getEnv();
  // Checked at start-up (env-schema.server.ts): with s3, every S3_* value is present.
  if (env.STORAGE_DRIVER === "s3") {
    return { driver: "s3", endpoint: env.S3_ENDPOINT!, region: env.S3_REGION, bucket: env.S3_BUCKET!, accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! };
  }
  return { driver: "fs", dir: path.join(env.DATA_DIR, "uploads") };
}

const imageStore = () => (store ??= createImageStore(createBlobStorage(storageSettings())));

export function storeOriginalImage(publicId: string, bytes: Uint8Array) {
  return imageStore().storeOriginalImage(publicId, bytes);
}

/** Removes an image's original and every cached variant of it. */
export function deleteImage(publicId: string) {
  return imageStore().deleteImage(publicId);
}

/** Decoded, made upright and small enough, stripped of metadata and stored (services/images.server.ts); NotAnImageError otherwise. */
export function storeUploadedImage(bytes: Uint8Array) {
  return imageStore().storeUploadedImage(bytes);
}

/** The variant's bytes (cached in storage after the first time), or null when there is no such original. */
export function getImageVariant(publicId: string, variant: ImageVariant, format: ImageFormat) {
  return imageStore().getImageVariant(publicId, variant, format);
}

/** The original as stored; its type is read from the bytes, never from a name. */
export function getOriginalImage(publicId: string) {
  return imageStore().getOriginalImage(publicId);
}
