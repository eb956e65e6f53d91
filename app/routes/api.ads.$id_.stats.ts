/**
 * GET /api/ads/{id}/stats — the ad's views, contacts and saves per São Paulo day for the last 30 days
 * (oldest first, ending today, every day present): {days: [{date, views, contacts, favourites, boosted?}]},
 * `boosted: true` on the days a boost ran (ADR 037).
 * Its owner and admins only: 401 without a session, then 404 for an unknown ad, 403 for another
 * user's — before anything else is read. (Not GET /api/ads/stats, the site's totals: api.ads.stats.ts.)
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { AD_NOT_FOUND } from "~/models/ad/ad";
import { adOwnerOf, dailyStatsOf } from "~/models/ad/daily-stats.server";
import { requireUser } from "~/web/auth.server";
import { jsonError, NO_STORE, parseOrThrow } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  const owner = adOwnerOf(id);
  if (owner === null) return jsonError(404, AD_NOT_FOUND);
  if (owner !== user.id && !user.isAdmin) return jsonError(403, "Acesso negado");
  return Response.json({ days: dailyStatsOf([id]).get(id) }, { headers: NO_STORE });
}
