/**
 * The same payment flows with PAYMENT_GATEWAY=asaas, against the local fake Asaas
 * (tests/support/fake-asaas.ts) through the production variables: the charge is created at "Asaas"
 * with our payment id as externalReference, its QR read from it, webhooks and 'Já paguei — verificar'
 * confirm it, a method switch deletes the old charge, and slow or broken Asaas answers become the
 * spec's messages.
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { FAKE_ASAAS_PIX_KEY, startFakeAsaasGateway, type FakeAsaas } from "../support/fake-asaas";
import { callRoute } from "../support/route";

const WEBHOOK_TOKEN = `asaas-webhook-${randomBytes(12).toString("hex")}`;

let fake: FakeAsaas;
// Loaded after the environment names the fake (getEnv() reads it once per test file).
let createPayment: typeof import("~/routes/api.payments.create").action;
let pixQrCode: typeof import("~/routes/api.payments.$id.pix-qrcode").loader;
let webhook: typeof import("~/routes/api.payments.webhook").action;
let pageAction: typeof import("~/routes/payment.$id").action;
let pageLoader: typeof import("~/routes/payment.$id").loader;
let parseBrCode: typeof import("~/services/payments/brcode").parseBrCode;
let support: typeof import("../support/payments");

beforeAll(async () => {
  fake = await startFakeAsaasGateway({ webhookToken: WEBHOOK_TOKEN });
  createPayment = (await import("~/routes/api.payments.create")).action;
  pixQrCode = (await import("~/routes/api.payments.$id.pix-qrcode")).loader;
  webhook = (await import("~/routes/api.payments.webhook")).action;
  ({ action: pageAction, loader: pageLoader } = await import("~/routes/payment.$id"));
  parseBrCode = (await import("~/services/payments/brcode")).parseBrCode;
  support = await import("../support/payments");
});

afterEach(() => fake.setBehavior({ delayMs: 0, failStatus: null, failPath: null }));
afterAll(async () => {
  await (await import("~/models/payment/confirmation.server")).settleReceipts();
  await fake?.close();
});

type Created = { payment: { id: number; status: string }; asaasPayment: { status: string; value: number }; redirectTo: string | null };

async function create(user: { token: string }, body: Record<string, unknown>) {
  return callRoute(createPayment, "/api/payments/create", support.jsonPost(body, { Authorization: `Bearer ${user.token}` }));
}

const holderInfo = { phone: "(34) 99999-0000", postalCode: "38700-000", addressNumber: "100" };

function chargeAtAsaas(ourId: number) {
  return [...fake.state.payments.values()].find((p) => p.externalReference === String(ourId));
}

function deliver(body: unknown, token = WEBHOOK_TOKEN) {
  return callRoute(webhook, "/api/payments/webhook", {
    init: { method: "POST", headers: { "Content-Type": "application/json", "asaas-access-token": token }, body: JSON.stringify(body) },
  });
}

/** What Asaas's webhook would send for the charge now (after `setPaymentStatus`). */
function asaasEvent(chargeId: string, event: string) {
  return { id: `evt_${randomBytes(8).toString("hex")}`, event, dateCreated: "2026-06-15 12:00:00", payment: fake.state.payments.get(chargeId) };
}

describe("PIX through Asaas", () => {
  it("creates the charge at Asaas (customer by CPF, externalReference, value) and shows Asaas's QR", async () => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id, { days: 4 });
    const response = await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: support.customerInfo });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Created;
    expect(body.asaasPayment).toEqual({ status: "PENDING", value: 10 });

    const charge = chargeAtAsaas(body.payment.id)!;
    expect(charge).toMatchObject({ billingType: "PIX", value: 10, status: "PENDING" });
    expect(fake.state.customers.get(charge.customer)).toMatchObject({ cpfCnpj: "52998224725", name: "Maria da Silva" });
    const row = support.paymentOf(body.payment.id);
    expect(row).toMatchObject({ asaasPaymentId: charge.id, asaasCustomerId: charge.customer, asaasStatus: "PENDING" });
    expect(parseBrCode(row.pixQrCode!).merchantAccount.pixKey).toBe(FAKE_ASAAS_PIX_KEY);

    const qr = await callRoute(pixQrCode, `/api/payments/${row.id}/pix-qrcode`, {
      params: { id: String(row.id) },
      init: { headers: { Authorization: `Bearer ${user.token}` } },
    });
    expect(await qr.json()).toMatchObject({ qrCodePayload: row.pixQrCode, qrCodeImage: expect.stringMatching(/^data:image\/png;base64,/) });

    // Again: the same charge, no second one at Asaas.
    const again = (await (await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: support.customerInfo })).json()) as Created;
    expect(again.payment.id).toBe(body.payment.id);
    expect([...fake.state.payments.values()].filter((p) => p.customer === charge.customer && !p.deleted)).toHaveLength(1);
  });

  it("is confirmed by Asaas's webhook (token checked) and not twice", async () => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id);
    const { payment } = (await (await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: support.customerInfo })).json()) as Created;
    const charge = chargeAtAsaas(payment.id)!;
    fake.setPaymentStatus(charge.id, "RECEIVED");
    const event = asaasEvent(charge.id, "PAYMENT_RECEIVED");
    expect((await deliver(event, "not-the-token")).status).toBe(401);
    expect(support.adOf(ad.id).status).toBe("pending_payment");
    expect(await (await deliver(event)).json()).toMatchObject({ outcome: "applied", payment: { status: "received", adStatus: "active" } });
    expect(await (await deliver(event)).json()).toMatchObject({ outcome: "duplicate" });
    expect(support.adOf(ad.id).status).toBe("active");
  });

  it("'Já paguei — verificar' asks Asaas when the webhook has not arrived", async () => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id);
    const post = (fields: Record<string, string>) =>
      callRoute(pageAction, `/payment/${ad.id}`, { params: { id: String(ad.id) }, ...support.formPost(fields, support.withCookie(user)) });
    const pay = await post({ intent: "pay", paymentMethod: "PIX", name: "Maria", email: user.email, cpfCnpj: "52998224725" });
    expect(pay.status).toBe(302);
    const [row] = support.paymentsOfAd(ad.id);
    fake.setPaymentStatus(row!.asaasPaymentId!, "CONFIRMED");
    expect(support.adOf(ad.id).status).toBe("pending_payment");
    await post({ intent: "check", paymentId: String(row!.id) });
    expect(support.paymentOf(row!.id)).toMatchObject({ status: "confirmed", asaasStatus: "CONFIRMED" });
    expect(support.adOf(ad.id).status).toBe("active");
    // Only with the local gateway, and never in production, is there a 'Simular pagamento'.
    const page = await callRoute(pageLoader, `/payment/${ad.id}`, { params: { id: String(ad.id) }, init: { headers: support.withCookie(user) } });
    expect(await page.json()).toMatchObject({ canSimulate: false, requireAddress: true });
    const simulate = await post({ intent: "simulate", paymentId: String(row!.id) });
    expect(simulate.status).toBe(404);
  });

  it("answers Asaas's slowness and failures with the spec's messages, and the ad keeps waiting", async () => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id);
    fake.setBehavior({ delayMs: 5000 });
    const slow = await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: support.customerInfo });
    expect(slow.status).toBe(504);
    expect(await slow.json()).toEqual({ message: "O serviço de pagamento demorou a responder. Tente novamente em instantes." });
    fake.setBehavior({ delayMs: 0, failStatus: 500 });
    const broken = await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: support.customerInfo });
    expect(broken.status).toBe(502);
    expect(await broken.json()).toEqual({ message: "Erro ao processar pagamento. Tente novamente." });
    expect(support.adOf(ad.id).status).toBe("pending_payment");
    // Asaas may have made a charge before failing: the attempt is "unknown", and the retry goes on under the same payment.
    expect(support.paymentsOfAd(ad.id).map((p) => [p.status, p.asaasStatus])).toEqual([["pending", "UNKNOWN"]]);
    fake.setBehavior({ failStatus: null });
    expect((await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: support.customerInfo })).status).toBe(201);
    // Asaas had made none: the same payment now has its one live charge.
    expect(support.paymentsOfAd(ad.id).map((p) => [p.status, p.asaasStatus])).toEqual([["pending", "PENDING"]]);
  });
});

describe("cards through Asaas", () => {
  it("needs the holder's CEP, address number and phone", async () => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id);
    const response = await create(user, { adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo: { ...support.customerInfo, phone: "" }, creditCard: support.goodCard });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("Dados do cartão: Por favor, preencha todos os dados do cartão");
  });

  it("switching from PIX to a card deletes the PIX charge at Asaas, then the card is approved at once", async () => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id);
    const pix = (await (await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: support.customerInfo })).json()) as Created;
    const response = await create(user, {
      adId: ad.id,
      paymentMethod: "CREDIT_CARD",
      customerInfo: support.customerInfo,
      creditCard: support.goodCard,
      creditCardHolderInfo: { ...support.customerInfo, ...holderInfo },
    });
    expect(response.status).toBe(201);
    const card = (await response.json()) as Created;
    expect(card).toMatchObject({ redirectTo: "/dashboard", asaasPayment: { status: "CONFIRMED" } });
    expect(chargeAtAsaas(pix.payment.id)!.deleted).toBe(true);
    expect(support.paymentOf(pix.payment.id)).toMatchObject({ status: "failed", asaasStatus: "CANCELLED" });
    expect(chargeAtAsaas(card.payment.id)).toMatchObject({ billingType: "CREDIT_CARD", creditCard: { creditCardNumber: "1111" } });
    expect(support.paymentOf(card.payment.id).metadata).toMatchObject({ cardBrand: "visa", cardLast4: "1111" });
    expect(support.adOf(ad.id).status).toBe("active");
  });

  it("a card Asaas refuses is 'Erro no pagamento' with Asaas's reason", async () => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id);
    const response = await create(user, {
      adId: ad.id,
      paymentMethod: "CREDIT_CARD",
      customerInfo: { ...support.customerInfo, ...holderInfo },
      creditCard: { ...support.goodCard, number: "5184019740373151" },
    });
    expect(response.status).toBe(402);
    expect(((await response.json()) as { message: string }).message).toBe(
      "Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.",
    );
    expect(support.adOf(ad.id).status).toBe("pending_payment");
  });
});
