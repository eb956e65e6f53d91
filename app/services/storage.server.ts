/**
 * Binary storage for images (originals and cached variants). Files live under DATA_DIR/uploads by
 * default; STORAGE_DRIVER=s3 puts them in any S3-compatible bucket. Only keys go into SQLite.
 */
import path from "node:path";
import { createStorage, type Storage } from "unstorage";
import fsLiteDriver from "unstorage/drivers/fs-lite";
import { z } from "zod";
import { getEnv } from "~/env.server";

const s3Schema = z.object({
  S3_ENDPOINT: z.url(),
  S3_REGION: z.string().min(1).default("auto"),
  S3_BUCKET: z.string().min(1),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
});

async function createBlobStorage(): Promise<Storage> {
  if (process.env.STORAGE_DRIVER === "s3") {
    const parsed = s3Schema.safeParse(process.env);
    if (!parsed.success) {
      const names = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
      throw new Error(`STORAGE_DRIVER=s3 needs valid ${names}`);
    }
    const { default: s3Driver } = await import("unstorage/drivers/s3");
    const s3 = parsed.data;
    return createStorage({
      driver: s3Driver({
        endpoint: s3.S3_ENDPOINT,
        region: s3.S3_REGION,
        bucket: s3.S3_BUCKET,
        accessKeyId: s3.S3_ACCESS_KEY_ID,
        secretAccessKey: s3.S3_SECRET_ACCESS_KEY,
      }),
    });
  }
  return createStorage({ driver: fsLiteDriver({ base: path.join(getEnv().DATA_DIR, "uploads") }) });
}

let storage: Promise<Storage> | undefined;

function blobStorage() {
  storage ??= createBlobStorage();
  return storage;
}

export async function putBlob(key: string, bytes: Uint8Array) {
  await (await blobStorage()).setItemRaw(key, bytes);
}

export async function getBlob(key: string): Promise<Uint8Array | null> {
  const value: unknown = await (await blobStorage()).getItemRaw(key);
  if (value == null) return null;
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  throw new Error(`Unexpected stored value for ${key}`);
}

export async function hasBlob(key: string) {
  return (await blobStorage()).hasItem(key);
}

export async function removeBlob(key: string) {
  await (await blobStorage()).removeItem(key);
}
