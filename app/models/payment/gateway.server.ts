/**
 * Which payment gateway this server talks to (PAYMENT_GATEWAY: local by default, asaas with keys),
 * and the token that authenticates calls to our webhook.
 *
 * The webhook token is ASAAS_WEBHOOK_TOKEN when set (required with Asaas: it is the token
 * configured in Asaas's webhook settings). With the local gateway and no token set, one is
 * generated into DATA_DIR/webhook-token on first use — like the session secret — so the operator
 * command `npm run payments:confirm` (which reads the same file) and every server worker agree on
 * it, and nobody without access to the data folder can confirm a payment.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getEnv } from "~/env.server";
import { createAsaasGateway } from "~/services/payments/asaas.server";
import type { PaymentGateway } from "~/services/payments/gateway";
import { createLocalGateway } from "~/services/payments/local-gateway.server";
import { createSqliteThrottle } from "~/models/payment/gateway-throttle.server";
import type { PixConfirmation } from "~/models/payment/pix-confirmation";

let gateway: PaymentGateway | undefined;

export function paymentGateway(): PaymentGateway {
  if (gateway) return gateway;
  const env = getEnv();
  gateway =
    env.PAYMENT_GATEWAY === "asaas"
      ? createAsaasGateway({
          apiKey: env.ASAAS_API_KEY ?? "",
          baseUrl: env.ASAAS_BASE_URL,
          timeoutMs: env.ASAAS_TIMEOUT_MS,
          // Asaas's limits are per account: every worker process counts in the same SQLite row.
          throttle: createSqliteThrottle(),
        })
      : createLocalGateway({ pixKey: env.PIX_KEY, merchantName: env.PIX_MERCHANT_NAME, merchantCity: env.PIX_MERCHANT_CITY });
  return gateway;
}

/** Asaas needs the card holder's CEP, address number and phone; the local gateway does not. */
export function gatewayNeedsHolderAddress(): boolean {
  return getEnv().PAYMENT_GATEWAY === "asaas";
}

export function isLocalGateway(): boolean {
  return getEnv().PAYMENT_GATEWAY === "local";
}

/** How a paid PIX gets confirmed here: by Asaas's webhook, or by the operator's `payments:confirm` (local). */
export function pixConfirmation(): PixConfirmation {
  return isLocalGateway() ? "manual" : "automatic";
}

/**
 * Whether this site takes cards. Asaas charges real cards; the local gateway approves any well-formed
 * number with no money behind it, so it takes cards only with test cards on (outside production, or
 * PAYMENT_TEST_CARDS=true for a demo): a default production site takes PIX only.
 */
export function cardPaymentsEnabled(): boolean {
  const env = getEnv();
  return env.PAYMENT_GATEWAY === "asaas" || env.paymentTestCards;
}

/** The development-only 'Simular pagamento' button: local gateway, NODE_ENV not production. */
export function canSimulatePayments(): boolean {
  return isLocalGateway() && !getEnv().isProduction;
}

export const WEBHOOK_TOKEN_FILE = "webhook-token";

let token: string | undefined;

/** The token the webhook expects; generated into DATA_DIR when unset (local gateway only). */
export function webhookToken(): string {
  if (token) return token;
  const env = getEnv();
  if (env.ASAAS_WEBHOOK_TOKEN) return (token = env.ASAAS_WEBHOOK_TOKEN);
  const file = path.join(env.DATA_DIR, WEBHOOK_TOKEN_FILE);
  if (!fs.existsSync(file)) {
    // Written aside, then linked into place: of several workers starting at once exactly one link
    // succeeds, and nobody ever reads a half-written file.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    fs.writeFileSync(draft, randomBytes(32).toString("hex"), { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
      console.warn(`[payments] ASAAS_WEBHOOK_TOKEN is not set: generated a webhook token in ${file}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  const stored = fs.readFileSync(file, "utf8").trim();
  if (stored.length < 32) throw new Error(`${file} holds no usable webhook token: delete it to have a new one generated`);
  return (token = stored);
}

/**
 * The webhook body the local confirmation sends for our payment `paymentId` (operator command and
 * 'Simular pagamento'): Asaas's shape, a PAYMENT_RECEIVED for the local gateway's charge id. Its
 * event id is fixed per payment, so confirming twice is a replay that changes nothing.
 */
export function localConfirmationEvent(paymentId: number) {
  return {
    id: `local-confirm-${paymentId}`,
    event: "PAYMENT_RECEIVED",
    dateCreated: new Date().toISOString(),
    payment: {
      object: "payment",
      id: `local-pix-${paymentId}`,
      billingType: "PIX",
      status: "RECEIVED",
      externalReference: String(paymentId),
    },
  };
}
