/**
 * `npm run payments:confirm -- <paymentId>`: confirms a local-gateway PIX payment once the operator
 * has seen the money arrive in the bank account (the local gateway has no way to learn it).
 *
 * It goes through our own webhook, exactly like an Asaas confirmation: POST /api/payments/webhook
 * with the `asaas-access-token` header — the ASAAS_WEBHOOK_TOKEN, or the token the server generated
 * into DATA_DIR/webhook-token when it is unset — and a PAYMENT_RECEIVED event for the payment. The
 * server must be running. The event id is fixed per payment, so running the command twice changes
 * nothing the second time.
 *
 * Reads .env like `npm start`, so it finds the same DATA_DIR and token as the server. The server is
 * looked for, in order, at: the address it wrote into DATA_DIR/server.json (when that process is
 * alive), so one started with its own PORT or by systemd is found; APP_URL; then PORT (or 3000) on
 * this machine. The next address is tried only when one does not answer at all.
 */
import { existsSync } from "node:fs";

if (existsSync(".env")) process.loadEnvFile(".env");

const { getEnv } = await import("../app/env.server");
const { localConfirmationEvent, webhookToken } = await import("../app/models/payment/gateway.server");
const { readRunningServer, serverFile } = await import("../server/running-server.mjs");

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

const WEBHOOK_PATH = "/api/payments/webhook";

/** The webhook on this machine for a server listening on `host` ("0.0.0.0" means every address: ask loopback). */
function localWebhook(host: string, port: number) {
  const address = ["0.0.0.0", "::", ""].includes(host) ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
  return `http://${address}:${port}${WEBHOOK_PATH}`;
}

// Where to look, best first, each with where the address came from (said when nothing answers).
const candidates: { url: string; from: string }[] = [];
const running = readRunningServer(env.DATA_DIR);
if (running) candidates.push({ url: localWebhook(running.host, running.port), from: `${serverFile(env.DATA_DIR)}, servidor pid ${running.pid}` });
if (env.APP_URL) candidates.push({ url: new URL(WEBHOOK_PATH, env.APP_URL).href, from: "APP_URL" });
candidates.push({ url: localWebhook(env.HOST, env.PORT), from: process.env.PORT ? `PORT=${env.PORT}` : `porta padrão ${env.PORT}, PORT não definido` });

const body = JSON.stringify(localConfirmationEvent(paymentId));
const failures: string[] = [];
const tried = new Set<string>();
let response: Response | undefined;
for (const { url, from } of candidates) {
  if (tried.has(url)) continue;
  tried.add(url);
  try {
    response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "asaas-access-token": webhookToken() },
      body,
      // A public address behind a firewall may swallow the connection instead of refusing it.
      signal: AbortSignal.timeout(15_000),
    });
    break;
  } catch (error) {
    const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
    failures.push(`${url} (${from}): ${cause}`);
  }
}
if (!response) {
  console.error(
    [
      "Não foi possível falar com o servidor: nenhum servidor respondeu em",
      ...failures.map((line) => `  ${line}`),
      `Ele está rodando? Inicie-o com 'npm start' (com o mesmo DATA_DIR, ${env.DATA_DIR}), ou informe o endereço dele com APP_URL ou PORT (no ambiente ou no .env).`,
    ].join("\n"),
  );
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
