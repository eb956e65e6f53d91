/**
 * Boost money with PAYMENT_GATEWAY=asaas (ADR 037), against the local fake Asaas (tests/support/fake-asaas.ts):
 * the boost's charge is made at "Asaas" with our payment id; asking again shows the same charge and
 * other days withdraw it there first (one live charge per ad and purpose, beside the ad's own); a boost
 * paid without any webhook starts through the reconciliation; one paid after the ad was paused is
 * flagged for refund and never applied.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeAsaasGateway, type FakeAsaas } from "../support/fake-asaas";
import { callRoute } from "../support/route";

const WEBHOOK_TOKEN = `asaas-webhook-${randomBytes(12).toString("hex")}`;

let fake: FakeAsaas;
// Loaded after the environment names the fake (getEnv() reads it once per test file).
let app: {
  createPayment: typeof import("~/routes/api.payments.create").action;
  reconcile: typeof import("~/models/payment/reconciliation.server");
  confirmation: typeof import("~/models/payment/confirmation.server");
  boost: typeof import("~/models/ad/boost.server");
  support: typeof import("../support/payments");
  db: typeof import("~/db/client.server").db;
  schema: typeof import("~/db/schema");
};

beforeAll(async () => {
  fake = await startFakeAsaasGateway({ webhookToken: WEBHOOK_TOKEN });
  process.env.PAYMENT_RECONCILE_SECONDS = "5";
  app = {
    createPayment: (await import("~/routes/api.payments.create")).action,
    reconcile: await import("~/models/payment/reconciliation.server"),
    confirmation: await import("~/models/payment/confirmation.server"),
    boost: await import("~/models/ad/boost.server"),
    support: await import("../support/payments"),
    db: (await import("~/db/client.server")).db,
    schema: await import("~/db/schema"),
  };
});

beforeEach(() => {
  // Each test starts in a fresh minute of Asaas's shared read budget.
  app.db.delete(app.schema.gatewayThrottle).run();
});
afterEach(() => fake.resetBehavior());
afterAll(async () => {
  await app.confirmation.settleReceipts();
  await fake?.close();
});

type Answer = { payment?: { id: number; amount: string; purpose: string }; reused?: boolean; message?: string };

async function buy(user: { token: string }, adId: number, extra: Record<string, unknown>) {
  const response = await callRoute(
    app.createPayment,
    "/api/payments/create",
    app.support.jsonPost({ adId, paymentMethod: "PIX", customerInfo: app.support.customerInfo, ...extra }, { Authorization: `Bearer ${user.token}` }),
  );
  return { status: response.status, body: (await response.json()) as Answer };
}

function activeAd(userId: number, days = 10) {
  const ad = app.support.createPendingAd(userId, { days });
  app.db.update(app.schema.ads).set({ status: "active" }).where(eq(app.schema.ads.id, ad.id)).run();
  return ad;
}

const chargeOf = (ourId: number) => [...fake.state.payments.values()].find((p) => p.externalReference === String(ourId));
/** A run of the reconciliation that reads charges made just now (their minimum age set to zero). */
const reconcileNow = () => app.reconcile.reconcilePayments(new Date(Date.now() + 10_000), { intervalMs: 5000, minAgeMs: 5000, maxCalls: 50 });

describe("boosts at Asaas", () => {
  it("one live boost charge: asked again it is the same; other days delete it at Asaas first", async () => {
    const user = await app.support.createTestUser();
    const ad = activeAd(user.id);
    const first = await buy(user, ad.id, { purpose: "boost", boostDays: 2 });
    expect(first.status).toBe(201);
    expect(first.body.payment).toMatchObject({ amount: "6.00", purpose: "boost" });
    expect(chargeOf(first.body.payment!.id)).toMatchObject({ value: 6, billingType: "PIX" });
    const again = await buy(user, ad.id, { purpose: "boost", boostDays: 2 });
    expect(again.body).toMatchObject({ reused: true, payment: { id: first.body.payment!.id } });
    const other = await buy(user, ad.id, { purpose: "boost", boostDays: 3 });
    expect(other.status).toBe(201);
    const ours = app.support.paymentsOfAd(ad.id).map((p) => p.id);
    expect(fake.countLiveCharges(ours)).toBe(1);
    expect(fake.liveCharges(ours)[0]!.externalReference).toBe(String(other.body.payment!.id));
  });

  it("a boost paid without any webhook starts through the reconciliation; the ad is untouched", async () => {
    const user = await app.support.createTestUser();
    const ad = activeAd(user.id);
    const { body } = await buy(user, ad.id, { purpose: "boost", boostDays: 4 });
    fake.setPaymentStatus(chargeOf(body.payment!.id)!.id, "RECEIVED");
    expect(app.boost.runningBoostOf(ad.id)).toBeNull();
    const report = await reconcileNow();
    expect(report.changed).toBeGreaterThanOrEqual(1);
    expect(app.support.paymentOf(body.payment!.id)).toMatchObject({ status: "received", refundDueReason: null });
    // The run applied it at its own (later) instant: the boost runs from then.
    expect(app.boost.runningBoostOf(ad.id, new Date(Date.now() + 20_000))).not.toBeNull();
    expect(app.support.adOf(ad.id)).toMatchObject({ status: "active", expirationDate: ad.expirationDate });
  });

  it("a boost paid after the ad was paused is flagged for refund and never starts", async () => {
    const user = await app.support.createTestUser();
    const ad = activeAd(user.id);
    const { body } = await buy(user, ad.id, { purpose: "boost", boostDays: 2 });
    app.db.update(app.schema.ads).set({ status: "paused" }).where(eq(app.schema.ads.id, ad.id)).run();
    fake.setPaymentStatus(chargeOf(body.payment!.id)!.id, "RECEIVED");
    await reconcileNow();
    expect(app.support.paymentOf(body.payment!.id).refundDueReason).toMatch(/Impulso pago quando o anúncio já não estava público/);
    app.db.update(app.schema.ads).set({ status: "active" }).where(eq(app.schema.ads.id, ad.id)).run();
    expect(app.boost.runningBoostOf(ad.id)).toBeNull();
  });

  it("an extension paid at Asaas moves the ad's end; the boost's and the extension's charges live side by side", async () => {
    const user = await app.support.createTestUser();
    const ad = activeAd(user.id, 4);
    const boost = await buy(user, ad.id, { purpose: "boost", boostDays: 2 });
    const extend = await buy(user, ad.id, { purpose: "extend", extendDays: 3 });
    expect(extend.body.payment).toMatchObject({ amount: "7.50", purpose: "extend" });
    expect(fake.countLiveCharges([boost.body.payment!.id, extend.body.payment!.id])).toBe(2);
    fake.setPaymentStatus(chargeOf(extend.body.payment!.id)!.id, "RECEIVED");
    await reconcileNow();
    expect(app.support.adOf(ad.id).expirationDate.getTime()).toBe(app.support.paymentOf(extend.body.payment!.id).paysUntil!.getTime());
  });
});
