/**
 * POST /api/ad-draft/photos (multipart field `image`): one photo into the signed-in user's wizard draft
 * (the wizard's last step uploads with progress through it when JavaScript runs). → 201 {photos}.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { getDraft } from "~/models/ad/draft.server";
import { addDraftPhotos } from "~/models/ad/wizard.server";
import { imageUrl } from "~/services/images.server";
import { requireUser } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE } from "~/web/http.server";
import { readUploadForm } from "~/web/upload.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(request);
  const upload = await readUploadForm(request, { maxFiles: 1 });
  if (!upload.ok) return jsonError(upload.status, upload.message);
  if (upload.files.length === 0) return jsonError(400, "Envie a foto no campo image");
  const added = await addDraftPhotos(user.id, upload.files);
  if (!added.ok) return jsonError(added.status, added.message);
  const photos = (getDraft(user.id)?.data.photos ?? []).map((photo) => ({ publicId: photo.publicId, url: imageUrl(photo.publicId) }));
  return Response.json({ photos }, { status: 201, headers: NO_STORE });
}

export function loader() {
  return methodNotAllowed("POST");
}
