import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { inbox } from "~/models/message/conversations.server";
import { requireUser } from "~/web/auth.server";
import { NO_STORE, parseOrThrow, searchParamsOf } from "~/web/http.server";

const querySchema = z.object({
  before: z.coerce.date({ message: "before deve ser uma data (ISO 8601)" }).optional(),
  beforeId: z.coerce.number({ message: "beforeId deve ser um número" }).int("beforeId deve ser um número inteiro").positive("beforeId deve ser positivo").optional(),
});

/**
 * GET /api/messages → `{ conversations: [{ id, ad: { id, title, primaryImageUrl }, other: { name },
 * lastMessage: { text, createdAt, fromMe }, unread }] }`, newest first, 20 at a time (`?before=` the last
 * one's lastMessage.createdAt and `&beforeId=` its id for the next 20).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { before, beforeId } = parseOrThrow(querySchema, searchParamsOf(request), "Parâmetros inválidos");
  return Response.json({ conversations: inbox(user.id, { before, beforeId }) }, { headers: NO_STORE });
}
