/**
 * /api/ads/{id} (spec 02 §7):
 * - GET: the full ad — public when active; owners and admins also see their other ads.
 * - PUT: the update payload (description, price, whatsapp, status, adType, categoryId, subcategoryId,
 *   expirationDate, title; adCost, views and userId are ignored) with the edit page's rules: 200 with the
 *   ad; 403 not the caller's and 409 not editable now (both whatever the body); 400 field problems
 *   ({message, details}); 422 rejected by the automatic moderation ({message, details, suggestion}).
 * - The ad JSON carries adCost for its owner and admins (getAdForApi), never for anyone else, and
 *   reviewReasons while the fraud signals hold it (a bait price set on a live ad: status pending, ADR 020).
 * - DELETE: owners delete ads awaiting payment or expired, admins active or paused ones (409 with the
 *   spec's message otherwise); the photos leave the storage.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { AD_NOT_FOUND } from "~/models/ad/ad";
import { adEditSchema } from "~/models/ad/ad-edit";
import { getAdForApi } from "~/models/ad/detail.server";
import { getAdForEdit, updateAd, type EditRefusal } from "~/models/ad/edit.server";
import { MANAGE_MESSAGES } from "~/models/ad/manage";
import { announcePriceDropsInBackground } from "~/models/favourite/price-drop-mail.server";
import { deleteAd } from "~/models/ad/status.server";
import { getOptionalUser, requireUser } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseOrThrow, readJsonBody } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  const user = await getOptionalUser(request);
  const ad = getAdForApi(id, user);
  if (!ad) return jsonError(404, AD_NOT_FOUND);
  return Response.json(ad, { headers: NO_STORE });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("GET, PUT, DELETE");
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");

  if (request.method === "DELETE") {
    const result = await deleteAd(id, user);
    if (!result.ok) return jsonError(result.status, result.message, undefined, { title: result.title });
    return Response.json({ message: MANAGE_MESSAGES.deletedDescription }, { headers: NO_STORE });
  }

  // Who may edit comes before what was sent: another user's ad is 403 whatever the body (spec 02 §6).
  const access = getAdForEdit(id, user);
  if (!access.ok) return refusalResponse(access);
  const fields = await readJsonBody(request, adEditSchema);
  const result = await updateAd(id, user, fields);
  if (!result.ok) return refusalResponse(result);
  if (result.priceDropped) announcePriceDropsInBackground();
  return Response.json(getAdForApi(id, user), { headers: NO_STORE });
}

function refusalResponse(refusal: EditRefusal) {
  const details = refusal.details ?? Object.entries(refusal.fieldErrors ?? {}).map(([field, message]) => `${field}: ${message}`);
  return jsonError(refusal.status, refusal.message, details, { suggestion: refusal.suggestion });
}
