/**
 * GET /api/payments/{id}/status → {isConfirmed, status, statusLabel, adStatus…} — polled every 3 s
 * by the payment page (spec 02 §4). Reads the database; Asaas is asked at most every 30 s per
 * payment in case a webhook was lost. Owner only (404 otherwise).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/parse-id";
import { PAYMENT_MESSAGES } from "~/models/payment/payment";
import { checkPaymentStatus } from "~/models/payment/read.server";
import { requireUser } from "~/web/auth.server";
import { jsonError, NO_STORE } from "~/web/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  const status = id === null ? null : await checkPaymentStatus(id, user.id, { askGateway: "throttled" });
  if (!status) return jsonError(404, PAYMENT_MESSAGES.paymentNotFound);
  return Response.json(status, { headers: NO_STORE });
}
