/**
 * Both payment gateways behind the same interface: the local one (real BR Codes, test cards) and
 * the Asaas client against the local fake Asaas (tests/support/fake-asaas.ts). Timeouts that still
 * created a charge, rate limits, the shared throttle and odd answers: payment-gateway-limits.test.ts.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseBrCode } from "~/services/payments/brcode";
import { createAsaasGateway } from "~/services/payments/asaas.server";
import { isValidWebhookToken, parseAsaasWebhook } from "~/services/payments/asaas-webhook.server";
import type { CardChargeInput, PaymentGateway, PixChargeInput } from "~/services/payments/gateway";
import { DEMO_PIX_KEY, createLocalGateway } from "~/services/payments/local-gateway.server";
import { createMemoryThrottle } from "~/services/payments/throttle";
import { freePort } from "../support/free-port";
import { FAKE_ASAAS_PIX_KEY, startFakeAsaas, type FakeAsaas } from "../support/fake-asaas";
import { expectGatewayError } from "../support/gateway-error";

const NOW = new Date("2026-06-15T15:00:00Z");
const customer = { name: "Maria da Silva", email: "maria@example.com", cpfCnpj: "529.982.247-25", phone: "(34) 99999-0000" };
const holder = { ...customer, postalCode: "38700-000", addressNumber: "100" };
const goodCard = { holderName: "MARIA DA SILVA", number: "4111 1111 1111 1111", expiryMonth: "12", expiryYear: "2030", ccv: "123" };

function pixInput(paymentId: number, amountCents = 750): PixChargeInput {
  return { paymentId, amountCents, description: `Anúncio ${paymentId} - 5 dias`, customer, dueDate: "2026-06-16" };
}

function cardInput(paymentId: number, number = goodCard.number): CardChargeInput {
  return { paymentId, amountCents: 1000, description: `Anúncio ${paymentId}`, customer, card: { ...goodCard, number }, holder, remoteIp: "203.0.113.7" };
}

function pngBytes(dataUrl: string | null): Buffer {
  expect(dataUrl).toMatch(/^data:image\/png;base64,/);
  return Buffer.from((dataUrl ?? "").split(",")[1] ?? "", "base64");
}

describe("local gateway", () => {
  const gateway = createLocalGateway({ now: () => NOW });

  it("makes a real BR Code for the demo key, with amount, txid and single-use flag", async () => {
    const charge = await gateway.createPixCharge(pixInput(42));
    expect(charge).toMatchObject({ gatewayPaymentId: "local-pix-42", status: "PENDING", gatewayCustomerId: null, expiresAt: null });
    const parsed = parseBrCode(charge.pixPayload ?? "");
    expect(parsed).toMatchObject({
      pointOfInitiationMethod: "12",
      merchantAccount: { gui: "br.gov.bcb.pix", pixKey: DEMO_PIX_KEY, description: "Anuncio 42 - 5 dias" },
      amount: "7.50",
      merchantName: "CLASSIFICADOS PATOS",
      merchantCity: "PATOS DE MINAS",
      txid: "CLASSPATOS000000000000042",
    });
    // Pinned: the code quoted, field by field, in the payments hand-over note.
    expect(charge.pixPayload).toBe(
      "00020101021226810014br.gov.bcb.pix013637503afd-e7e6-4191-9990-12df7b21d4880219Anuncio 42 - 5 dias" +
        "52040000530398654047.505802BR5919CLASSIFICADOS PATOS6014PATOS DE MINAS62290525CLASSPATOS00000000000004263045470",
    );
    expect(pngBytes(charge.pixQrCodeImage).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  });

  it("uses the operator's key, name and city", async () => {
    const own = createLocalGateway({ pixKey: "+5534999990000", merchantName: "Loja São José", merchantCity: "Patos de Minas" });
    const parsed = parseBrCode((await own.createPixCharge(pixInput(7))).pixPayload ?? "");
    expect(parsed.merchantAccount.pixKey).toBe("+5534999990000");
    expect(parsed.merchantName).toBe("Loja Sao Jose");
  });

  it("reports a bad PIX key as a gateway configuration error (502)", async () => {
    const broken = createLocalGateway({ pixKey: "chave com espaço" });
    const error = await expectGatewayError(broken.createPixCharge(pixInput(1)));
    expect(error.status).toBe(502);
    expect(error.userMessage).toBe("Erro ao processar pagamento. Tente novamente.");
  });

  it("keeps no state: status, QR and earlier charges come from our database", async () => {
    expect(await gateway.getStatus("local-pix-42")).toBeNull();
    expect(await gateway.getPixQrCode("local-pix-42")).toBeNull();
    expect(await gateway.findCharges([42, 43])).toBeNull();
    expect(await gateway.cancelCharge("local-pix-42")).toBeNull();
  });

  it("records a refund: no money moved through it", async () => {
    expect(await gateway.refundCharge("local-card-5")).toEqual({ status: "REFUNDED", gatewayStatus: "REFUNDED" });
  });

  it("approves a valid card at once and returns only brand and last four", async () => {
    const charge = await gateway.createCardCharge(cardInput(5));
    expect(charge).toEqual({
      status: "CONFIRMED",
      gatewayPaymentId: "local-card-5",
      gatewayCustomerId: null,
      gatewayStatus: "CONFIRMED",
      cardBrand: "visa",
      cardLast4: "1111",
    });
  });

  it("declines the documented test cards with a pt-BR message", async () => {
    const declined = await gateway.createCardCharge(cardInput(6, "4000 0000 0000 0002"));
    expect(declined).toMatchObject({ status: "DECLINED", gatewayPaymentId: null, cardLast4: "0002" });
    const noFunds = await gateway.createCardCharge(cardInput(6, "4000000000009995"));
    expect(noFunds.status === "DECLINED" && noFunds.declineMessage).toMatch(/saldo ou limite insuficiente/);
  });

  it("refuses an invalid number or an expired card with a 400 and the reason", async () => {
    const badNumber = await expectGatewayError(gateway.createCardCharge(cardInput(8, "4111 1111 1111 1112")));
    expect([badNumber.status, badNumber.userMessage]).toEqual([400, "Número do cartão inválido."]);
    const expired = await expectGatewayError(
      gateway.createCardCharge({ ...cardInput(8), card: { ...goodCard, expiryMonth: "05", expiryYear: "2026" } }),
    );
    expect(expired.userMessage).toBe("Cartão vencido.");
  });
});

describe("Asaas gateway against the fake Asaas", () => {
  let fake: FakeAsaas;
  let asaas: PaymentGateway;

  beforeAll(async () => {
    fake = await startFakeAsaas();
    // This file makes more reads a minute than production's budget allows; budgets are tested below.
    asaas = createAsaasGateway({ apiKey: fake.apiKey, baseUrl: fake.url, now: () => NOW, throttle: createMemoryThrottle({ readsPerMinute: 10_000 }) });
  });
  afterAll(() => fake?.close());
  afterEach(() => {
    fake.resetBehavior();
    vi.restoreAllMocks();
  });

  const count = (method: string, path: string) => fake.state.requests.filter((r) => r.method === method && r.path === path).length;

  it("creates the customer and a PIX charge and reads its QR code", async () => {
    const charge = await asaas.createPixCharge(pixInput(100, 1250));
    expect(charge.status).toBe("PENDING");
    expect(charge.gatewayStatus).toBe("PENDING");
    expect(charge.gatewayPaymentId).toMatch(/^pay_/);
    expect(charge.gatewayCustomerId).toMatch(/^cus_/);
    const parsed = parseBrCode(charge.pixPayload ?? "");
    expect(parsed.merchantAccount.pixKey).toBe(FAKE_ASAAS_PIX_KEY);
    expect(parsed.amountCents).toBe(1250);
    expect(pngBytes(charge.pixQrCodeImage).length).toBeGreaterThan(100);
    // 12 months after the due date, 23:59:59 in São Paulo (02:59:59Z the next day).
    expect(charge.expiresAt?.toISOString()).toBe("2027-06-17T02:59:59.000Z");

    const stored = fake.state.payments.get(charge.gatewayPaymentId);
    expect(stored).toMatchObject({ billingType: "PIX", value: 12.5, dueDate: "2026-06-16", externalReference: "100" });
    const storedCustomer = fake.state.customers.get(charge.gatewayCustomerId ?? "");
    expect(storedCustomer).toMatchObject({ cpfCnpj: "52998224725", email: customer.email, mobilePhone: "34999990000", notificationDisabled: true });
    expect(fake.state.requests.every((r) => r.userAgent === "classificados-patos")).toBe(true);
  });

  it("reuses the customer found by CPF/CNPJ", async () => {
    const before = count("POST", "/v3/customers");
    const first = await asaas.createPixCharge(pixInput(101));
    const second = await asaas.createPixCharge(pixInput(102));
    expect(second.gatewayCustomerId).toBe(first.gatewayCustomerId);
    expect(count("POST", "/v3/customers")).toBe(before);
    expect(fake.state.customers.size).toBe(1);
  });

  it("creates a charge every time it is asked: finding earlier ones is the payment model's job", async () => {
    const first = await asaas.createPixCharge(pixInput(103));
    const again = await asaas.createPixCharge(pixInput(103));
    expect(again.gatewayPaymentId).not.toBe(first.gatewayPaymentId);
    const found = await asaas.findCharges([103]);
    expect(found?.map((c) => c.gatewayPaymentId).sort()).toEqual([first.gatewayPaymentId, again.gatewayPaymentId].sort());
    expect(found?.[0]).toMatchObject({ paymentId: 103, method: "PIX", amountCents: 750, status: "PENDING", gatewayStatus: "PENDING" });
  });

  it("follows the status Asaas reports", async () => {
    const charge = await asaas.createPixCharge(pixInput(104));
    expect(await asaas.getStatus(charge.gatewayPaymentId)).toEqual({ status: "PENDING", gatewayStatus: "PENDING" });
    fake.setPaymentStatus(charge.gatewayPaymentId, "RECEIVED");
    expect(await asaas.getStatus(charge.gatewayPaymentId)).toEqual({ status: "RECEIVED", gatewayStatus: "RECEIVED" });
    fake.setPaymentStatus(charge.gatewayPaymentId, "REFUND_REQUESTED");
    expect((await asaas.getStatus(charge.gatewayPaymentId))?.status).toBe("REFUNDED");
  });

  it("withdraws an unpaid charge, twice without harm, and Asaas still shows it as removed", async () => {
    const charge = await asaas.createPixCharge(pixInput(106));
    expect(await asaas.cancelCharge(charge.gatewayPaymentId)).toBeNull();
    expect(fake.state.payments.get(charge.gatewayPaymentId)?.deleted).toBe(true);
    expect(await asaas.cancelCharge(charge.gatewayPaymentId)).toBeNull();
    expect(fake.state.requests.at(-1)).toMatchObject({ method: "DELETE", status: 404 });
    expect(await asaas.findCharges([106])).toEqual([]);
    expect(await asaas.getStatus(charge.gatewayPaymentId)).toEqual({ status: "PENDING", gatewayStatus: "PENDING" });
  });

  it("answers the status of a charge paid before it could be withdrawn, so the caller confirms it", async () => {
    const card = await asaas.createCardCharge(cardInput(107));
    expect(await asaas.cancelCharge(card.gatewayPaymentId ?? "")).toEqual({ status: "CONFIRMED", gatewayStatus: "CONFIRMED" });
    const pix = await asaas.createPixCharge(pixInput(108));
    fake.setPaymentStatus(pix.gatewayPaymentId, "RECEIVED");
    expect(await asaas.cancelCharge(pix.gatewayPaymentId)).toEqual({ status: "RECEIVED", gatewayStatus: "RECEIVED" });
    expect(fake.state.payments.get(pix.gatewayPaymentId)?.deleted).toBe(false);
  });

  it("refunds a paid charge in full; an unpaid one is refused with Asaas's message", async () => {
    const card = await asaas.createCardCharge(cardInput(109));
    expect(await asaas.refundCharge(card.gatewayPaymentId ?? "")).toEqual({ status: "REFUNDED", gatewayStatus: "REFUNDED" });
    expect(fake.state.payments.get(card.gatewayPaymentId ?? "")?.status).toBe("REFUNDED");
    const pix = await asaas.createPixCharge(pixInput(110));
    const refused = await expectGatewayError(asaas.refundCharge(pix.gatewayPaymentId));
    expect([refused.code, refused.status, refused.userMessage]).toEqual(["invalid_request", 400, "Só é possível estornar cobranças confirmadas ou recebidas."]);
  });

  it("still returns the charge when its QR code cannot be read, and reads it later", async () => {
    fake.setBehavior({ failStatus: 500, failPath: "pixQrCode" });
    const charge = await asaas.createPixCharge(pixInput(105));
    expect(charge.gatewayPaymentId).toMatch(/^pay_/);
    expect(charge.pixPayload).toBeNull();
    fake.setBehavior({ failStatus: null, failPath: null });
    const qr = await asaas.getPixQrCode(charge.gatewayPaymentId);
    expect(parseBrCode(qr?.pixPayload ?? "").amountCents).toBe(750);
  });

  it("approves a card at once, keeping only brand and last four", async () => {
    const charge = await asaas.createCardCharge(cardInput(200));
    expect(charge).toMatchObject({ status: "CONFIRMED", gatewayStatus: "CONFIRMED", cardBrand: "visa", cardLast4: "1111" });
    const stored = fake.state.payments.get(charge.gatewayPaymentId ?? "");
    expect(stored).toMatchObject({ billingType: "CREDIT_CARD", value: 10, dueDate: "2026-06-15", externalReference: "200" });
    expect(JSON.stringify([...fake.state.payments.values()])).not.toContain("4111111111111111");
  });

  it("finds a card charge already paid, so the payment model never charges it twice", async () => {
    const first = await asaas.createCardCharge(cardInput(201));
    expect(await asaas.findCharges([201])).toEqual([
      {
        gatewayPaymentId: first.gatewayPaymentId,
        paymentId: 201,
        method: "CREDIT_CARD",
        amountCents: 1000,
        status: "CONFIRMED",
        gatewayStatus: "CONFIRMED",
        gatewayCustomerId: first.gatewayCustomerId,
      },
    ]);
  });

  it("turns Asaas's card refusal into a DECLINED result with its message", async () => {
    const before = fake.state.payments.size;
    const charge = await asaas.createCardCharge(cardInput(202, "5184 0197 4037 3151"));
    expect(charge).toMatchObject({ status: "DECLINED", gatewayPaymentId: null, cardBrand: "mastercard", cardLast4: "3151" });
    expect(charge.status === "DECLINED" && charge.declineMessage).toMatch(/^Transação não autorizada/);
    expect(fake.state.payments.size).toBe(before);
  });

  it("passes Asaas's validation message on as a 400", async () => {
    const error = await expectGatewayError(
      asaas.createCardCharge({ ...cardInput(203), holder: { ...holder, postalCode: null } }),
    );
    expect(error.status).toBe(400);
    expect(error.userMessage).toBe("Informe o CEP do titular do cartão.");
    const badCpf = await expectGatewayError(asaas.createPixCharge({ ...pixInput(204), customer: { ...customer, cpfCnpj: "11111111111" } }));
    expect(badCpf.userMessage).toBe("O CPF/CNPJ informado é inválido.");
  });

  it("gives up after the timeout with a 504", async () => {
    fake.setBehavior({ delayMs: 3000 });
    const quick = createAsaasGateway({ apiKey: fake.apiKey, baseUrl: fake.url, timeoutMs: 150 });
    const started = Date.now();
    const error = await expectGatewayError(quick.getStatus("pay_000000000001"));
    expect(Date.now() - started).toBeLessThan(2500);
    expect([error.code, error.status]).toEqual(["timeout", 504]);
    expect(error.userMessage).toMatch(/demorou a responder/);
  });

  it("reports a wrong API key as a 502 without blaming the payer", async () => {
    const wrongKey = createAsaasGateway({ apiKey: "$aact_wrong", baseUrl: fake.url });
    const error = await expectGatewayError(wrongKey.createPixCharge(pixInput(300)));
    expect([error.code, error.status]).toEqual(["unavailable", 502]);
    expect(error.message).toMatch(/credentials \(401\)/);
    expect(error.userMessage).toBe("Erro ao processar pagamento. Tente novamente.");
  });

  it("reports an Asaas 500 as a 502", async () => {
    fake.setBehavior({ failStatus: 500 });
    const error = await expectGatewayError(asaas.createCardCharge(cardInput(301)));
    expect([error.code, error.status]).toEqual(["unavailable", 502]);
    expect(error.message).not.toContain("4111");
  });

  it("reports an unreachable Asaas as a 502", async () => {
    const nowhere = createAsaasGateway({ apiKey: "k", baseUrl: `http://127.0.0.1:${await freePort()}` });
    const error = await expectGatewayError(nowhere.getStatus("pay_1"));
    expect([error.code, error.status]).toEqual(["unavailable", 502]);
  });

  it("sends webhooks the way Asaas does", async () => {
    const received: { token: string | undefined; body: unknown }[] = [];
    const receiver = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push({ token: req.headers["asaas-access-token"] as string | undefined, body: JSON.parse(body) });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/webhook`;
    try {
      const charge = await asaas.createPixCharge(pixInput(400));
      const sent = await fake.sendWebhook({ url, token: "webhook-secret", paymentId: charge.gatewayPaymentId });
      expect(sent.status).toBe(200);
      expect(received[0]?.token).toBe("webhook-secret");
      expect(isValidWebhookToken(received[0]?.token, "webhook-secret")).toBe(true);
      expect(parseAsaasWebhook(received[0]?.body)).toEqual({
        eventId: sent.eventId,
        event: "PAYMENT_RECEIVED",
        gatewayPaymentId: charge.gatewayPaymentId,
        externalReference: "400",
        status: "RECEIVED",
        gatewayStatus: "RECEIVED",
      });
      expect(await asaas.getStatus(charge.gatewayPaymentId)).toEqual({ status: "RECEIVED", gatewayStatus: "RECEIVED" });

      const replay = await fake.sendWebhook({ url, token: "webhook-secret", paymentId: charge.gatewayPaymentId, eventId: sent.eventId });
      expect(parseAsaasWebhook(replay.payload)?.eventId).toBe(sent.eventId);

      // A cash receipt undone, and a removed charge restored: both wait for payment again.
      fake.setPaymentStatus(charge.gatewayPaymentId, "RECEIVED_IN_CASH");
      const undone = await fake.sendWebhook({ url, token: "webhook-secret", paymentId: charge.gatewayPaymentId, event: "PAYMENT_RECEIVED_IN_CASH_UNDONE" });
      expect(parseAsaasWebhook(undone.payload)).toMatchObject({ event: "PAYMENT_RECEIVED_IN_CASH_UNDONE", gatewayStatus: "PENDING" });
      expect(await asaas.cancelCharge(charge.gatewayPaymentId)).toBeNull();
      expect(fake.countLiveCharges([400])).toBe(0);
      const restored = await fake.sendWebhook({ url, token: "webhook-secret", paymentId: charge.gatewayPaymentId, event: "PAYMENT_RESTORED" });
      expect(parseAsaasWebhook(restored.payload)).toMatchObject({ event: "PAYMENT_RESTORED", gatewayStatus: "PENDING" });
      expect((await asaas.findCharges([400]))?.map((c) => c.gatewayPaymentId)).toEqual([charge.gatewayPaymentId]);
      expect(received).toHaveLength(4);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
