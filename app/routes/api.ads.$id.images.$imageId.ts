/** DELETE /api/ads/{id}/images/{imageId}: the owner or an admin only; the photo's files leave the storage. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { removeAdPhoto } from "~/models/ad/photos.server";
import { requireUser } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseOrThrow } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema, imageId: idSchema });

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed("DELETE");
  const user = await requireUser(request);
  const { id, imageId } = parseOrThrow(paramsSchema, params, "Imagem inválida");
  const result = await removeAdPhoto(id, imageId, user);
  if (!result.ok) return jsonError(result.status, result.message);
  return Response.json({ message: "Imagem removida" }, { headers: NO_STORE });
}

export function loader() {
  return methodNotAllowed("DELETE");
}
