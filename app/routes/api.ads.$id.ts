/**
 * /api/ads/{id} (spec 02 §7):
 * - GET: the full ad — public when active; owners and admins also see their other ads.
 * - PUT: the update payload (description, price, whatsapp, status, adType, categoryId, subcategoryId,
 *   expirationDate, title; adCost, views and userId are ignored) with the edit page's rules: 200 with the
 *   ad; 400 field problems ({message, details}); 403 not the caller's; 409 not editable now; 422
 *   rejected by the automatic moderation ({message, details, suggestion}).
 * - DELETE: owners delete ads awaiting payment or expired, admins active or paused ones (409 with the
 *   spec's message otherwise); the photos leave the storage.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { adEditSchema } from "~/models/ad/ad-edit";
import { getAdForViewer } from "~/models/ad/detail.server";
import { updateAd } from "~/models/ad/edit.server";
import { MANAGE_MESSAGES } from "~/models/ad/manage";
import { deleteAd } from "~/models/ad/status.server";
import { getOptionalUser, requireUser } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseOrThrow, readJsonBody } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  const user = await getOptionalUser(request);
  const ad = getAdForViewer(id, user);
  if (!ad) return jsonError(404, "Anúncio não encontrado");
  return Response.json(ad, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("GET, PUT, DELETE");
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");

  if (request.method === "DELETE") {
    const result = await deleteAd(id, user);
    if (!result.ok) return Response.json({ title: result.title, message: result.message }, { status: result.status, headers: NO_STORE });
    return Response.json({ message: MANAGE_MESSAGES.deletedDescription }, { headers: NO_STORE });
  }

  const fields = await readJsonBody(request, adEditSchema);
  const result = await updateAd(id, user, fields);
  if (!result.ok) {
    const details = result.details ?? Object.entries(result.fieldErrors ?? {}).map(([field, message]) => `${field}: ${message}`);
    return Response.json(
      { message: result.message, ...(details.length ? { details } : {}), ...(result.suggestion ? { suggestion: result.suggestion } : {}) },
      { status: result.status, headers: NO_STORE },
    );
  }
  return Response.json(getAdForViewer(id, user), { headers: NO_STORE });
}
