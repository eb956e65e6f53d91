/** Pictures for the photo checks' tests: photo-like, different for each seed, and the same for a seed on every run. */
import sharp from "sharp";

/** A 1200×900 JPEG of eight coloured blocks placed by `seed` on a grey ground, unlike any demo picture. */
export async function blocksPhoto(seed: number): Promise<Buffer> {
  let state = seed;
  const next = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const blocks = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const width = Math.round(150 + next() * 450);
      const height = Math.round(150 + next() * 350);
      const grey = Math.round(next() * 255);
      const input = await sharp({ create: { width, height, channels: 3, background: { r: grey, g: (grey * 7) % 256, b: 255 - grey } } }).png().toBuffer();
      return { input, left: Math.round(next() * (1200 - width)), top: Math.round(next() * (900 - height)) };
    }),
  );
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: "#777777" } }).composite(blocks).jpeg({ quality: 85 }).toBuffer();
}
