import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { conversationIdAbout, messageAboutAd } from "~/models/message/conversations.server";
import { messageSchema } from "~/models/message/message";
import { requireUser } from "~/web/auth.server";
import { flowError, methodNotAllowed, NO_STORE, parseOrThrow, readJsonBody } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

/**
 * POST /api/ads/{id}/messages `{ text }` → 201 `{ conversationId, message }`: a message to the ad's
 * seller, the first of a conversation or the next of this buyer's (models/message/conversations.server.ts).
 * 404 for an ad that is not public, 400 for one's own ad, 403 when blocked or suspended, 429 with
 * Retry-After past a limit.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  const { text } = await readJsonBody(request, messageSchema);
  const outcome = messageAboutAd(user.id, id, text);
  if (!outcome.ok) return flowError(outcome);
  return Response.json({ conversationId: outcome.conversationId, message: outcome.message }, { status: 201, headers: NO_STORE });
}

/**
 * GET /api/ads/{id}/messages → `{ conversationId }`: the signed-in person's conversation about the ad, or
 * null (the ad dialog's 'Ver conversa'; only one's own conversation, so it tells nothing of others').
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  return Response.json({ conversationId: conversationIdAbout(user.id, id) }, { headers: NO_STORE });
}
