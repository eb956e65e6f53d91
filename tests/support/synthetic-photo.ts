/** Pictures for the photo checks' tests: photo-like, different for each seed, and the same for a seed on every run. */
import sharp from "sharp";

/** A 1200×900 JPEG of eight coloured blocks placed by `seed` on a grey ground, unlike any demo picture. */
export async function blocksPhoto(seed: number): Promise<Buffer> {
  let state = seed;
  const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  // Every number is drawn before the first await, the places after the sizes and colours as before:
  // drawn after one (as the places once were), they followed the order in which libvips' threads
  // happened to finish the blocks, so a seed gave a different picture on some runs, and the
  // photo-copies test a different original to find copies of.
  const sizes = Array.from({ length: 8 }, () => ({ width: Math.round(150 + next() * 450), height: Math.round(150 + next() * 350), grey: Math.round(next() * 255) }));
  const layout = sizes.map((size) => ({ ...size, left: Math.round(next() * (1200 - size.width)), top: Math.round(next() * (900 - size.height)) }));
  const blocks = await Promise.all(
    layout.map(async ({ width, height, grey, left, top }) => ({
      input: await sharp({ create: { width, height, channels: 3, background: { r: grey, g: (grey * 7) % 256, b: 255 - grey } } }).png().toBuffer(),
      left,
      top,
    })),
  );
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: "#777777" } }).composite(blocks).jpeg({ quality: 85 }).toBuffer();
}
