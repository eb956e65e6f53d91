/**
 * Ad images: originals in blob storage under server-made keys, and the variants the image route
 * serves (fill-crop W×H or scale to a width, in AVIF, WebP or JPEG), made with sharp on first
 * request and cached in the same storage. Only the sizes in app/components/ads/image-variants.ts
 * exist, so the route cannot be used to burn CPU on arbitrary sizes. The store works on the blob
 * storage it is given (models/ad/image-store.server.ts gives this server's).
 */
import sharp, { type OutputInfo } from "sharp";
import { isAllowedVariant, type ImageVariant } from "~/lib/image-variants";
import { randomBytes } from "node:crypto";
import { photoHashes } from "./photo-hash.server";
import type { BlobStorage } from "./storage.server";

export function originalImageKey(publicId: string) {
  return `originals/${publicId}`;
}

export function imageUrl(publicId: string) {
  return `/images/${publicId}`;
}

/** Formats a photo may arrive in, read from its bytes by sharp (never from its name or declared type). */
const UPLOAD_FORMATS = new Set(["jpeg", "png", "webp", "avif", "gif", "heif", "tiff"]);
/** Originals are kept at most this large on their longest side (phones send 4000+ px). */
const STORED_MAX_SIDE = 2048;

export class NotAnImageError extends Error {}

export type ImageFormat = "avif" | "webp" | "jpeg";

const CONTENT_TYPES: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg" };

/** Link previews (WhatsApp, Facebook) reject larger images. */
export const MAX_PREVIEW_JPEG_BYTES = 300 * 1024;

/** Server-made ids only: letters, digits, "-" and "_" (no dots or slashes reach the storage keys). */
export function isValidPublicId(publicId: string | undefined): publicId is string {
  return typeof publicId === "string" && /^[A-Za-z0-9_-]{1,128}$/.test(publicId);
}

/**
 * Reads the transform from the query string: nothing (the original), `w`, `w`+`h`, optionally
 * `fm=jpg`. Anything else — other keys, repeated keys, sizes outside the allow-list — is null.
 */
export function parseImageVariant(params: URLSearchParams): ImageVariant | "original" | null {
  const keys = [...params.keys()];
  if (keys.length === 0) return "original";
  if (new Set(keys).size !== keys.length || keys.some((key) => !["w", "h", "fm"].includes(key))) return null;
  const fm = params.get("fm");
  if (fm !== null && fm !== "jpg") return null;
  const width = parseDimension(params.get("w"));
  if (width === null) return null;
  const rawHeight = params.get("h");
  const height = rawHeight === null ? undefined : parseDimension(rawHeight);
  if (height === null) return null;
  const variant: ImageVariant = { width, height, jpeg: fm === "jpg" };
  return isAllowedVariant(variant) ? variant : null;
}

function parseDimension(value: string | null): number | null {
  return value !== null && /^[1-9]\d{0,3}$/.test(value) ? Number(value) : null;
}

/** AVIF when the browser says it takes it, then WebP, else JPEG (which every client reads). */
export function negotiateImageFormat(accept: string | null): ImageFormat {
  const value = accept ?? "";
  if (/image\/avif/i.test(value)) return "avif";
  if (/image\/webp/i.test(value)) return "webp";
  return "jpeg";
}

export function variantKey(publicId: string, { width, height }: ImageVariant, format: ImageFormat) {
  return `variants/${publicId}/${width}x${height ?? 0}.${format}`;
}

export type ImageBytes = { bytes: Uint8Array; contentType: string };

async function renderVariant(original: Uint8Array, { width, height }: ImageVariant, format: ImageFormat): Promise<Uint8Array> {
  const base = sharp(original, { limitInputPixels: 50_000_000 })
    .rotate()
    .resize(
      height === undefined
        ? { width, withoutEnlargement: true }
        : // A fill-crop always has the exact size asked for (previews need at least 600×315).
          { width, height, fit: "cover", position: "attention" },
    );
  if (format === "avif") return base.avif({ quality: 50, effort: 2 }).toBuffer();
  if (format === "webp") return base.webp({ quality: 72, effort: 4 }).toBuffer();
  // JPEG: step the quality down until it fits the preview limit (usually the first try does).
  let out: Buffer = Buffer.alloc(0);
  for (const quality of [80, 70, 60, 50, 40]) {
    out = await base.clone().jpeg({ quality, mozjpeg: true, progressive: true }).toBuffer();
    if (out.byteLength <= MAX_PREVIEW_JPEG_BYTES) break;
  }
  return out;
}

function sniffImageType(bytes: Uint8Array): string {
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return "image/jpeg";
  if (bytes[0] === 0x89 && ascii(1, 4) === "PNG") return "image/png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "image/webp";
  if (ascii(4, 8) === "ftyp" && /^avi[fs]$/.test(ascii(8, 12))) return "image/avif";
  return "application/octet-stream";
}

/** An uploaded photo as stored: its id, size and the perceptual hashes of what was stored. */
export type StoredUpload = { publicId: string; width: number; height: number; phash: string; phashVariants: string };

export type ImageStore = {
  storeOriginalImage(publicId: string, bytes: Uint8Array): Promise<void>;
  /** Removes an image's original and every cached variant of it. */
  deleteImage(publicId: string): Promise<void>;
  /**
   * An uploaded photo made safe to keep and serve: decoded by sharp (anything that is not an image in
   * an allowed format is refused), turned upright by its EXIF orientation, scaled down to 2048 px at
   * most, re-encoded as JPEG without metadata (GPS, camera serials), and stored under a random id, with
   * the perceptual hashes of what was stored (to find photos copied from another ad).
   */
  storeUploadedImage(bytes: Uint8Array): Promise<StoredUpload>;
  /** The variant's bytes (cached in storage after the first time), or null when there is no such original. */
  getImageVariant(publicId: string, variant: ImageVariant, format: ImageFormat): Promise<ImageBytes | null>;
  /** The original as stored; its type is read from the bytes, never from a name. */
  getOriginalImage(publicId: string): Promise<ImageBytes | null>;
};

export function createImageStore(blobs: BlobStorage): ImageStore {
  // Concurrent first requests for one variant share one sharp job.
  const inFlight = new Map<string, Promise<ImageBytes | null>>();

  const storeOriginalImage = (publicId: string, bytes: Uint8Array) => blobs.putBlob(originalImageKey(publicId), bytes);

  return {
    storeOriginalImage,

    async deleteImage(publicId) {
      if (!isValidPublicId(publicId)) return;
      await blobs.removeBlob(originalImageKey(publicId));
      // unstorage keys use ":" as the separator, whatever the driver.
      await blobs.removeBlobsUnder(`variants:${publicId}`);
    },

    async storeUploadedImage(bytes) {
      let output: { data: Buffer; info: OutputInfo };
      try {
        const image = sharp(bytes, { limitInputPixels: 50_000_000, failOn: "error" });
        const { format } = await image.metadata();
        if (!format || !UPLOAD_FORMATS.has(format)) throw new NotAnImageError(`format ${format ?? "unknown"}`);
        output = await image
          .rotate()
          .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: "inside", withoutEnlargement: true })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
      } catch (error) {
        if (error instanceof NotAnImageError) throw error;
        throw new NotAnImageError(error instanceof Error ? error.message : String(error));
      }
      const publicId = randomBytes(16).toString("base64url");
      const [hashes] = await Promise.all([photoHashes(output.data), storeOriginalImage(publicId, new Uint8Array(output.data))]);
      return { publicId, width: output.info.width, height: output.info.height, phash: hashes.phash, phashVariants: hashes.variants };
    },

    getImageVariant(publicId, variant, format) {
      const key = variantKey(publicId, variant, format);
      const running = inFlight.get(key);
      if (running) return running;
      const job = (async () => {
        const cached = await blobs.getBlob(key);
        if (cached) return { bytes: cached, contentType: CONTENT_TYPES[format] };
        const original = await blobs.getBlob(originalImageKey(publicId));
        if (!original) return null;
        const bytes = await renderVariant(original, variant, format);
        await blobs.putBlob(key, bytes);
        return { bytes, contentType: CONTENT_TYPES[format] };
      })().finally(() => inFlight.delete(key));
      inFlight.set(key, job);
      return job;
    },

    async getOriginalImage(publicId) {
      const bytes = await blobs.getBlob(originalImageKey(publicId));
      if (!bytes) return null;
      return { bytes, contentType: sniffImageType(bytes) };
    },
  };
}
