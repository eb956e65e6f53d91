/**
 * Binary storage for images (originals and cached variants): a folder (DATA_DIR/uploads by default) or
 * any S3-compatible bucket (STORAGE_DRIVER=s3). Only keys go into SQLite. It takes its place as values
 * (models/ad/image-store.server.ts reads the settings).
 */
import { createStorage, type Storage } from "unstorage";
import fsLiteDriver from "unstorage/drivers/fs-lite";

export type StorageSettings =
  | { driver: "fs"; dir: string }
  | { driver: "s3"; endpoint: string; region: string; bucket: string; accessKeyId: string; secretAccessKey: string };

export type BlobStorage = {
  putBlob(key: string, bytes: Uint8Array): Promise<void>;
  getBlob(key: string): Promise<Uint8Array | null>;
  removeBlob(key: string): Promise<void>;
  /** Removes every blob whose key starts with `prefix` (e.g. all cached variants of one image). */
  removeBlobsUnder(prefix: string): Promise<void>;
};

async function createUnstorage(settings: StorageSettings): Promise<Storage> {
  if (settings.driver === "s3") {
    const { default: s3Driver } = await import("unstorage/drivers/s3");
    const { endpoint, region, bucket, accessKeyId, secretAccessKey } = settings;
    return createStorage({ driver: s3Driver({ endpoint, region, bucket, accessKeyId, secretAccessKey }) });
  }
  return createStorage({ driver: fsLiteDriver({ base: settings.dir }) });
}

export function createBlobStorage(settings: StorageSettings): BlobStorage {
  let storage: Promise<Storage> | undefined;
  const opened = () => (storage ??= createUnstorage(settings));
  return {
    async putBlob(key, bytes) {
      await (await opened()).setItemRaw(key, bytes);
    },
    async getBlob(key) {
      const value: unknown = await (await opened()).getItemRaw(key);
      if (value == null) return null;
      if (value instanceof Uint8Array) return value;
      if (value instanceof ArrayBuffer) return new Uint8Array(value);
      throw new Error(`Unexpected stored value for ${key}`);
    },
    async removeBlob(key) {
      await (await opened()).removeItem(key);
    },
    async removeBlobsUnder(prefix) {
      const storage = await opened();
      const keys = await storage.getKeys(prefix);
      await Promise.all(keys.map((key) => storage.removeItem(key)));
    },
  };
}
