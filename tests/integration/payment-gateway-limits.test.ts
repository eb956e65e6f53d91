/**
 * The Asaas client when things go wrong, against the fake Asaas: a create that times out yet made
 * the charge, 429 with RateLimit-Reset seen by one worker and obeyed by the others (the throttle
 * shared through SQLite), the read budget, answers of unexpected shape, and 403.
 * Two gateway instances with their own throttle instances stand for two worker processes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createSqliteThrottle } from "~/models/payment/gateway-throttle.server";
import { createAsaasGateway } from "~/services/payments/asaas.server";
import type { CardChargeInput, PixChargeInput } from "~/services/payments/gateway";
import { createMemoryThrottle, type GatewayThrottle } from "~/services/payments/throttle";
import { startFakeAsaas, type FakeAsaas } from "../support/fake-asaas";
import { expectGatewayError } from "../support/gateway-error";

const NOW = new Date("2026-06-15T15:00:00Z");
const customer = { name: "Maria da Silva", email: "maria@example.com", cpfCnpj: "529.982.247-25", phone: "(34) 99999-0000" };
const holder = { ...customer, postalCode: "38700-000", addressNumber: "100" };
const goodCard = { holderName: "MARIA DA SILVA", number: "4111 1111 1111 1111", expiryMonth: "12", expiryYear: "2030", ccv: "123" };

const pixInput = (paymentId: number): PixChargeInput => ({ paymentId, amountCents: 750, description: `Anúncio ${paymentId}`, customer, dueDate: "2026-06-16" });
const cardInput = (paymentId: number): CardChargeInput => ({ paymentId, amountCents: 1000, description: `Anúncio ${paymentId}`, customer, card: goodCard, holder, remoteIp: "203.0.113.7" });

let fake: FakeAsaas;
beforeAll(async () => {
  fake = await startFakeAsaas();
});
afterAll(() => fake?.close());
afterEach(() => {
  fake.resetBehavior();
  vi.restoreAllMocks();
});

const roomy = () => createMemoryThrottle({ readsPerMinute: 10_000 });
const gateway = (throttle: GatewayThrottle = roomy(), timeoutMs = 2_000) =>
  createAsaasGateway({ apiKey: fake.apiKey, baseUrl: fake.url, now: () => NOW, timeoutMs, throttle });
const sent = () => fake.state.requests.length;

// Asaas makes the charge, then answers too late. The client's timeout must outlast the request's way
// to the fake on a loaded CI machine (at 200 ms it sometimes gave up before the fake had the request,
// so there was no charge to find), and the stall must outlast the timeout by far.
const IMPATIENT_TIMEOUT_MS = 1_500;
const STALL_AFTER_CREATE_MS = 8_000;

describe("a create that times out after Asaas made the charge", () => {
  it("is found by findCharges, and withdrawn, so a retry does not leave two live charges", async () => {
    fake.setBehavior({ stallAfterCreateMs: STALL_AFTER_CREATE_MS });
    const impatient = gateway(roomy(), IMPATIENT_TIMEOUT_MS);
    const error = await expectGatewayError(impatient.createPixCharge(pixInput(500)));
    expect([error.code, error.status]).toEqual(["timeout", 504]);
    // Asaas made the charge all the same.
    await vi.waitFor(() => expect(fake.countLiveCharges([500])).toBe(1), { timeout: 5_000 });

    const found = await impatient.findCharges([500, 501]);
    expect(found).toEqual([expect.objectContaining({ paymentId: 500, method: "PIX", amountCents: 750, status: "PENDING", gatewayStatus: "PENDING" })]);
    expect(await impatient.cancelCharge(found?.[0]?.gatewayPaymentId ?? "")).toBeNull();
    expect(fake.countLiveCharges([500])).toBe(0);
  });

  it("finds a card charged by a timed-out call as paid, so it is confirmed instead of charged again", async () => {
    fake.setBehavior({ stallAfterCreateMs: STALL_AFTER_CREATE_MS });
    const impatient = gateway(roomy(), IMPATIENT_TIMEOUT_MS);
    expect((await expectGatewayError(impatient.createCardCharge(cardInput(502)))).code).toBe("timeout");
    expect(await impatient.findCharges([502])).toEqual([expect.objectContaining({ paymentId: 502, method: "CREDIT_CARD", status: "CONFIRMED" })]);
  });
});

describe("Asaas's rate limit across workers", () => {
  it("makes every worker fail fast after one saw a 429, without calling Asaas, until RateLimit-Reset passes", async () => {
    // The throttles' clock runs ahead on demand, so the back-off ends without the test waiting it out.
    let ahead = 0;
    const now = () => Date.now() + ahead;
    const workerA = gateway(createSqliteThrottle({ gateway: "limits-429", now }));
    const workerB = gateway(createSqliteThrottle({ gateway: "limits-429", now }));
    const charge = await workerA.createPixCharge(pixInput(510));

    fake.setBehavior({ rateLimit: { resetSeconds: 2, times: 1 } });
    const limited = await expectGatewayError(workerA.getStatus(charge.gatewayPaymentId));
    expect([limited.code, limited.status, limited.retryAfterSeconds]).toEqual(["rate_limited", 503, 2]);
    expect(limited.userMessage).toBe("O serviço de pagamento está ocupado. Tente novamente em 2 segundos.");
    expect(fake.state.requests.at(-1)?.status).toBe(429);

    const before = sent();
    const read = await expectGatewayError(workerB.getStatus(charge.gatewayPaymentId));
    const write = await expectGatewayError(workerB.createPixCharge(pixInput(511)));
    for (const error of [read, write]) {
      expect([error.code, error.status]).toEqual(["rate_limited", 503]);
      expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(error.retryAfterSeconds).toBeLessThanOrEqual(2);
    }
    expect(sent()).toBe(before);

    ahead = 2_100;
    expect(await workerB.getStatus(charge.gatewayPaymentId)).toEqual({ status: "PENDING", gatewayStatus: "PENDING" });
    expect(sent()).toBe(before + 1);
  });

  it("shares the read budget: over it, reads are refused without a call and writes still go", async () => {
    // A fixed clock 15 s before the end of a minute, so the test never straddles two windows.
    const now = () => Date.UTC(2026, 5, 15, 12, 0, 45);
    const workerA = gateway(createSqliteThrottle({ gateway: "limits-budget", readsPerMinute: 3, now }));
    const workerB = gateway(createSqliteThrottle({ gateway: "limits-budget", readsPerMinute: 3, now }));
    const charge = await gateway().createPixCharge(pixInput(520));

    await workerA.getStatus(charge.gatewayPaymentId);
    await workerB.findCharges([520]);
    await workerA.getStatus(charge.gatewayPaymentId);
    const before = sent();
    const refused = await expectGatewayError(workerB.getStatus(charge.gatewayPaymentId));
    expect([refused.code, refused.status, refused.retryAfterSeconds]).toEqual(["rate_limited", 503, 15]);
    expect((await expectGatewayError(workerA.getPixQrCode(charge.gatewayPaymentId))).code).toBe("rate_limited");
    expect(sent()).toBe(before);

    // A payer paying never waits on polling.
    const paid = await workerB.createCardCharge(cardInput(521));
    expect(paid.status).toBe("CONFIRMED");
    expect(await workerA.cancelCharge(charge.gatewayPaymentId)).toBeNull();
    expect(sent()).toBeGreaterThan(before);
  });
});

describe("answers of unexpected shape", () => {
  it("turns a body that is not JSON into a 502 and a log line, never a 500", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const charge = await gateway().createPixCharge(pixInput(530));
    fake.setBehavior({ malformed: "not-json", malformedPath: "/payments/" });
    const error = await expectGatewayError(gateway().getStatus(charge.gatewayPaymentId));
    expect([error.code, error.status]).toEqual(["unavailable", 502]);
    expect(error.message).toBe(`Asaas sent an unexpected answer to GET /payments/${charge.gatewayPaymentId}: a body that is not JSON (status 200)`);
    expect(log).toHaveBeenCalledWith(`[payments] ${error.message}`);
  });

  it("turns a payment of the wrong shape into a 502; the charge Asaas made is still found later", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    fake.setBehavior({ malformed: "wrong-shape", malformedPath: "/v3/payments" });
    const asaas = gateway();
    const created = await expectGatewayError(asaas.createPixCharge(pixInput(531)));
    expect([created.code, created.status]).toEqual(["unavailable", 502]);
    expect(created.message).toMatch(/^Asaas sent an unexpected answer to POST \/payments: id: /);
    const listed = await expectGatewayError(asaas.findCharges([531]));
    expect(listed.message).toMatch(/^Asaas sent an unexpected answer to GET \/payments: data: /);
    expect(log).toHaveBeenCalledTimes(2);

    fake.resetBehavior();
    expect(await asaas.findCharges([531])).toEqual([expect.objectContaining({ paymentId: 531, status: "PENDING" })]);
  });

  it("still returns a new charge whose QR code came back without payload", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    fake.setBehavior({ malformed: "wrong-shape", malformedPath: "pixQrCode" });
    const charge = await gateway().createPixCharge(pixInput(532));
    expect(charge).toMatchObject({ status: "PENDING", pixPayload: null, pixQrCodeImage: null });
    expect(log.mock.calls[0]?.[0]).toMatch(/^\[payments\] Asaas sent an unexpected answer to GET \/payments\/pay_\w+\/pixQrCode: /);
  });
});

describe("403", () => {
  it("is reported as a blocked request, not as a bad key", async () => {
    fake.setBehavior({ failStatus: 403 });
    const error = await expectGatewayError(gateway().createPixCharge(pixInput(540)));
    expect([error.code, error.status]).toEqual(["unavailable", 502]);
    expect(error.message).toBe("Asaas answered 403 (forbidden: blocked request or a parameter this account may not use) to GET /customers: no error codes");
    expect(error.message).not.toMatch(/ASAAS_API_KEY/);
  });
});

describe("the fake Asaas", () => {
  it("restores a removed charge as PENDING, as POST /payments/{id}/restore does", async () => {
    const asaas = gateway();
    const charge = await asaas.createPixCharge(pixInput(550));
    await asaas.cancelCharge(charge.gatewayPaymentId);
    const restore = (id: string) => fetch(`${fake.url}/payments/${id}/restore`, { method: "POST", headers: { access_token: fake.apiKey } });
    const answer = await restore(charge.gatewayPaymentId);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ id: charge.gatewayPaymentId, status: "PENDING", deleted: false });
    expect((await restore(charge.gatewayPaymentId)).status).toBe(400);
    expect(fake.countLiveCharges(["550"])).toBe(1);
  });
});
