/**
 * The image sizes the site asks for, shared by the pages (srcset) and the image route (which serves
 * only these, so nobody can make the server resize to arbitrary sizes). Client-safe: no server code.
 *
 * `/images/{publicId}` is the original; `?w=W&h=H` is a fill-crop to exactly W×H; `?w=W` scales to
 * width W (never enlarging); `fm=jpg` forces JPEG (link previews), otherwise the route picks AVIF,
 * WebP or JPEG from the browser's Accept header.
 */
export const FILL_SIZES = [
  [64, 64], // detail thumbnails
  [320, 240], // cards (4:3)
  [480, 360],
  [640, 480],
  [960, 720],
  [400, 225], // detail carousel (16:9)
  [800, 450],
  [1200, 675],
  [1200, 630], // Open Graph / Twitter preview
] as const;

// 960: a phone 360–412 px wide at 2× needs ~720–830 px; without it, it got the 1200 px file.
export const SCALE_WIDTHS = [320, 640, 960, 1200] as const;

/** `fetchpriority="high"` for an <img> (React 18 passes only the lowercase attribute through; fetchPriority is React 19's). */
export const HIGH_PRIORITY: Record<string, string> = { fetchpriority: "high" };

export type ImageVariant = { width: number; height?: number; jpeg?: boolean };

export function isAllowedVariant({ width, height }: ImageVariant): boolean {
  if (height === undefined) return (SCALE_WIDTHS as readonly number[]).includes(width);
  return FILL_SIZES.some(([w, h]) => w === width && h === height);
}

export function imageVariantUrl(publicId: string, { width, height, jpeg }: ImageVariant): string {
  const params = [`w=${width}`];
  if (height !== undefined) params.push(`h=${height}`);
  if (jpeg) params.push("fm=jpg");
  return `/images/${encodeURIComponent(publicId)}?${params.join("&")}`;
}

/** A srcset of fill-crops of one aspect ratio, e.g. the 4:3 card sizes. */
export function fillSrcSet(publicId: string, sizes: ReadonlyArray<readonly [number, number]>): string {
  return sizes.map(([width, height]) => `${imageVariantUrl(publicId, { width, height })} ${width}w`).join(", ");
}

export const CARD_IMAGE_SIZES = [
  [320, 240],
  [480, 360],
  [640, 480],
  [960, 720],
] as const;
