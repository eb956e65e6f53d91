/**
 * GET /api/ads/{id}/images (the list with url) and POST (multipart field `image`): the owner or an admin
 * only. POST answers the new photo with `adStatus`, and `reviewReasons` when the photo sent the ad to
 * the admin queue (a copy of another account's photo, ADR 020).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { AD_NOT_FOUND } from "~/models/ad/ad";
import { addAdPhoto, addPhotoRefusal, listAdPhotos } from "~/models/ad/photos.server";
import { requireUser } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseOrThrow } from "~/web/http.server";
import { readUploadForm } from "~/web/upload.server";

const paramsSchema = z.object({ id: idSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  const photos = listAdPhotos(id, user);
  if (!photos) return jsonError(404, AD_NOT_FOUND);
  return Response.json(photos, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  // Who may add a photo is answered before the upload is read (and its bytes buffered).
  const refused = addPhotoRefusal(id, user);
  if (refused) return jsonError(refused.status, refused.message);
  const upload = await readUploadForm(request, { maxFiles: 1 });
  if (!upload.ok) return jsonError(upload.status, upload.message);
  const file = upload.files.find((f) => f.fieldName === "image");
  if (!file) return jsonError(400, "Envie a foto no campo image");
  const result = await addAdPhoto(id, user, file);
  if (!result.ok) {
    return jsonError(result.status, result.message, result.details, { suggestion: result.suggestion });
  }
  // The photo as the spec answers it, and what it did to the ad: a copied photo sends it to the queue (ADR 020).
  const { photo, adStatus, reviewReasons } = result;
  return Response.json({ ...photo, adStatus, ...(reviewReasons.length ? { reviewReasons } : {}) }, { status: 201, headers: NO_STORE });
}
