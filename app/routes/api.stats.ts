/**
 * GET /api/stats (admins; spec 02 §7): {totalAds, totalUsers, pendingAds, activeAds}, and the paid
 * income by purpose, `income: {adFees, boosts, extensions}` as decimal strings (ADR 037). 401 without a
 * session, 403 for a non-admin.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { centsToDecimalString } from "~/lib/money";
import { getAdminTotals, incomeByPurpose } from "~/models/statistics/stats.server";
import { requireAdmin } from "~/web/auth.server";
import { NO_STORE } from "~/web/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const income = incomeByPurpose();
  return Response.json(
    {
      ...getAdminTotals(),
      income: { adFees: centsToDecimalString(income.ad), boosts: centsToDecimalString(income.boost), extensions: centsToDecimalString(income.extend) },
    },
    { headers: NO_STORE },
  );
}
