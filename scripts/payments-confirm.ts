/**
 * `npm run payments:confirm -- <paymentId>`: confirms a local-gateway PIX payment once the operator
 * has seen the money arrive in the bank account (the local gateway has no way to learn it).
 *
 * It goes through our own webhook, exactly like an Asaas confirmation: POST
 * http://127.0.0.1:$PORT/api/payments/webhook with the `asaas-access-token` header — the
 * ASAAS_WEBHOOK_TOKEN, or the token the server generated into DATA_DIR/webhook-token when it is
 * unset — and a PAYMENT_RECEIVED event for the payment. The server must be running. The event id is
 * fixed per payment, so running the command twice changes nothing the second time.
 *
 * Reads .env like `npm start`, so it finds the same PORT, DATA_DIR and token as the server.
 */
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const { getEnv } = await import("../app/env.server");
const { localConfirmationEvent, webhookToken } = await import("../app/models/payment/gateway.server");

const arg = process.argv[2] ?? "";
if (!/^[1-9]\d{0,15}$/.test(arg)) {
  console.error("Uso: npm run payments:confirm -- <id do pagamento>   (o número mostrado como 'Pagamento nº' na página de pagamento)");
  process.exit(1);
}
const paymentId = Number(arg);
const env = getEnv();
if (env.PAYMENT_GATEWAY !== "local") {
  console.error("PAYMENT_GATEWAY=asaas: quem confirma os pagamentos é o webhook do Asaas (no sandbox, use 'Confirmar pagamento' na cobrança).");
  process.exit(1);
}

const host = ["0.0.0.0", "::", ""].includes(env.HOST) ? "127.0.0.1" : env.HOST.includes(":") ? `[${env.HOST}]` : env.HOST;
const url = `http://${host}:${env.PORT}/api/payments/webhook`;
let response: Response;
try {
  response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", "asaas-access-token": webhookToken() },
    body: JSON.stringify(localConfirmationEvent(paymentId)),
  });
} catch (error) {
  console.error(`Não foi possível falar com o servidor em ${url} (${error instanceof Error ? error.message : String(error)}). Ele está rodando?`);
  process.exit(1);
}

type Answer = { outcome?: string; payment?: { status: string; changed: boolean; adStatus: string | null } };
const answer = (await response.json().catch(() => ({}))) as Answer;
if (!response.ok) {
  console.error(`O servidor recusou a confirmação (${response.status}): ${JSON.stringify(answer)}`);
  process.exit(1);
}
if (answer.outcome === "unknown_payment") {
  console.error(`Pagamento ${paymentId} não encontrado (ou não é um PIX do gateway local).`);
  process.exit(1);
}
if (answer.outcome === "duplicate") {
  console.log(`Pagamento ${paymentId} já tinha sido confirmado por este comando: nada mudou.`);
} else if (answer.payment?.changed) {
  const ad = answer.payment.adStatus === "pending" ? "o anúncio foi para a fila de moderação" : answer.payment.adStatus === "active" ? "o anúncio está ativo" : "o anúncio não mudou";
  console.log(`Pagamento ${paymentId} confirmado (${answer.payment.status}); ${ad}.`);
} else {
  console.log(`Pagamento ${paymentId}: nada mudou (situação atual: ${answer.payment?.status ?? "desconhecida"}).`);
}
