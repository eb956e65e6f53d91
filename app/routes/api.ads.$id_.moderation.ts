/**
 * POST /api/ads/{id}/moderation (admins): the queue's decision as JSON — {decision: "approved"} or
 * {decision: "rejected", reason} → {adId, status}; recorded with the admin and the time. 409 when the
 * ad is not awaiting moderation, 404 when there is no such ad, 400 for a rejection without a reason.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { moderationDecisionSchema } from "~/models/moderation/moderation-queue";
import { announcePriceDropsInBackground } from "~/models/favourite/price-drop-mail.server";
import { approveAd, decisionRefusal, rejectAd } from "~/models/moderation/moderation-queue.server";
import { requireAdmin } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseOrThrow, readJsonBody } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const admin = await requireAdmin(request);
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  const refusal = decisionRefusal(id);
  if (refusal) return jsonError(refusal.status, refusal.message);
  const { decision, reason } = await readJsonBody(request, moderationDecisionSchema);
  const outcome = decision === "approved" ? approveAd({ adId: id, adminId: admin.id, reason }) : rejectAd({ adId: id, adminId: admin.id, reason: reason ?? "" });
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  // A price cut held for review reaches the ad's savers once a person approves it.
  if (decision === "approved") announcePriceDropsInBackground();
  return Response.json({ adId: id, status: outcome.status }, { headers: NO_STORE });
}
