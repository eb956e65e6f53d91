import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { jsonError, parseOrThrow } from "~/web/http.server";
import { getAdForViewer } from "~/models/ad/detail.server";
import { getOptionalUser } from "~/web/auth.server";

const paramsSchema = z.object({ id: idSchema });

/** GET /api/ads/{id} — the full ad: public when active; owners and admins also see their other ads. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { id } = parseOrThrow(paramsSchema, params, "Anúncio inválido");
  const user = await getOptionalUser(request);
  const ad = getAdForViewer(id, user);
  if (!ad) return jsonError(404, "Anúncio não encontrado");
  return Response.json(ad, { headers: { "Cache-Control": "private, no-store" } });
}
