/**
 * Binary storage for images (originals and cached variants). Files live under DATA_DIR/uploads by
 * default; STORAGE_DRIVER=s3 puts them in any S3-compatible bucket. Only keys go into SQLite.
 */
import path from "node:path";
import { createStorage, type Storage } from "unstorage";
import fsLiteDriver from "unstorage/drivers/fs-lite";
import { getEnv } from "~/env.server";

async function createBlobStorage(): Promise<Storage> {
  const env = getEnv();
  if (env.STORAGE_DRIVER === "s3") {
    // Checked at start-up (env.server.ts): every S3_* value is present here.
    const { default: s3Driver } = await import("unstorage/drivers/s3");
    return createStorage({
      driver: s3Driver({
        endpoint: env.S3_ENDPOINT!,
        region: env.S3_REGION,
        bucket: env.S3_BUCKET!,
        accessKeyId: env.S3_ACCESS_KEY_ID!,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY!,
      }),
    });
  }
  return createStorage({ driver: fsLiteDriver({ base: path.join(env.DATA_DIR, "uploads") }) });
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

export async function removeBlob(key: string) {
  await (await blobStorage()).removeItem(key);
}

/** Removes every blob whose key starts with `prefix` (e.g. all cached variants of one image). */
export async function removeBlobsUnder(prefix: string) {
  const storage = await blobStorage();
  const keys = await storage.getKeys(prefix);
  await Promise.all(keys.map((key) => storage.removeItem(key)));
}
