/**
 * Perceptual hashes of photos, to find a photo copied from another ad even after it was resized or
 * recompressed (models/ad/fraud-signals.server.ts). The classic DCT pHash, in a few lines with sharp
 * rather than a dependency: the picture in greyscale at 32×32, its 2-D DCT, the 8×8 lowest
 * frequencies (the overall layout of light and dark, which resizing and JPEG keep) compared with
 * their median: 64 bits, kept as 16 hex digits. Similar pictures differ in a few bits (their Hamming
 * distance); unrelated ones in about half of them.
 */
import sharp from "sharp";

const SIDE = 32;
const LOW = 8;

/** cos((2x + 1)uπ / 2N) for the 8 frequencies kept and the 32 positions, computed once. */
const COS = Array.from({ length: LOW }, (_, u) => Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))));

/** The 64-bit perceptual hash of an image's bytes, as 16 hex digits. Throws when sharp cannot read them. */
export async function perceptualHash(bytes: Uint8Array): Promise<string> {
  const pixels = await sharp(bytes, { limitInputPixels: 50_000_000 })
    .rotate()
    .greyscale()
    .resize(SIDE, SIDE, { fit: "fill" })
    .raw()
    .toBuffer();
  // Separable DCT: rows first (32 rows × 8 frequencies), then columns.
  const rows = Array.from({ length: SIDE }, (_, y) => COS.map((cos) => cos.reduce((sum, c, x) => sum + c * pixels[y * SIDE + x]!, 0)));
  const coefficients: number[] = [];
  for (let v = 0; v < LOW; v++) {
    for (let u = 0; u < LOW; u++) coefficients.push(COS[v]!.reduce((sum, c, y) => sum + c * rows[y]![u]!, 0));
  }
  const median = [...coefficients].sort((a, b) => a - b)[coefficients.length / 2]!;
  let hex = "";
  for (let i = 0; i < coefficients.length; i += 4) {
    let nibble = 0;
    for (let bit = 0; bit < 4; bit++) nibble = (nibble << 1) | (coefficients[i + bit]! > median ? 1 : 0);
    hex += nibble.toString(16);
  }
  return hex;
}

/** A hash as two 32-bit halves, ready to compare many times. */
export type ParsedHash = readonly [number, number];

export function parseHash(hex: string): ParsedHash | null {
  return /^[0-9a-f]{16}$/.test(hex) ? [parseInt(hex.slice(0, 8), 16), parseInt(hex.slice(8), 16)] : null;
}

function bitCount(n: number): number {
  let v = n - ((n >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** How many of the 64 bits differ. */
export function hashDistance(a: ParsedHash, b: ParsedHash): number {
  return bitCount((a[0] ^ b[0]) >>> 0) + bitCount((a[1] ^ b[1]) >>> 0);
}
