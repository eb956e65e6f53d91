/**
 * POST /api/payments/webhook — Asaas's payment events (and our local confirmation, which sends the
 * same shape). Authenticated by the `asaas-access-token` header, compared in constant time with
 * ASAAS_WEBHOOK_TOKEN (or the token generated into DATA_DIR for the local gateway): 401 otherwise.
 * Every authenticated delivery answers 200 once stored — replays, unknown payments and events we
 * do not act on included — so Asaas does not retry what no retry can change (its queue stops after
 * repeated failures).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { webhookToken } from "~/models/payment/gateway.server";
import { receiveGatewayEvent } from "~/models/payment/webhook.server";
import { countWebhook } from "~/services/metrics-registry.server";
import { isValidWebhookToken, parseAsaasWebhook } from "~/services/payments/asaas-webhook.server";
import { jsonError, methodNotAllowed, NO_STORE, readJsonObject } from "~/web/http.server";

export async function loader() {
  return methodNotAllowed("POST");
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  if (!isValidWebhookToken(request.headers.get("asaas-access-token"), webhookToken())) {
    countWebhook("unauthorized");
    return jsonError(401, "Unauthorized");
  }
  const body = await readJsonObject(request);
  const event = parseAsaasWebhook(body);
  if (!event) {
    countWebhook("ignored");
    return Response.json({ received: true, outcome: "ignored" }, { headers: NO_STORE });
  }
  const outcome = receiveGatewayEvent(event, body);
  countWebhook(outcome.kind);
  const payment = outcome.kind === "applied" ? { id: outcome.paymentId, status: outcome.status, changed: outcome.changed, adStatus: outcome.adStatus } : undefined;
  return Response.json({ received: true, outcome: outcome.kind, payment }, { headers: NO_STORE });
}
