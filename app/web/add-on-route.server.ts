/**
 * The loader and action shared by /impulsionar/{adId} and /prolongar/{adId} (ADR 037): the owner
 * chooses the days (`?dias=N`, a plain GET form, so it works without JavaScript), then pays with the
 * same form as /payment/{id} (intent: pay, check, simulate). The days travel in the address: the
 * form posts to the page it is on.
 *
 * - pay: a PIX charge → back here (PRG) showing its QR; a card approved at once → /dashboard with a
 *   toast; a refusal → this page again with 'Erro no pagamento' and the reason.
 * - check ('Já paguei — verificar') and simulate ('Simular pagamento', local gateway outside
 *   production): as on /payment/{id}.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { parseId } from "~/lib/parse-id";
import { startAddOnPayment } from "~/models/payment/add-on-checkout.server";
import { getAddOnPage } from "~/models/payment/add-on-page.server";
import { PAYMENT_DONE_PATH, PAYMENT_MESSAGES } from "~/models/payment/payment";
import { ADD_ON_LABELS, ADD_ON_MESSAGES, type AddOnPurpose } from "~/models/payment/purchase";
import { assertNotCrossSite, clientIp, requireUser } from "~/web/auth.server";
import { formFailure, NO_STORE, notFoundPage, readFormData } from "~/web/http.server";
import { CARD_FIELDS, checkOrSimulatePayment, paymentFormSurroundings, readPaymentForm } from "~/web/payment-form.server";
import { toast } from "~/web/toast.server";

/** `?dias=N` as whole days, or null when absent or not a number. */
function chosenDays(url: URL): number | null {
  const raw = url.searchParams.get("dias");
  return raw !== null && /^\d{1,3}$/.test(raw) ? Number(raw) : null;
}

export async function addOnLoader(purpose: AddOnPurpose, { request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const adId = parseId(params.id);
  if (adId === null) throw notFoundPage();
  const page = await getAddOnPage(adId, user.id, purpose, chosenDays(new URL(request.url)));
  if (!page) throw notFoundPage();
  return data(
    { page, ...(await paymentFormSurroundings(user, page.open?.pixPayload ?? null)) },
    { headers: NO_STORE },
  );
}

function paidToast(purpose: AddOnPurpose) {
  return purpose === "boost"
    ? { message: ADD_ON_MESSAGES.boostPaid, description: ADD_ON_MESSAGES.boostPaidDescription }
    : { message: ADD_ON_MESSAGES.extendPaid, description: ADD_ON_MESSAGES.extendPaidDescription };
}

export async function addOnAction(purpose: AddOnPurpose, { request, params, context }: ActionFunctionArgs) {
  assertNotCrossSite(request);
  const user = await requireUser(request);
  const adId = parseId(params.id);
  if (adId === null) throw notFoundPage();
  const url = new URL(request.url);
  const here = `/${ADD_ON_LABELS[purpose].path}/${adId}`;
  const formData = await readFormData(request);
  const intent = formData.get("intent");

  if (intent === "check" || intent === "simulate") {
    const status = await checkOrSimulatePayment(intent, formData, user.id, (payment) => payment.adId === adId && payment.purpose === purpose);
    if (status?.isConfirmed) return toast.redirectWithSuccess(PAYMENT_DONE_PATH, paidToast(purpose));
    return toast.redirectWithInfo(here, { message: PAYMENT_MESSAGES.stillPending, description: "Assim que o banco confirmar o PIX, a compra vale. Tente de novo em instantes." });
  }

  const { submission, refused } = readPaymentForm(formData);
  if (refused) return refused;
  const days = chosenDays(url);
  const result = await startAddOnPayment({ adId, userId: user.id, purpose, days: days ?? 0, request: submission.value, remoteIp: clientIp(request, context) });
  if (!result.ok) {
    if (result.status === 404) throw notFoundPage();
    return formFailure(submission, result.title, result, { alert: { title: result.title, message: result.message } }, CARD_FIELDS);
  }
  if (result.status === "confirmed" || result.status === "received") return toast.redirectWithSuccess(PAYMENT_DONE_PATH, paidToast(purpose));
  if (result.method === "PIX") return toast.redirectWithSuccess(here, { message: PAYMENT_MESSAGES.created, description: PAYMENT_MESSAGES.createdDescription });
  return toast.redirectWithInfo(here, { message: PAYMENT_MESSAGES.created, description: "O pagamento com cartão está em análise." });
}
