import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema, optionalIdSchema } from "~/lib/id";
import { CONVERSATION_NOT_FOUND, openConversation, reply } from "~/models/message/conversations.server";
import { messageSchema } from "~/models/message/message";
import { requireUser } from "~/web/auth.server";
import { flowError, methodNotAllowed, NO_STORE, parseOrThrow, readJsonBody, searchParamsOf } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });
const querySchema = z.object({ after: optionalIdSchema });

/**
 * GET /api/messages/{id} → `{ conversation, messages: [{ id, fromMe, text, createdAt, readAt, warning }] }`
 * (reading marks the other side's messages read; `?after={messageId}` only the newer ones, for the open
 * page's polling). 404 for anyone not in the conversation.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Conversa inválida");
  const { after } = parseOrThrow(querySchema, searchParamsOf(request), "Parâmetros inválidos");
  const open = openConversation(user.id, id, { afterId: after });
  if (!open) return flowError(CONVERSATION_NOT_FOUND);
  return Response.json(open, { headers: NO_STORE });
}

/** POST /api/messages/{id} `{ text }` → 201 `{ conversationId, message }`; 404 outside it, 403 blocked or suspended, 429 past the limit. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Conversa inválida");
  const { text } = await readJsonBody(request, messageSchema);
  const outcome = reply(user.id, id, text);
  if (!outcome.ok) return flowError(outcome);
  return Response.json({ conversationId: outcome.conversationId, message: outcome.message }, { status: 201, headers: NO_STORE });
}
