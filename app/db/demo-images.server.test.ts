import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { demoImageSvg, escapeXml, renderDemoImage } from "./demo-images.server";

describe("renderDemoImage", () => {
  it("returns a 1200×900 JPEG", async () => {
    const bytes = await renderDemoImage({ title: "Fiat Strada 2019", subtitle: "Veículos · Patos de Minas", hue: 212, index: 0 });
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.width).toBe(1200);
    expect(meta.height).toBe(900);
    expect(bytes.length).toBeLessThan(120 * 1024);
  });

  it("escapes XML special characters in the title and subtitle", async () => {
    const title = `Tom & Jerry <script>"x"</script> 'y'`;
    expect(demoImageSvg({ title, subtitle: "a < b & c > d", hue: 10, index: 1 })).not.toContain("<script>");
    const bytes = await renderDemoImage({ title, subtitle: "a < b & c > d", hue: 10, index: 1 });
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 900]);
  });

  it("copes with long titles, control characters, odd hues and indexes", async () => {
    const bytes = await renderDemoImage({
      title: "Geladeira Brastemp frost free duplex 375 litros inox, funcionando perfeitamente, gelando muito\u0001",
      subtitle: "x".repeat(300),
      hue: -725.5,
      index: 7,
    });
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 900]);
  });

  it("is deterministic and varies with index", () => {
    const a = demoImageSvg({ title: "Sofá retrátil", hue: 30, index: 2 });
    expect(demoImageSvg({ title: "Sofá retrátil", hue: 30, index: 2 })).toBe(a);
    expect(demoImageSvg({ title: "Sofá retrátil", hue: 30, index: 3 })).not.toBe(a);
  });
});

describe("escapeXml", () => {
  it("escapes the five XML entities and drops forbidden characters", () => {
    expect(escapeXml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&apos;");
    expect(escapeXml("a\u0000b\u001Fc")).toBe("abc");
    expect(escapeXml("ação 😀")).toBe("ação 😀");
  });
});
