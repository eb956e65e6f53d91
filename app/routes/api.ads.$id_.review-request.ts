/**
 * POST /api/ads/{id}/review-request (the ad's owner; LGPD Art. 20): asks for a person to review the
 * rejection of the ad, optionally with {reason} → 200 {message, adId, status: "pending"}; the ad goes
 * back to the admin's moderation queue and the request is recorded. 404 for someone else's ad, 409
 * when the ad is not rejected, already waiting or expired. Bearer token or cookie (same origin).
 * An empty body or a form post are read as no reason.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { MODERATION_MESSAGES, reviewRequestSchema } from "~/models/moderation/moderation-queue";
import { requestHumanReview, reviewRequestRefusal } from "~/models/moderation/moderation-queue.server";
import { requireUser } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseBodyOrThrow, parseJsonObject, parseOrThrow } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get("Content-Type") ?? "";
  const text = await request.text();
  if (!text.trim()) return {};
  if (type.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(text));
  return parseJsonObject(text);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  // Whose ad it is comes before the body: someone else's ad is 404 whatever the body says.
  const refused = reviewRequestRefusal(id, user.id);
  if (refused) return jsonError(refused.status, refused.message);
  const { reason } = parseBodyOrThrow(reviewRequestSchema, await bodyOf(request));
  const outcome = requestHumanReview({ adId: id, ownerId: user.id, reason });
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json(
    { message: MODERATION_MESSAGES.reviewRequested, description: MODERATION_MESSAGES.reviewRequestedDescription, adId: id, status: outcome.status },
    { headers: NO_STORE },
  );
}
