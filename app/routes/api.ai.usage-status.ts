/** GET /api/ai/usage-status → {totalCalls, limit, remainingCalls, canUse} for the signed-in user's São Paulo month. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { usageStatus } from "~/models/ai-usage/ai-usage.server";
import { requireUser } from "~/web/auth.server";
import { NO_STORE } from "~/web/http.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return Response.json(usageStatus(user), { headers: NO_STORE });
}
