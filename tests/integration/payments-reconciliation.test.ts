/**
 * Money you can trust with PAYMENT_GATEWAY=asaas, against the local fake Asaas (a stand-in speaking its
 * paths and shapes, tests/support/fake-asaas.ts), never a mock of our code:
 * - a creation that stalls past ASAAS_TIMEOUT_MS, and 20 timed-out retries, leave one live charge;
 * - a charge paid without any webhook publishes its ad through the reconciliation (latency measured);
 * - a deleted ad's charge is withdrawn at Asaas, and a failed withdrawal is resent;
 * - the stretched-period attack: the old charge is deleted at Asaas and its late money flagged;
 * - Asaas's restored and undone events; a malformed answer and a 429 through the route.
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeAsaasGateway, type FakeAsaas } from "../support/fake-asaas";
import { callRoute } from "../support/route";

const WEBHOOK_TOKEN = `asaas-webhook-${randomBytes(12).toString("hex")}`;
const TIMEOUT_MS = 1000;

let fake: FakeAsaas;
// Loaded after the environment names the fake (getEnv() reads it once per test file).
let app: {
  createPayment: typeof import("~/routes/api.payments.create").action;
  webhook: typeof import("~/routes/api.payments.webhook").action;
  reconcile: typeof import("~/models/payment/reconciliation.server");
  confirmation: typeof import("~/models/payment/confirmation.server");
  status: typeof import("~/models/ad/status.server");
  support: typeof import("../support/payments");
  fixtures: typeof import("../support/ad-fixtures");
  wizard: typeof import("../support/wizard-posts");
};

beforeAll(async () => {
  fake = await startFakeAsaasGateway({ webhookToken: WEBHOOK_TOKEN, timeoutMs: TIMEOUT_MS });
  process.env.PAYMENT_RECONCILE_SECONDS = "5";
  app = {
    createPayment: (await import("~/routes/api.payments.create")).action,
    webhook: (await import("~/routes/api.payments.webhook")).action,
    reconcile: await import("~/models/payment/reconciliation.server"),
    confirmation: await import("~/models/payment/confirmation.server"),
    status: await import("~/models/ad/status.server"),
    support: await import("../support/payments"),
    fixtures: await import("../support/ad-fixtures"),
    wizard: await import("../support/wizard-posts"),
  };
});

beforeEach(async () => {
  // Each test starts in a fresh minute of Asaas's shared read budget (models/payment/gateway-throttle.server.ts):
  // the earlier tests' calls are not this one's.
  const { db } = await import("~/db/client.server");
  const { gatewayThrottle } = await import("~/db/schema");
  db.delete(gatewayThrottle).run();
});
afterEach(() => fake.resetBehavior());
afterAll(async () => {
  await app.confirmation.settleReceipts();
  await fake?.close();
});

type Answer = { payment?: { id: number }; message?: string };

async function payByPix(user: { token: string }, adId: number) {
  const response = await callRoute(
    app.createPayment,
    "/api/payments/create",
    app.support.jsonPost({ adId, paymentMethod: "PIX", customerInfo: app.support.customerInfo }, { Authorization: `Bearer ${user.token}` }),
  );
  return { status: response.status, body: (await response.json()) as Answer };
}

const chargeOf = (ourId: number) => fake.liveCharges([ourId])[0] ?? [...fake.state.payments.values()].find((p) => p.externalReference === String(ourId));
const idsOfAd = (adId: number) => app.support.paymentsOfAd(adId).map((p) => p.id);

/** Someone restores a deleted charge in Asaas's panel (its API: POST /payments/{id}/restore). */
async function restoreAtAsaas(chargeId: string) {
  const response = await fetch(`${fake.url}/payments/${chargeId}/restore`, { method: "POST", headers: { access_token: fake.apiKey } });
  expect(response.status).toBe(200);
}

/** Asaas's webhook for the charge as the fake holds it now, delivered to our route. */
async function webhookFor(chargeId: string, event: string) {
  const charge = fake.state.payments.get(chargeId)!;
  const body = { id: `evt_${randomBytes(8).toString("hex")}`, event, dateCreated: "2026-11-24 12:00:00", payment: charge };
  const response = await callRoute(app.webhook, "/api/payments/webhook", {
    init: { method: "POST", headers: { "Content-Type": "application/json", "asaas-access-token": WEBHOOK_TOKEN }, body: JSON.stringify(body) },
  });
  return (await response.json()) as { outcome: string; payment?: { status: string; adStatus: string | null } };
}

describe("one live charge per ad", () => {
  it("a creation that stalls past the timeout is unknown, not failed; the retry reuses the charge Asaas made", async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id, { days: 4 });
    fake.setBehavior({ stallAfterCreateMs: TIMEOUT_MS + 800 });
    const stalled = await payByPix(user, ad.id);
    expect(stalled.status).toBe(504);
    const [first] = app.support.paymentsOfAd(ad.id);
    expect(first).toMatchObject({ status: "pending", asaasStatus: "UNKNOWN", asaasPaymentId: null });
    expect(fake.countLiveCharges(idsOfAd(ad.id))).toBe(1);

    fake.resetBehavior();
    const retry = await payByPix(user, ad.id);
    expect(retry.status).toBe(200);
    expect(retry.body.payment!.id).toBe(first!.id);
    expect(app.support.paymentOf(first!.id).asaasPaymentId).toBe(chargeOf(first!.id)!.id);
    expect(fake.countLiveCharges(idsOfAd(ad.id))).toBe(1);
  });

  it("20 timed-out retries leave one live charge, and the next healthy attempt reuses it", { timeout: 120_000 }, async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id, { days: 6 });
    // The first attempt's charge is made, then Asaas stalls; the payer keeps pressing "Pagar" while Asaas is slow.
    fake.setBehavior({ stallAfterCreateMs: TIMEOUT_MS + 800 });
    expect((await payByPix(user, ad.id)).status).toBe(504);
    fake.setBehavior({ stallAfterCreateMs: 0, delayMs: TIMEOUT_MS + 300 });
    const statuses: number[] = [];
    for (let i = 0; i < 19; i++) statuses.push((await payByPix(user, ad.id)).status);
    expect(new Set(statuses)).toEqual(new Set([504]));
    const live = fake.countLiveCharges(idsOfAd(ad.id));
    console.log(`[measure] live charges after 20 timed-out attempts: ${live} (payments recorded: ${idsOfAd(ad.id).length})`);
    expect(live).toBe(1);

    fake.resetBehavior();
    const healthy = await payByPix(user, ad.id);
    expect(healthy.status).toBe(200);
    expect(fake.countLiveCharges(idsOfAd(ad.id))).toBe(1);
    expect(app.support.paymentsOfAd(ad.id).filter((p) => p.status === "pending")).toHaveLength(1);
  });
});

describe("reconciliation", () => {
  it("publishes a PIX paid without any webhook within two intervals", { timeout: 60_000 }, async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id, { days: 4 });
    const created = await payByPix(user, ad.id);
    expect(created.status).toBe(201);
    const paidAt = Date.now();
    fake.setPaymentStatus(chargeOf(created.body.payment!.id)!.id, "RECEIVED");

    const settings = app.reconcile.reconcileSettings();
    expect(settings.intervalMs).toBe(5000);
    // The server's schedule: a run every interval (server/jobs.ts).
    while (app.support.adOf(ad.id).status !== "active" && Date.now() - paidAt < 3 * settings.intervalMs) {
      await new Promise((resolve) => setTimeout(resolve, settings.intervalMs));
      await app.reconcile.runReconciliation(settings);
    }
    const latency = Date.now() - paidAt;
    console.log(`[measure] reconciliation latency: ${latency} ms with PAYMENT_RECONCILE_SECONDS=5 (no webhook)`);
    expect(app.support.adOf(ad.id).status).toBe("active");
    expect(latency).toBeLessThanOrEqual(2 * settings.intervalMs + 1000);
    expect(app.support.paymentOf(created.body.payment!.id)).toMatchObject({ status: "received" });
  });

  it("reads each pending charge once per run and makes no call for a charge younger than an interval", async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id);
    await payByPix(user, ad.id);
    const before = fake.state.requests.length;
    const report = await app.reconcile.reconcilePayments(new Date(), { intervalMs: 300_000, minAgeMs: 60_000, maxCalls: 50 });
    const calls = fake.state.requests.slice(before);
    expect(calls.filter((r) => r.method === "GET" && r.path.includes(String(chargeOf(app.support.paymentsOfAd(ad.id)[0]!.id)!.id)))).toEqual([]);
    expect(report.calls).toBe(calls.length);
    expect(report.calls).toBeLessThanOrEqual(50);
  });

  it("a run cut short by its call cap goes on where it stopped: every pending charge is read in turn", async () => {
    const user = await app.support.createTestUser();
    const ours: string[] = [];
    for (let i = 0; i < 3; i++) {
      const ad = app.support.createPendingAd(user.id);
      ours.push(chargeOf((await payByPix(user, ad.id)).body.payment!.id)!.id);
    }
    const { db } = await import("~/db/client.server");
    const { gatewayThrottle, payments } = await import("~/db/schema");
    const { and, inArray, isNotNull } = await import("drizzle-orm");
    const pending = db.select().from(payments).where(and(inArray(payments.status, ["pending", "overdue"]), isNotNull(payments.asaasPaymentId))).all().length;
    expect(pending).toBeGreaterThanOrEqual(3);
    const later = new Date(Date.now() + 3_600_000);
    const read = new Set<string>();
    for (let run = 0; run < Math.ceil(pending / 2) + 1; run++) {
      db.delete(gatewayThrottle).run();
      const before = fake.state.requests.length;
      const report = await app.reconcile.reconcilePayments(later, { intervalMs: 5000, minAgeMs: 5000, maxCalls: 2 });
      expect(report.calls).toBeLessThanOrEqual(2);
      for (const request of fake.state.requests.slice(before)) if (request.method === "GET") read.add(request.path.split("/").pop()!);
    }
    expect(ours.filter((id) => !read.has(id))).toEqual([]);
  });
});

describe("withdrawals at Asaas", () => {
  it("deleting an ad deletes its open charge at Asaas; a failed deletion is resent by the reconciliation", async () => {
    const user = await app.support.createTestUser();
    const actor = { id: user.id, isAdmin: false };
    const ad = app.support.createPendingAd(user.id);
    const created = await payByPix(user, ad.id);
    const chargeId = chargeOf(created.body.payment!.id)!.id;
    expect(await app.status.deleteAd(ad.id, actor)).toEqual({ ok: true });
    await app.confirmation.settleReceipts();
    expect(fake.state.payments.get(chargeId)!.deleted).toBe(true);

    const other = app.support.createPendingAd(user.id);
    const second = await payByPix(user, other.id);
    const secondCharge = chargeOf(second.body.payment!.id)!.id;
    fake.setBehavior({ failStatus: 500, failPath: "/payments/" });
    expect(await app.status.deleteAd(other.id, actor)).toEqual({ ok: true });
    await app.confirmation.settleReceipts();
    expect(fake.state.payments.get(secondCharge)!.deleted).toBe(false);
    fake.resetBehavior();
    const report = await app.reconcile.reconcilePayments(new Date(), { intervalMs: 5000, minAgeMs: 5000, maxCalls: 50 });
    expect(report.withdrawals.withdrawn).toBeGreaterThanOrEqual(1);
    expect(fake.state.payments.get(secondCharge)!.deleted).toBe(true);
  });

  it("the stretched-period attack: the old charge is deleted at Asaas, and money that still arrives for it is flagged, not published", async () => {
    const owner = await app.fixtures.createUser();
    const adId = await app.wizard.unpaidAdThroughWizard(owner, 3);
    const paidThrough = app.fixtures.inDays(3);
    const created = await payByPix(owner, adId);
    const oldCharge = chargeOf(created.body.payment!.id)!.id;
    expect(app.wizard.location(await app.wizard.reopenWithNewEnd(owner, adId, 365))).toBe(`/payment/${adId}`);
    await app.confirmation.settleReceipts();
    expect(fake.state.payments.get(oldCharge)!.deleted).toBe(true);

    // Paid in the instant before Asaas deleted it: the money arrives anyway.
    fake.setPaymentStatus(oldCharge, "RECEIVED");
    expect(await webhookFor(oldCharge, "PAYMENT_RECEIVED")).toMatchObject({ outcome: "applied", payment: { status: "received", adStatus: null } });
    const ad = app.support.adOf(adId);
    expect(ad.status).toBe("pending_payment");
    expect(app.support.paymentOf(created.body.payment!.id).refundDueReason).not.toBeNull();
    expect(paidThrough < app.fixtures.inDays(365)).toBe(true);
  });

  it("PAYMENT_RESTORED of a charge we withdrew deletes it again at Asaas", async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id);
    const created = await payByPix(user, ad.id);
    const chargeId = chargeOf(created.body.payment!.id)!.id;
    await app.status.deleteAd(ad.id, { id: user.id, isAdmin: false });
    await app.confirmation.settleReceipts();
    await restoreAtAsaas(chargeId);
    expect(fake.state.payments.get(chargeId)!.deleted).toBe(false);
    expect(await webhookFor(chargeId, "PAYMENT_RESTORED")).toMatchObject({ outcome: "applied" });
    await app.confirmation.settleReceipts();
    expect(fake.state.payments.get(chargeId)!.deleted).toBe(true);
  });

  it("PAYMENT_RECEIVED_IN_CASH_UNDONE takes the ad down again", async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id);
    const created = await payByPix(user, ad.id);
    const chargeId = chargeOf(created.body.payment!.id)!.id;
    fake.setPaymentStatus(chargeId, "RECEIVED_IN_CASH");
    expect(await webhookFor(chargeId, "PAYMENT_RECEIVED_IN_CASH")).toMatchObject({ payment: { adStatus: "active" } });
    fake.setPaymentStatus(chargeId, "PENDING");
    expect(await webhookFor(chargeId, "PAYMENT_RECEIVED_IN_CASH_UNDONE")).toMatchObject({ payment: { status: "pending", adStatus: "pending_payment" } });
    expect(app.support.adOf(ad.id).status).toBe("pending_payment");
  });
});

describe("Asaas answers the route cannot use", () => {
  it("a malformed answer is a 502 with the generic message, never a 500, and the ad keeps waiting", async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id);
    fake.setBehavior({ malformed: "wrong-shape", malformedPath: "/customers" });
    const answer = await payByPix(user, ad.id);
    expect(answer.status).toBe(502);
    expect(answer.body.message).toBe("Erro ao processar pagamento. Tente novamente.");
    expect(app.support.adOf(ad.id).status).toBe("pending_payment");
  });

  it("a 429 is a 503 that says when to try again, and no worker calls Asaas until RateLimit-Reset", async () => {
    const user = await app.support.createTestUser();
    const ad = app.support.createPendingAd(user.id);
    fake.setBehavior({ rateLimit: { resetSeconds: 2, times: 1 } });
    const limited = await payByPix(user, ad.id);
    expect(limited.status).toBe(503);
    expect(limited.body.message).toMatch(/Tente novamente em \d+ segundos?/);
    const before = fake.state.requests.length;
    expect((await payByPix(user, ad.id)).status).toBe(503);
    expect(fake.state.requests.length).toBe(before);
    // Only the clock jumps past RateLimit-Reset (timers and I/O stay real): no 2 s of real waiting.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2_200 });
    try {
      expect((await payByPix(user, ad.id)).status).toBe(201);
    } finally {
      vi.useRealTimers();
    }
    expect(fake.countLiveCharges(idsOfAd(ad.id))).toBe(1);
  });
});
