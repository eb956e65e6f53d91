import type { LoaderFunctionArgs } from "@remix-run/node";
import { getImageVariant, getOriginalImage } from "~/models/ad/image-store.server";
import { isValidPublicId, negotiateImageFormat, parseImageVariant } from "~/services/images.server";

// A publicId never points at other bytes, so every answer may be cached for good.
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * GET /images/{publicId}[?w=W[&h=H][&fm=jpg]] — an ad picture: the original, or an allowed variant
 * in the best format the browser accepts (spec 01 §3: fill-crop, scale, automatic format/quality).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { publicId } = params;
  if (!isValidPublicId(publicId)) return text(404, "Imagem não encontrada");
  const variant = parseImageVariant(new URL(request.url).searchParams);
  if (variant === null) return text(400, "Tamanho de imagem não permitido");

  if (variant === "original") {
    const original = await getOriginalImage(publicId);
    if (!original) return text(404, "Imagem não encontrada");
    return image(original.bytes, original.contentType, false);
  }
  const format = variant.jpeg ? "jpeg" : negotiateImageFormat(request.headers.get("Accept"));
  const result = await getImageVariant(publicId, variant, format);
  if (!result) return text(404, "Imagem não encontrada");
  return image(result.bytes, result.contentType, !variant.jpeg);
}

function image(bytes: Uint8Array, contentType: string, negotiated: boolean) {
  const headers = new Headers({ "Content-Type": contentType, "Content-Length": String(bytes.byteLength), "Cache-Control": IMMUTABLE });
  // The same URL answers AVIF, WebP or JPEG by Accept: caches must keep them apart.
  if (negotiated) headers.set("Vary", "Accept");
  return new Response(new Uint8Array(bytes), { headers });
}

function text(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": status === 404 ? "public, max-age=60" : "no-store" },
  });
}
