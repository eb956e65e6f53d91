/**
 * How large a request body may be, decided by path and content type before anything reads it
 * (server.ts enforces it: by Content-Length up front, and by counting bytes for chunked bodies).
 * Only multipart posts to the upload routes below may be large (MAX_BODY_MB, photos); every other
 * body — JSON, forms, a multipart post anywhere else — is small, so a flood of big JSON logins cannot
 * fill a worker's memory. A new route that takes photos adds one line to UPLOAD_ROUTES.
 */

/** JSON and form bodies: far more than any form of the site sends (the longest, an ad's text, is ~5 KB). */
export const SMALL_BODY_BYTES = 100 * 1024;

/** The routes that take photos, as multipart/form-data. Paths are matched without Remix's ".data" suffix. */
export const UPLOAD_ROUTES: ReadonlyArray<{ method: string; path: RegExp }> = [
  { method: "POST", path: /^\/create-ad$/ }, // the wizard's photo step
  { method: "POST", path: /^\/api\/ad-draft\/photos$/ }, // the same step's photos, one by one, when JavaScript runs
  { method: "POST", path: /^\/edit-ad\/[^/]+$/ },
  { method: "POST", path: /^\/api\/ads$/ },
  { method: "POST", path: /^\/api\/ads\/[^/]+\/images$/ },
];

export type BodyLimit = { bytes: number; label: string };

/**
 * The pathname as the route sees it: without a trailing slash, and without the ".data" suffix that
 * Remix's single fetch adds when JavaScript submits a form (POST /create-ad.data runs /create-ad's action).
 */
function routePath(pathname: string) {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  return path.endsWith(".data") ? path.slice(0, -".data".length) || "/" : path;
}

export function isUploadRequest({ method, pathname, contentType }: { method: string; pathname: string; contentType: string | undefined }) {
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType ?? "")) return false;
  const path = routePath(pathname);
  return UPLOAD_ROUTES.some((route) => route.method === method && route.path.test(path));
}

export function bodyLimitFor(request: { method: string; pathname: string; contentType: string | undefined }, uploadMaxMb: number): BodyLimit {
  if (isUploadRequest(request)) return { bytes: uploadMaxMb * 1024 * 1024, label: `${uploadMaxMb} MB` };
  return { bytes: SMALL_BODY_BYTES, label: `${SMALL_BODY_BYTES / 1024} KB` };
}

export function bodyTooLargeMessage(limit: BodyLimit) {
  return `Envio grande demais: o limite é ${limit.label}.`;
}
