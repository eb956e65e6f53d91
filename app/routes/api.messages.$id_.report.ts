import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { conversationReportSchema } from "~/models/message/message";
import { reportConversation } from "~/models/message/moderation.server";
import { requireUser } from "~/web/auth.server";
import { flowError, methodNotAllowed, NO_STORE, parseOrThrow, readJsonBody } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

/** POST /api/messages/{id}/report `{ reason }` → 200 `{ message }`: the conversation goes to the admin's 'Conversas denunciadas'; 404 outside it. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Conversa inválida");
  const { reason } = await readJsonBody(request, conversationReportSchema);
  const outcome = reportConversation(user.id, id, reason);
  if (!outcome.ok) return flowError(outcome);
  return Response.json({ message: outcome.message }, { headers: NO_STORE });
}

export function loader() {
  return methodNotAllowed("POST");
}
