import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { FILL_SIZES, SCALE_WIDTHS } from "~/lib/image-variants";
import { loader as imageRoute } from "~/routes/images.$publicId";
import { createBlobStorage } from "~/services/storage.server";
import { MAX_PREVIEW_JPEG_BYTES, variantKey } from "~/services/images.server";
import { callRoute } from "../support/route";

// Seeded by the demo data: 1200×900 JPEG originals.
const PUBLIC_ID = "demo-001-1";

function get(query: string, accept?: string, publicId = PUBLIC_ID) {
  return callRoute(imageRoute, `/images/${publicId}${query}`, {
    params: { publicId },
    init: accept ? { headers: { Accept: accept } } : undefined,
  });
}

async function bytesOf(response: Response) {
  return Buffer.from(await response.arrayBuffer());
}

describe("GET /images/{publicId}", () => {
  it("serves the original with its real type, cached for a year", async () => {
    const response = await get("");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(await bytesOf(response)).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 900]);
  });

  it("fill-crops to exactly W×H", async () => {
    const response = await get("?w=800&h=450", "image/webp,*/*");
    expect(response.status).toBe(200);
    const meta = await sharp(await bytesOf(response)).metadata();
    expect(meta).toMatchObject({ width: 800, height: 450, format: "webp" });
    const thumb = await sharp(await bytesOf(await get("?w=64&h=64"))).metadata();
    expect([thumb.width, thumb.height]).toEqual([64, 64]);
  });

  it("scales to a width keeping the aspect ratio", async () => {
    const meta = await sharp(await bytesOf(await get("?w=640"))).metadata();
    expect([meta.width, meta.height]).toEqual([640, 480]);
  });

  it("picks AVIF, then WebP, then JPEG from Accept, and says Vary: Accept", async () => {
    const cases: Array<[string | undefined, string, string]> = [
      ["image/avif,image/webp,image/apng,image/*,*/*;q=0.8", "image/avif", "heif"],
      ["image/webp,*/*", "image/webp", "webp"],
      ["image/*", "image/jpeg", "jpeg"],
      [undefined, "image/jpeg", "jpeg"],
    ];
    for (const [accept, type, format] of cases) {
      const response = await get("?w=320&h=240", accept);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe(type);
      expect(response.headers.get("Vary")).toBe("Accept");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect((await sharp(await bytesOf(response)).metadata()).format).toBe(format);
    }
  });

  it("makes the link-preview JPEG: 1200×630, at most 300 KB, whatever the browser accepts", async () => {
    const response = await get("?w=1200&h=630&fm=jpg", "image/avif,image/webp");
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    const bytes = await bytesOf(response);
    expect(bytes.byteLength).toBeLessThanOrEqual(MAX_PREVIEW_JPEG_BYTES);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ width: 1200, height: 630, format: "jpeg" });
  });

  it("caches each variant in storage and serves the same bytes again", async () => {
    const first = await bytesOf(await get("?w=480&h=360", "image/webp"));
    // The server's storage as the tests run it: DATA_DIR/uploads.
    const blobs = createBlobStorage({ driver: "fs", dir: path.join(process.env.DATA_DIR!, "uploads") });
    const stored = await blobs.getBlob(variantKey(PUBLIC_ID, { width: 480, height: 360 }, "webp"));
    expect(stored).not.toBeNull();
    expect(Buffer.from(stored!).equals(first)).toBe(true);
    const second = await bytesOf(await get("?w=480&h=360", "image/webp"));
    expect(second.equals(first)).toBe(true);
  });

  it("serves every size of the allow-list", async () => {
    for (const [w, h] of FILL_SIZES) expect((await get(`?w=${w}&h=${h}`, "image/webp")).status).toBe(200);
    for (const w of SCALE_WIDTHS) expect((await get(`?w=${w}`, "image/webp")).status).toBe(200);
  });

  it.each(["?w=801&h=450", "?w=5000", "?w=800&h=451", "?h=450", "?w=800&h=450&q=100", "?w=800&w=400", "?w=0", "?w=0800&h=450", "?w=800&h=450&fm=png", "?fm=jpg", "?w=abc"])(
    "refuses the transform %s with 400",
    async (query) => {
      const response = await get(query);
      expect(response.status).toBe(400);
      expect(await response.text()).toBe("Tamanho de imagem não permitido");
    },
  );

  it("answers 404 for an unknown or malformed publicId", async () => {
    expect((await get("", undefined, "nao-existe")).status).toBe(404);
    expect((await get("?w=320&h=240", undefined, "nao-existe")).status).toBe(404);
    expect((await get("", undefined, "..%2Fsecret")).status).toBe(404);
    expect((await get("", undefined, "a.b")).status).toBe(404);
  });
});
