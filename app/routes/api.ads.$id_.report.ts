import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { reportAd, reportSchema } from "~/models/report/reports.server";
import { clientIp } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseOrThrow, readJsonObject, retryAfterHeaders } from "~/web/http.server";
import { visitorHeaders, visitorOf } from "~/web/visitor.server";

const paramsSchema = z.object({ id: idSchema });

/**
 * POST /api/ads/{id}/report — 'Denunciar anúncio' as JSON: `{ reason, details? }` → 200 `{ message,
 * status: "sent" | "already" }`; 400 for a bad body, 404 for an ad that is not public, 429 (with
 * Retry-After) past the limit. The same rules as the form (models/report/reports.server.ts): the report
 * reaches the admin's 'Denúncias' at once; without a visitor cookie from an earlier day it counts once per
 * address and day, and only accounts over 7 days can hide the ad (ADR 021).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  const input = parseOrThrow(reportSchema, await readJsonObject(request), "Denúncia inválida");
  const visitor = await visitorOf(request, context);
  const outcome = await reportAd({ adId: id, reporter: visitor.person, ip: clientIp(request, context), ...input });
  if (!outcome.ok) {
    const response = jsonError(outcome.status, outcome.message);
    for (const [name, value] of visitorHeaders(visitor, outcome.status === 429 ? retryAfterHeaders(outcome) : {})) response.headers.append(name, value);
    return response;
  }
  return Response.json({ message: outcome.message, status: outcome.status }, { headers: visitorHeaders(visitor, NO_STORE) });
}

export function loader() {
  return methodNotAllowed("POST", "Use POST para denunciar um anúncio");
}
