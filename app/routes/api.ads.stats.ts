/**
 * GET /api/ads/stats (spec 02 §7): the owner statistics {totalAds, activeAds, pendingPaymentAds,
 * pausedAds, expiredAds, soldAds, totalViews} over the caller's own ads (effective statuses). An admin's cover
 * every ad, or one user's with `userId`. `statsOnly` is accepted and changes nothing.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { optionalIdSchema } from "~/lib/id";
import { dashboardStats } from "~/models/ad/dashboard.server";
import { requireUser } from "~/web/auth.server";
import { NO_STORE, parseOrThrow, searchParamsOf } from "~/web/http.server";

const querySchema = z.object({
  userId: z.preprocess((value) => (value === "" ? undefined : value), optionalIdSchema),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const { userId } = parseOrThrow(querySchema, searchParamsOf(request));
  return Response.json(dashboardStats(user, { userId }), { headers: NO_STORE });
}
