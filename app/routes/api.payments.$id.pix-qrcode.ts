/** GET /api/payments/{id}/pix-qrcode → {qrCodeImage (PNG data URL), qrCodePayload (copia e cola)} — the owner's PIX charge. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/parse-id";
import { PAYMENT_MESSAGES } from "~/models/payment/payment";
import { getOwnPayment, getPixQrCode } from "~/models/payment/read.server";
import { requireUser } from "~/web/auth.server";
import { jsonError, NO_STORE } from "~/web/http.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = parseId(params.id);
  const payment = id === null ? null : getOwnPayment(id, user.id);
  if (!payment) return jsonError(404, PAYMENT_MESSAGES.paymentNotFound);
  if (payment.paymentMethod !== "PIX" || payment.amountCents === 0) return jsonError(400, PAYMENT_MESSAGES.notPix);
  const qr = await getPixQrCode(payment);
  if (!qr) return jsonError(503, PAYMENT_MESSAGES.qrUnavailableToast);
  return Response.json(qr, { headers: NO_STORE });
}
