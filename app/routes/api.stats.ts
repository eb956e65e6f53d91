/** GET /api/stats (admins; spec 02 §7): {totalAds, totalUsers, pendingAds, activeAds}. 401 without a session, 403 for a non-admin. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAdminTotals } from "~/models/statistics/stats.server";
import { requireAdmin } from "~/web/auth.server";
import { NO_STORE } from "~/web/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return Response.json(getAdminTotals(), { headers: NO_STORE });
}
