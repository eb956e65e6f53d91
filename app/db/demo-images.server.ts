/**
 * Demo ad pictures, rendered locally (no network): an SVG composed here — a gradient from a base
 * hue, a few soft geometric shapes that vary with `index`, a title and a subtitle — rasterised by
 * sharp (librsvg) and encoded as a 1200×900 mozjpeg JPEG (typically 35–50 KB, ≈60 ms per picture).
 *
 * Text uses the generic `sans-serif` family only, so whatever fontconfig resolves (DejaVu/Liberation
 * on Debian) is used. Everything is deterministic: the same input gives the same bytes.
 *
 * The layout — the gradient's direction and lightness, where the card with the motif sits — is drawn
 * from the title as well as the index, so no two demo pictures share their broad shape: the copied
 * photo check (models/ad/fraud-signals.server.ts) compares exactly that, and the demo seed's pictures
 * must not look copied from one another.
 */
import sharp from "sharp";

export const DEMO_IMAGE_WIDTH = 1200;
export const DEMO_IMAGE_HEIGHT = 900;

export type DemoImageInput = {
  title: string;
  subtitle?: string;
  /** Base hue, 0–359 (any number is accepted and wrapped). */
  hue: number;
  /** Picture number within an ad (0-based); changes the layout and the shapes. */
  index: number;
};

export async function renderDemoImage({ title, subtitle = "", hue, index }: DemoImageInput): Promise<Buffer> {
  const svg = demoImageSvg({ title, subtitle, hue, index });
  // The SVG is opaque and already 1200×900 at 72 dpi, so no resize or flatten is needed.
  return sharp(Buffer.from(svg), { density: 72 })
    // mozjpeg tables and Huffman optimisation, but without trellis quantisation and scan
    // optimisation: those cost ~4× the encode time (≈75 ms vs ≈20 ms) for ~15% fewer bytes.
    .jpeg({ quality: 78, mozjpeg: true, trellisQuantisation: false, optimiseScans: false, chromaSubsampling: "4:2:0" })
    .toBuffer();
}

/** The SVG source of a demo picture (exported for tests and debugging). */
export function demoImageSvg({ title, subtitle = "", hue, index }: DemoImageInput): string {
  const W = DEMO_IMAGE_WIDTH;
  const H = DEMO_IMAGE_HEIGHT;
  const h = wrapHue(hue);
  const i = Math.max(0, Math.floor(Number.isFinite(index) ? index : 0));
  const rand = seededRandom(Math.round(h) * 7919 + i * 104_729 + 17 + stringSeed(title));

  // Background: a gradient in one of eight directions, lighter or darker, drawn per picture.
  const top = hslToHex(h, 0.62, 0.48 + rand() * 0.3);
  const bottom = hslToHex(h + 28, 0.68, 0.16 + rand() * 0.24);
  const angles: Array<[number, number, number, number]> = [
    [0, 0, 1, 1],
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [1, 1, 0, 0],
    [0.5, 0, 0.5, 1],
    [0.5, 1, 0.5, 0],
    [0, 0.5, 1, 0.5],
    [1, 0.5, 0, 0.5],
  ];
  const [x1, y1, x2, y2] = angles[Math.floor(rand() * angles.length)] ?? [0, 0, 1, 1];
  // The card with the motif: anywhere across the upper part, not always in the middle.
  const cardX = Math.round(200 + rand() * (W - 400));
  const cardY = Math.round(210 + rand() * 120);

  // Decorative shapes: translucent circles and rounded squares, placed by the seeded PRNG.
  const accent = hslToHex(h + 180, 0.55, 0.65);
  const shapes: string[] = [];
  const count = 5 + (i % 4);
  for (let n = 0; n < count; n++) {
    const cx = Math.round(rand() * W);
    const cy = Math.round(rand() * H * 0.7);
    const r = Math.round(60 + rand() * 220);
    // Bold enough, light and dark, to give each picture a shape of its own.
    const opacity = (0.18 + rand() * 0.3).toFixed(2);
    const fill = n % 3 === 2 ? accent : n % 3 === 1 ? "#0f172a" : "#ffffff";
    if ((n + i) % 2 === 0) {
      shapes.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" fill-opacity="${opacity}"/>`);
    } else {
      const rot = Math.round(rand() * 90);
      const side = r * 1.6;
      shapes.push(
        `<rect x="${Math.round(cx - side / 2)}" y="${Math.round(cy - side / 2)}" width="${Math.round(side)}" height="${Math.round(side)}" rx="${Math.round(side * 0.22)}" fill="${fill}" fill-opacity="${opacity}" transform="rotate(${rot} ${cx} ${cy})"/>`,
      );
    }
  }
  // A ring and a "product" badge: a white rounded card with a simple motif in the centre area.
  const motif = motifSvg(i % 4, cardX, cardY, hslToHex(h, 0.6, 0.45), hslToHex(h + 28, 0.65, 0.35));

  // Text: title wrapped to at most two lines, shrinking the font for long titles.
  const { lines: titleLines, size: titleSize } = fitText(title, 1040, [76, 66, 58, 50], 2);
  const { lines: subLines, size: subSize } = fitText(subtitle, 1000, [36, 32], 2);
  const titleY = 640;
  const titleText = titleLines
    .map((line, n) => `<tspan x="${W / 2}" y="${titleY + n * Math.round(titleSize * 1.15)}">${escapeXml(line)}</tspan>`)
    .join("");
  const subY = titleY + (titleLines.length - 1) * Math.round(titleSize * 1.15) + Math.round(subSize * 1.7);
  const subText = subLines
    .map((line, n) => `<tspan x="${W / 2}" y="${subY + n * Math.round(subSize * 1.3)}">${escapeXml(line)}</tspan>`)
    .join("");

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>
<linearGradient id="bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000000" stop-opacity="0"/><stop offset="1" stop-color="#000000" stop-opacity="0.38"/></linearGradient>
</defs>
<rect width="${W}" height="${H}" fill="url(#bg)"/>
${shapes.join("\n")}
<rect width="${W}" height="${H}" fill="url(#shade)"/>
${motif}
<text font-family="sans-serif" font-weight="bold" font-size="${titleSize}" fill="#ffffff" text-anchor="middle">${titleText}</text>
<text font-family="sans-serif" font-size="${subSize}" fill="#ffffff" fill-opacity="0.88" text-anchor="middle">${subText}</text>
<text x="${W - 28}" y="${H - 24}" font-family="sans-serif" font-size="20" fill="#ffffff" fill-opacity="0.6" text-anchor="end">Imagem ilustrativa</text>
</svg>`;
}

/** A white card with a simple geometric motif; `kind` 0–3. */
function motifSvg(kind: number, cx: number, cy: number, main: string, dark: string): string {
  const card = `<rect x="${cx - 170}" y="${cy - 170}" width="340" height="340" rx="64" fill="#ffffff" fill-opacity="0.92"/>`;
  switch (kind) {
    case 0: // concentric circles
      return `${card}<circle cx="${cx}" cy="${cy}" r="110" fill="${main}"/><circle cx="${cx}" cy="${cy}" r="64" fill="#ffffff"/><circle cx="${cx}" cy="${cy}" r="30" fill="${dark}"/>`;
    case 1: // stacked rounded bars
      return `${card}<rect x="${cx - 110}" y="${cy - 100}" width="220" height="50" rx="25" fill="${main}"/><rect x="${cx - 110}" y="${cy - 25}" width="160" height="50" rx="25" fill="${dark}"/><rect x="${cx - 110}" y="${cy + 50}" width="190" height="50" rx="25" fill="${main}" fill-opacity="0.6"/>`;
    case 2: // three dots in a triangle
      return `${card}<circle cx="${cx}" cy="${cy - 60}" r="55" fill="${main}"/><circle cx="${cx - 65}" cy="${cy + 55}" r="55" fill="${dark}"/><circle cx="${cx + 65}" cy="${cy + 55}" r="55" fill="${main}" fill-opacity="0.65"/>`;
    default: // a tilted rounded square with a circle
      return `${card}<rect x="${cx - 90}" y="${cy - 90}" width="180" height="180" rx="40" fill="${main}" transform="rotate(45 ${cx} ${cy})"/><circle cx="${cx}" cy="${cy}" r="48" fill="#ffffff"/><circle cx="${cx}" cy="${cy}" r="22" fill="${dark}"/>`;
  }
}

export function escapeXml(value: string): string {
  return (
    value
      // Characters XML 1.0 forbids even escaped (C0 controls except tab/LF/CR, lone surrogates, U+FFFE/F).
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/**
 * Greedy word wrap by an estimated glyph width (≈0.6 em, about DejaVu Sans Bold's average). Tries
 * each font size in turn and keeps the first that fits in `maxLines`; at the smallest size the
 * last line is truncated with an ellipsis.
 */
function fitText(text: string, maxWidth: number, sizes: number[], maxLines: number): { lines: string[]; size: number } {
  const clean = text.replace(/\s+/g, " ").trim();
  const smallest = sizes[sizes.length - 1] ?? 40;
  if (clean === "") return { lines: [], size: smallest };
  for (const size of sizes) {
    const lines = wrap(clean, Math.max(4, Math.floor(maxWidth / (size * 0.6))));
    if (lines.length <= maxLines) return { lines, size };
  }
  const perLine = Math.max(4, Math.floor(maxWidth / (smallest * 0.6)));
  const lines = wrap(clean, perLine).slice(0, maxLines);
  const last = lines[lines.length - 1] ?? "";
  lines[lines.length - 1] = `${Array.from(last).slice(0, perLine - 1).join("").trimEnd()}…`;
  return { lines, size: smallest };
}

function wrap(text: string, perLine: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    // Hard-split words longer than a line.
    let rest = Array.from(word);
    while (rest.length > perLine) {
      if (current) {
        lines.push(current);
        current = "";
      }
      lines.push(rest.slice(0, perLine).join(""));
      rest = rest.slice(perLine);
    }
    const piece = rest.join("");
    if (piece === "") continue;
    if (current === "") current = piece;
    else if (Array.from(current).length + 1 + rest.length <= perLine) current += ` ${piece}`;
    else {
      lines.push(current);
      current = piece;
    }
  }
  if (current) lines.push(current);
  return lines;
}

function wrapHue(hue: number): number {
  const h = Number.isFinite(hue) ? hue % 360 : 0;
  return h < 0 ? h + 360 : h;
}

function hslToHex(hue: number, s: number, l: number): string {
  const h = wrapHue(hue) / 360;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t0: number) => {
    let t = t0;
    if (t < 0) t += 1;
    if (t > 1) t -= 1;
    let v: number;
    if (t < 1 / 6) v = p + (q - p) * 6 * t;
    else if (t < 1 / 2) v = q;
    else if (t < 2 / 3) v = p + (q - p) * (2 / 3 - t) * 6;
    else v = p;
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(h + 1 / 3)}${channel(h)}${channel(h - 1 / 3)}`;
}

/** A number from a string (FNV-1a), to seed a picture's layout with its title. */
function stringSeed(text: string): number {
  let hash = 0x811c9dc5;
  for (let n = 0; n < text.length; n++) hash = Math.imul(hash ^ text.charCodeAt(n), 0x01000193) >>> 0;
  return hash;
}

/** mulberry32: a tiny deterministic PRNG, so the same input always draws the same picture (and the bench the same ads). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
