/**
 * A charge buys exactly what it quoted, with the local gateway (the default): the stretched-period
 * attack through the reopened wizard (page) and PUT /api/ads/{id} (API), a charge of a removed ad,
 * money that arrives too late, the owner's 'Reativar' after a refund, and Asaas's undone / restored
 * events applied to our payments. The gateway's side (charges deleted at Asaas) is in
 * payments-reconciliation.test.ts.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads, chargeWithdrawals, payments } from "~/db/schema";
import { expirationKeyFromInstant } from "~/lib/dates";
import { applyPaymentStatus, settleReceipts } from "~/models/payment/confirmation.server";
import { localConfirmationEvent, webhookToken } from "~/models/payment/gateway.server";
import { REFUND_DUE_REASONS } from "~/models/payment/confirmation.server";
import { changeAdStatus, deleteAd } from "~/models/ad/status.server";
import { MANAGE_MESSAGES } from "~/models/ad/manage";
import { action as adApi } from "~/routes/api.ads.$id";
import { action as createPayment } from "~/routes/api.payments.create";
import { action as webhook } from "~/routes/api.payments.webhook";
import { createUser, inDays, type TestUser } from "../support/ad-fixtures";
import { insertAd, json } from "../support/manage";
import { customerInfo, jsonPost, webhookBody } from "../support/payments";
import { callRoute } from "../support/route";
import { location, reopenWithNewEnd, unpaidAdThroughWizard } from "../support/wizard-posts";

afterAll(() => settleReceipts());

const adOf = (id: number) => db.select().from(ads).where(eq(ads.id, id)).get()!;
const paymentOf = (id: number) => db.select().from(payments).where(eq(payments.id, id)).get()!;
const withdrawalOf = (paymentId: number) => db.select().from(chargeWithdrawals).where(eq(chargeWithdrawals.paymentId, paymentId)).get();

async function payByPix(user: TestUser, adId: number): Promise<number> {
  const response = await callRoute(createPayment, "/api/payments/create", jsonPost({ adId, paymentMethod: "PIX", customerInfo }, { Authorization: `Bearer ${user.token}` }));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { payment: { id: number } }).payment.id;
}

/** The operator's `npm run payments:confirm -- <id>`: the same signed webhook call. */
async function confirmLocally(paymentId: number) {
  const response = await callRoute(webhook, "/api/payments/webhook", {
    init: { method: "POST", headers: { "Content-Type": "application/json", "asaas-access-token": webhookToken() }, body: JSON.stringify(localConfirmationEvent(paymentId)) },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { outcome: string; payment?: { status: string; adStatus: string | null } };
}

function expectNoDayBeyond(adId: number, paidThrough: string) {
  const ad = adOf(adId);
  const live = ad.status === "active" || ad.status === "pending";
  if (live) expect(expirationKeyFromInstant(ad.expirationDate) <= paidThrough).toBe(true);
}

describe("the stretched-period attack", () => {
  it("page: reopening the wizard and moving the end a year out withdraws the 3-day charge; paying it publishes nothing", async () => {
    const owner = await createUser();
    const adId = await unpaidAdThroughWizard(owner, 3);
    const paidThrough = inDays(3);
    const oldPayment = await payByPix(owner, adId);
    expect(paymentOf(oldPayment)).toMatchObject({ status: "pending", paysUntil: adOf(adId).expirationDate });

    expect(location(await reopenWithNewEnd(owner, adId, 365))).toBe(`/payment/${adId}`);
    expect(expirationKeyFromInstant(adOf(adId).expirationDate)).toBe(inDays(365));
    expect(paymentOf(oldPayment)).toMatchObject({ status: "failed", asaasStatus: "CANCELLED" });
    expect(withdrawalOf(oldPayment)).toMatchObject({ reason: "superseded" });

    // The payer pays the old code anyway (a static local code cannot be withdrawn at a bank).
    const answer = await confirmLocally(oldPayment);
    expect(answer).toMatchObject({ outcome: "applied", payment: { status: "received", adStatus: null } });
    expect(adOf(adId).status).toBe("pending_payment");
    expectNoDayBeyond(adId, paidThrough);
    expect(paymentOf(oldPayment)).toMatchObject({ status: "received", refundDueReason: REFUND_DUE_REASONS.withdrawn });
    expect(withdrawalOf(oldPayment)!.paidAt).not.toBeNull();

    // The new period has its own quote: 364 charged days, not the old R$ of 2 days.
    const newPayment = await payByPix(owner, adId);
    expect(paymentOf(newPayment).amountCents).toBeGreaterThan(paymentOf(oldPayment).amountCents * 100);
    await confirmLocally(newPayment);
    expect(adOf(adId)).toMatchObject({ status: "active" });
    expect(expirationKeyFromInstant(adOf(adId).expirationDate)).toBe(inDays(365));
  });

  it("API: PUT /api/ads/{id} with a later end date withdraws the open charge; its confirmation is flagged, not published", async () => {
    const owner = await createUser();
    const ad = await insertAd(owner.id, { status: "pending_payment", createdDaysAgo: 2, lastDayInDays: 3 });
    const paidThrough = inDays(3);
    const oldPayment = await payByPix(owner, ad.id);
    const body = {
      adType: "Vender",
      categoryId: ad.categoryId,
      subcategoryId: ad.subcategoryId,
      title: ad.title,
      description: ad.description,
      price: 1200,
      whatsapp: "34999990000",
      expirationDate: inDays(365),
      status: "pending_payment",
    };
    const put = await callRoute(adApi, `/api/ads/${ad.id}`, { params: { id: String(ad.id) }, ...json("PUT", owner, body) });
    expect(put.status, await put.clone().text()).toBe(200);
    expect(paymentOf(oldPayment)).toMatchObject({ status: "failed", asaasStatus: "CANCELLED" });

    const paid = await callRoute(webhook, "/api/payments/webhook", {
      init: {
        method: "POST",
        headers: { "Content-Type": "application/json", "asaas-access-token": webhookToken() },
        body: JSON.stringify(webhookBody(paymentOf(oldPayment).asaasPaymentId!, "PAYMENT_CONFIRMED", "CONFIRMED")),
      },
    });
    expect(paid.status).toBe(200);
    expect(adOf(ad.id).status).toBe("pending_payment");
    expectNoDayBeyond(ad.id, paidThrough);
    expect(paymentOf(oldPayment).refundDueReason).toBe(REFUND_DUE_REASONS.withdrawn);
  });

  it("an edit that keeps the end date keeps the open charge (its quote stands)", async () => {
    const owner = await createUser();
    const adId = await unpaidAdThroughWizard(owner, 4);
    const payment = await payByPix(owner, adId);
    expect(location(await reopenWithNewEnd(owner, adId, 4))).toBe(`/payment/${adId}`);
    expect(paymentOf(payment).status).toBe("pending");
    expect(withdrawalOf(payment)).toBeUndefined();
    await confirmLocally(payment);
    expect(adOf(adId).status).toBe("active");
    expect(expirationKeyFromInstant(adOf(adId).expirationDate)).toBe(inDays(4));
  });
});

describe("money that buys nothing is flagged for refund", () => {
  it("a charge of a deleted ad is withdrawn; paying it later publishes nothing", async () => {
    const owner = await createUser();
    const ad = await insertAd(owner.id, { status: "pending_payment", createdDaysAgo: 0, lastDayInDays: 6 });
    const payment = await payByPix(owner, ad.id);
    expect(await deleteAd(ad.id, { id: owner.id, isAdmin: false })).toEqual({ ok: true });
    await settleReceipts();
    expect(paymentOf(payment)).toMatchObject({ status: "failed", asaasStatus: "CANCELLED" });
    expect(withdrawalOf(payment)).toMatchObject({ reason: "ad_removed", doneAt: expect.any(Date) });
    const answer = await confirmLocally(payment);
    expect(answer.payment).toMatchObject({ status: "received", adStatus: null });
    expect(paymentOf(payment).refundDueReason).toBe(REFUND_DUE_REASONS.withdrawn);
  });

  it("a PIX paid after the last day of its period does not publish a past period", async () => {
    const owner = await createUser();
    const ad = await insertAd(owner.id, { status: "pending_payment", createdDaysAgo: 0, lastDayInDays: 3 });
    const payment = await payByPix(owner, ad.id);
    const afterThePeriod = new Date(adOf(ad.id).expirationDate.getTime() + 60_000);
    const applied = applyPaymentStatus(payment, { status: "RECEIVED", gatewayStatus: "RECEIVED" }, afterThePeriod);
    expect(applied).toMatchObject({ status: "received", adStatus: null, refundDue: REFUND_DUE_REASONS.periodOver, newlyPaid: false });
    expect(adOf(ad.id).status).toBe("pending_payment");
  });

  it("a second payment of a live ad is flagged, and refunding it leaves the ad live", async () => {
    const owner = await createUser();
    const ad = await insertAd(owner.id, { status: "pending_payment", createdDaysAgo: 0, lastDayInDays: 5 });
    const first = await payByPix(owner, ad.id);
    // A second open charge, as a race between two workers could leave (never the checkout's own doing).
    const second = db.insert(payments).values({ ...paymentOf(first), id: undefined, asaasPaymentId: "local-pix-extra", createdAt: new Date() }).returning().get();
    await confirmLocally(first);
    expect(adOf(ad.id).status).toBe("active");
    expect(applyPaymentStatus(second.id, { status: "RECEIVED", gatewayStatus: "RECEIVED" })).toMatchObject({ refundDue: REFUND_DUE_REASONS.notAwaiting });
    expect(applyPaymentStatus(second.id, { status: "REFUNDED", gatewayStatus: "REFUNDED" })).toMatchObject({ status: "refunded", adStatus: null });
    expect(adOf(ad.id).status).toBe("active");
  });
});

describe("what the money's return does to the ad", () => {
  it("after a refund the owner's 'Reativar' is refused; their own pause stays theirs to undo", async () => {
    const owner = await createUser();
    const actor = { id: owner.id, isAdmin: false };
    const ad = await insertAd(owner.id, { status: "pending_payment", createdDaysAgo: 0, lastDayInDays: 5 });
    const payment = await payByPix(owner, ad.id);
    await confirmLocally(payment);
    expect(changeAdStatus(ad.id, actor, "paused")).toEqual({ ok: true, status: "paused" });
    expect(changeAdStatus(ad.id, actor, "active")).toEqual({ ok: true, status: "active" });

    expect(applyPaymentStatus(payment, { status: "REFUNDED", gatewayStatus: "REFUNDED" })).toMatchObject({ adStatus: "paused" });
    expect(changeAdStatus(ad.id, actor, "active")).toMatchObject({ ok: false, status: 409, message: MANAGE_MESSAGES.refundedPaused });
    expect(adOf(ad.id).status).toBe("paused");
  });

  it("PAYMENT_RECEIVED_IN_CASH_UNDONE unpublishes the ad and the payment waits again", async () => {
    const owner = await createUser();
    const ad = await insertAd(owner.id, { status: "pending_payment", createdDaysAgo: 0, lastDayInDays: 5 });
    const payment = await payByPix(owner, ad.id);
    await confirmLocally(payment);
    expect(adOf(ad.id).status).toBe("active");
    const undone = await callRoute(webhook, "/api/payments/webhook", {
      init: {
        method: "POST",
        headers: { "Content-Type": "application/json", "asaas-access-token": webhookToken() },
        body: JSON.stringify(webhookBody(paymentOf(payment).asaasPaymentId!, "PAYMENT_RECEIVED_IN_CASH_UNDONE", "PENDING")),
      },
    });
    expect(await undone.json()).toMatchObject({ outcome: "applied", payment: { status: "pending", adStatus: "pending_payment" } });
    expect(adOf(ad.id).status).toBe("pending_payment");
    expect(paymentOf(payment)).toMatchObject({ status: "pending", confirmedDate: null });
  });

  it("PAYMENT_RESTORED: a charge we withdrew is withdrawn again; one deleted elsewhere is open again", async () => {
    const owner = await createUser();
    const ours = await insertAd(owner.id, { status: "pending_payment", createdDaysAgo: 2, lastDayInDays: 5 });
    const withdrawn = await payByPix(owner, ours.id);
    await deleteAd(ours.id, { id: owner.id, isAdmin: false });
    await settleReceipts();
    const restore = (paymentId: number) =>
      callRoute(webhook, "/api/payments/webhook", {
        init: {
          method: "POST",
          headers: { "Content-Type": "application/json", "asaas-access-token": webhookToken() },
          body: JSON.stringify(webhookBody(paymentOf(paymentId).asaasPaymentId!, "PAYMENT_RESTORED", "PENDING")),
        },
      });
    expect((await restore(withdrawn)).status).toBe(200);
    expect(withdrawalOf(withdrawn)).toMatchObject({ reason: "restored" });
    await settleReceipts();
    expect(withdrawalOf(withdrawn)!.doneAt).not.toBeNull();
    expect(paymentOf(withdrawn).status).toBe("failed");

    const other = await insertAd(owner.id, { status: "pending_payment", createdDaysAgo: 0, lastDayInDays: 5 });
    const deletedElsewhere = await payByPix(owner, other.id);
    applyPaymentStatus(deletedElsewhere, { status: "CANCELLED", gatewayStatus: "PENDING" });
    expect(paymentOf(deletedElsewhere).status).toBe("failed");
    expect((await restore(deletedElsewhere)).status).toBe(200);
    expect(paymentOf(deletedElsewhere).status).toBe("pending");
    expect(db.select().from(chargeWithdrawals).where(and(eq(chargeWithdrawals.paymentId, deletedElsewhere))).all()).toEqual([]);
  });
});
