import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { AD_NOT_FOUND } from "~/models/ad/ad";
import { jsonError, methodNotAllowed, NO_STORE, parseOrThrow } from "~/web/http.server";
import { countAdView } from "~/models/ad/views.server";
import { visitorHeaders, visitorOf } from "~/web/visitor.server";

const paramsSchema = z.object({ id: idSchema });

/**
 * POST /api/ads/{id}/view — counts one opening of an ad (the dialog or the ad page, with JavaScript),
 * at most once per person and day (models/ad/views.server.ts, people.server.ts). A POST, so link prefetching, crawlers
 * and revalidation never count. Answers the ad's views and whether this opening counted.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  const visitor = await visitorOf(request, context);
  const result = countAdView(id, visitor.person);
  if (result === null) return jsonError(404, AD_NOT_FOUND);
  return Response.json(result, { headers: visitorHeaders(visitor, NO_STORE) });
}

export function loader() {
  return methodNotAllowed("POST", "Use POST para contar uma visualização");
}
