/**
 * Perceptual hashes of photos, to find a photo copied from another ad even after it was resized,
 * recompressed, mirrored, slightly rotated, cropped or framed (models/ad/fraud-signals.server.ts). The
 * classic DCT pHash, in a few lines with sharp rather than a dependency: the picture in greyscale at
 * 32×32, its 2-D DCT, the 8×8 lowest frequencies (the overall layout of light and dark, which resizing
 * and JPEG keep) compared with their median: 64 bits, kept as 16 hex digits. Similar pictures differ
 * in a few bits (their Hamming distance); unrelated ones in about half of them.
 *
 * One hash does not survive a change of geometry: a copy cropped 8 % a side differs from its original
 * in 12–18 bits, a mirrored one in ~30. So each photo also keeps the hashes of a few views of itself
 * (`PHOTO_VARIANTS`, ADR 020), all drawn from one 256×256 greyscale reduction:
 * - centre crops (95 %, 90 %, 85 %, 80 % of each side): what a copy cropped up to 10 % a side looks
 *   like in full. They are indexed, so a cropped copy finds its original;
 * - the mirror image, and inner frames 3 %, 6 % and 9 % of the shorter side deep (a border added in
 *   pixels is that deep on every side), each compared with the other photo's full hash;
 * - turned back by ±3°, ±4° and ±5° (a turn of the picture as it is, not of the 256×256 square it
 *   was squeezed into: that one sheared a 4:3 photo, and half of the blocks photos' 5° copies then sat
 *   on the limit or past it), then cut two ways, each compared with the other photo's crop of the same
 *   part: to 85 % of each side, for a copy cut back to its own size after the turn; and to 90 % of the
 *   original's rectangle inside the grown canvas, for a copy turned on one (sharp's `rotate`, most
 *   editors' plain rotation), whose corners the turn filled.
 */
import sharp from "sharp";

const SIDE = 32;
const LOW = 8;
/** The one reduction every view is sampled from: fine enough that a 5 % crop moves 13 of its pixels. */
const GRID = 256;

/** cos((2x + 1)uπ / 2N) for the 8 frequencies kept and the 32 positions, computed once. */
const COS = Array.from({ length: LOW }, (_, u) => Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))));

/**
 * A view of the picture: the share cut from each side (x, y), mirrored or not, turned by `degrees`
 * first; with `ofOriginal`, the crop is a share of the rectangle a picture turned by `degrees` on a
 * grown canvas fills, not of the whole canvas.
 */
type View = { degrees?: number; mirror?: boolean; ofOriginal?: true } & ({ crop: number } | { frame: number });

/**
 * The extra hashes every photo keeps, in the order they are stored (`phash_variants`, 16 hex digits
 * each). The first four, the centre crops, are the ones other photos are looked up by (each band of
 * each has an index, db/schema.ts); the others are only ever compared from the photo being checked.
 */
export const PHOTO_VARIANTS = {
  c95: { crop: 0.025 },
  c90: { crop: 0.05 },
  c85: { crop: 0.075 },
  c80: { crop: 0.1 },
  mirror: { crop: 0, mirror: true },
  frame3: { frame: 0.03 },
  frame6: { frame: 0.06 },
  frame9: { frame: 0.09 },
  "turn+3o90": { degrees: 3, crop: 0.05, ofOriginal: true },
  "turn+3c85": { degrees: 3, crop: 0.075 },
  "turn-3o90": { degrees: -3, crop: 0.05, ofOriginal: true },
  "turn-3c85": { degrees: -3, crop: 0.075 },
  "turn+4o90": { degrees: 4, crop: 0.05, ofOriginal: true },
  "turn+4c85": { degrees: 4, crop: 0.075 },
  "turn-4o90": { degrees: -4, crop: 0.05, ofOriginal: true },
  "turn-4c85": { degrees: -4, crop: 0.075 },
  "turn+5o90": { degrees: 5, crop: 0.05, ofOriginal: true },
  "turn+5c85": { degrees: 5, crop: 0.075 },
  "turn-5o90": { degrees: -5, crop: 0.05, ofOriginal: true },
  "turn-5c85": { degrees: -5, crop: 0.075 },
} as const satisfies Record<string, View>;

export type PhotoVariant = keyof typeof PHOTO_VARIANTS;
const VARIANT_ORDER = Object.keys(PHOTO_VARIANTS) as PhotoVariant[];
/** The variants other photos are looked up by: the centre crops, stored first. */
export const INDEXED_PHOTO_VARIANTS = ["c95", "c90", "c85", "c80"] as const satisfies readonly PhotoVariant[];

/** Where `variant`'s 16 hex digits start in `phash_variants`, 1-based as SQLite's substr counts. */
export function variantOffset(variant: PhotoVariant): number {
  return VARIANT_ORDER.indexOf(variant) * 16 + 1;
}

/** A photo's hashes: `phash` the whole picture, `variants` its views in PHOTO_VARIANTS order. */
export type PhotoHashes = { phash: string; variants: string };

/** The perceptual hashes of an image's bytes. Throws when sharp cannot read them. */
export async function photoHashes(bytes: Uint8Array): Promise<PhotoHashes> {
  const image = sharp(bytes, { limitInputPixels: 50_000_000 });
  const { autoOrient } = await image.metadata();
  const grid = await image.rotate().greyscale().resize(GRID, GRID, { fit: "fill" }).raw().toBuffer();
  const shorter = Math.min(autoOrient.width, autoOrient.height);
  const aspect = autoOrient.width / autoOrient.height;
  const turned = new Map<number, Float64Array>();
  const hashOf = (view: View) => {
    let source: ArrayLike<number> = grid;
    if (view.degrees) {
      if (!turned.has(view.degrees)) turned.set(view.degrees, turnGrid(grid, view.degrees, aspect));
      source = turned.get(view.degrees)!;
    }
    let [x, y] = "crop" in view ? [view.crop, view.crop] : [(view.frame * shorter) / autoOrient.width, (view.frame * shorter) / autoOrient.height];
    if (view.ofOriginal && view.degrees) {
      const [width, height] = originalShare(view.degrees, aspect);
      [x, y] = [(1 - (1 - 2 * x) * width) / 2, (1 - (1 - 2 * y) * height) / 2];
    }
    return hashOfPixels(sample(source, x, y, "mirror" in view && view.mirror === true));
  };
  return { phash: hashOf({ crop: 0 }), variants: VARIANT_ORDER.map((variant) => hashOf(PHOTO_VARIANTS[variant])).join("") };
}

/** The 32×32 area averages of the grid with `x` and `y` (shares of each side) cut from every edge, mirrored if asked. */
function sample(grid: ArrayLike<number>, x: number, y: number, mirror: boolean): Float64Array {
  const out = new Float64Array(SIDE * SIDE);
  const left = x * GRID;
  const top = y * GRID;
  const width = (GRID - 2 * left) / SIDE;
  const height = (GRID - 2 * top) / SIDE;
  for (let row = 0; row < SIDE; row++) {
    const y0 = Math.floor(top + row * height);
    const y1 = Math.ceil(top + (row + 1) * height);
    for (let col = 0; col < SIDE; col++) {
      const x0 = Math.floor(left + col * width);
      const x1 = Math.ceil(left + (col + 1) * width);
      let sum = 0;
      for (let gy = y0; gy < y1; gy++) for (let gx = x0; gx < x1; gx++) sum += grid[gy * GRID + gx]!;
      out[row * SIDE + (mirror ? SIDE - 1 - col : col)] = sum / ((y1 - y0) * (x1 - x0));
    }
  }
  return out;
}

/**
 * The shares of a canvas's width and height (`aspect` its width / height) that a picture turned by
 * `degrees` on it fills: a W×H picture turned by θ needs W·cos θ + H·sin θ by W·sin θ + H·cos θ.
 */
function originalShare(degrees: number, aspect: number): [number, number] {
  const angle = (Math.abs(degrees) * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const determinant = cos * cos - sin * sin;
  return [(cos - sin / aspect) / determinant, (cos - sin * aspect) / determinant];
}

/**
 * The grid turned by `degrees` about its centre as the picture it was squeezed from (`aspect` its
 * width / height) would turn: a turn of the square grid itself would shear a picture that is not
 * square. Bilinear; what falls outside repeats the edge.
 */
function turnGrid(grid: ArrayLike<number>, degrees: number, aspect: number): Float64Array {
  const out = new Float64Array(GRID * GRID);
  const angle = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const centre = (GRID - 1) / 2;
  const clamp = (v: number) => Math.min(GRID - 1, Math.max(0, v));
  for (let y = 0; y < GRID; y++) {
    for (let x = 0; x < GRID; x++) {
      // In the picture's own proportions, a grid step across is `aspect` steps down.
      const sx = clamp(cos * (x - centre) + (sin * (y - centre)) / aspect + centre);
      const sy = clamp(-sin * (x - centre) * aspect + cos * (y - centre) + centre);
      const [x0, y0] = [Math.floor(sx), Math.floor(sy)];
      const [x1, y1] = [Math.min(GRID - 1, x0 + 1), Math.min(GRID - 1, y0 + 1)];
      const [fx, fy] = [sx - x0, sy - y0];
      const upper = grid[y0 * GRID + x0]! * (1 - fx) + grid[y0 * GRID + x1]! * fx;
      const lower = grid[y1 * GRID + x0]! * (1 - fx) + grid[y1 * GRID + x1]! * fx;
      out[y * GRID + x] = upper * (1 - fy) + lower * fy;
    }
  }
  return out;
}

/** The DCT hash of 32×32 pixels, as 16 hex digits. */
function hashOfPixels(pixels: ArrayLike<number>): string {
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

/** How much of `phash_variants` holds the indexed views (they come first): all another photo is compared by. */
export const INDEXED_VIEWS_LENGTH = INDEXED_PHOTO_VARIANTS.length * 16;

/** The length of a complete `phash_variants`: one cut short (by migration 0022, or from before) is hashed again. */
export const PHOTO_VARIANTS_LENGTH = VARIANT_ORDER.length * 16;

/** A photo's hashes parsed, by view ("full" the whole picture): those it has (none of the variants before they were computed). */
export type ParsedPhotoHashes = Partial<Record<"full" | PhotoVariant, ParsedHash>>;

/**
 * The views a stored `phash_variants` holds whole, as hex by view, in their order: none before the variants
 * were computed, the indexed ones once cut short (INDEXED_VIEWS_LENGTH).
 */
export function variantHexes(variants: string | null): Partial<Record<PhotoVariant, string>> {
  const held: Partial<Record<PhotoVariant, string>> = {};
  for (const variant of VARIANT_ORDER) {
    const start = variantOffset(variant) - 1;
    if (!variants || variants.length < start + 16) break;
    held[variant] = variants.slice(start, start + 16);
  }
  return held;
}

/** `variants` may be cut short (the indexed views only, INDEXED_VIEWS_LENGTH): the views it holds are parsed. */
export function parsePhotoHashes(phash: string | null, variants: string | null): ParsedPhotoHashes {
  const parsed: ParsedPhotoHashes = {};
  const full = parseHash(phash ?? "");
  if (full) parsed.full = full;
  for (const [variant, hex] of Object.entries(variantHexes(variants)) as [PhotoVariant, string][]) {
    const one = parseHash(hex);
    if (!one) break;
    parsed[variant] = one;
  }
  return parsed;
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
