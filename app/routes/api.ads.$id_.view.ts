import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { jsonError, methodNotAllowed, parseOrThrow } from "~/web/http.server";
import { incrementAdViews } from "~/models/ad/detail.server";

const paramsSchema = z.object({ id: idSchema });

/**
 * POST /api/ads/{id}/view — counts one opening of an ad (the dialog or the ad page, with JavaScript).
 * A POST, so link prefetching, crawlers and revalidation never count. Answers the new total.
 */
export function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  const views = incrementAdViews(id);
  if (views === null) return jsonError(404, "Anúncio não encontrado");
  return Response.json({ views }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return methodNotAllowed("POST", "Use POST para contar uma visualização");
}
