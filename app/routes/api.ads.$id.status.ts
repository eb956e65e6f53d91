/**
 * PUT /api/ads/{id}/status {status, soldHere?} (spec 02 §7): an owner pauses an active ad or reactivates
 * a paused one, or marks either sold ({status: "sold", soldHere: true/false}, "Vendeu pelo Classificados?",
 * optional; issue #36); an admin sets active, paused or pending_payment. A sold ad changes no more. 200 {id, status}; 404 not the caller's or
 * missing (whatever the body); 400 a bad body; 409 with the reason when the change is not allowed now.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import * as zm from "zod/mini";
import { idSchema } from "~/lib/id";
import { AD_STATUSES } from "~/models/ad/ad";
import { MANAGE_MESSAGES } from "~/models/ad/manage";
import { changeAdStatus, managedAdState } from "~/models/ad/status.server";
import { requireUser } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseOrThrow, readJsonBody } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });
const bodySchema = zm.object({
  status: zm.enum(AD_STATUSES, MANAGE_MESSAGES.statusRequired),
  soldHere: zm.optional(zm.nullable(zm.boolean(MANAGE_MESSAGES.soldHereInvalid))),
});

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed("PUT");
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  // Whose ad it is comes before the body: another user's ad is missing, whatever the body says.
  if (!managedAdState(id, user)) return jsonError(404, MANAGE_MESSAGES.notFound, undefined, { title: MANAGE_MESSAGES.statusError });
  const { status, soldHere } = await readJsonBody(request, bodySchema);
  const result = changeAdStatus(id, user, status, new Date(), soldHere ?? null);
  if (!result.ok) return jsonError(result.status, result.message, undefined, { title: result.title });
  return Response.json({ id, status: result.status, message: MANAGE_MESSAGES.statusUpdated }, { headers: NO_STORE });
}

export function loader() {
  return methodNotAllowed("PUT");
}
