/**
 * Photos for the browser tests, made with sharp into a temporary folder (no binary fixtures in the
 * repository): camera-like JPEGs with an EXIF orientation and personal EXIF fields, either small
 * (quick tests) or the size a phone really sends (the upload measurement).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

export type PhotoOptions = {
  width: number;
  height: number;
  /** EXIF orientation stored in the file (6 = the phone was held upright). */
  orientation?: number;
  quality?: number;
  /**
   * Fine detail, 0–1: a real photo's texture is what makes it 3–5 MB at 12 MP; flat colours would
   * make unrealistically small files.
   */
  grain?: number;
};

/** One camera-like JPEG: a colour gradient with a red block in the stored top-left corner, some grain, EXIF. */
export async function cameraPhoto({ width, height, orientation = 1, quality = 85, grain = 0.15 }: PhotoOptions, hue = 210): Promise<Buffer> {
  const base = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 40, g: 90, b: 200 } } })
    .modulate({ hue })
    .resize(width, height, { kernel: "cubic" })
    .raw()
    .toBuffer();
  // Grain: random pixels mixed into the picture.
  const noise = randomBytes(base.length);
  const amount = Math.round(grain * 255);
  for (let i = 0; i < base.length; i++) base[i] = Math.max(0, Math.min(255, base[i]! + ((noise[i]! % (2 * amount + 1)) - amount)));
  const block = await sharp({ create: { width: Math.round(width / 4), height: Math.round(height / 4), channels: 3, background: "#ff0000" } }).png().toBuffer();
  return sharp(base, { raw: { width, height, channels: 3 } })
    .composite([{ input: block, left: 0, top: 0 }])
    .jpeg({ quality })
    .withExif({ IFD0: { Artist: "Fulano de Tal", Make: "FakeCam", Model: "Phone 12" } })
    .withMetadata({ orientation })
    .toBuffer();
}

/** `count` photos written to a new temporary folder; the first one sideways (EXIF orientation 6). */
export async function writePhotos(count: number, options: PhotoOptions): Promise<{ dir: string; files: string[]; bytes: number[] }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "classificados-fotos-"));
  const files: string[] = [];
  const bytes: number[] = [];
  for (let i = 0; i < count; i++) {
    const photo = await cameraPhoto({ ...options, orientation: i === 0 ? 6 : (options.orientation ?? 1) }, 30 + i * 60);
    const file = path.join(dir, `IMG_${String(i + 1).padStart(4, "0")}.jpg`);
    fs.writeFileSync(file, photo);
    files.push(file);
    bytes.push(photo.length);
  }
  return { dir, files, bytes };
}
