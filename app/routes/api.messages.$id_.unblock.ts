import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { setBlock } from "~/models/message/blocks.server";
import { requireUser } from "~/web/auth.server";
import { flowError, methodNotAllowed, NO_STORE, parseOrThrow } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

/** POST /api/messages/{id}/unblock → 200 `{ blocked: false, message }` ('Desbloquear' the other side); 404 for anyone not in the conversation. */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Conversa inválida");
  const outcome = setBlock(user.id, id, false);
  if (!outcome.ok) return flowError(outcome);
  return Response.json({ blocked: outcome.blocked, message: outcome.message }, { headers: NO_STORE });
}

export function loader() {
  return methodNotAllowed("POST");
}
