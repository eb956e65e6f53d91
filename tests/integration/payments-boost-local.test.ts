/**
 * Buying a boost ("Impulsionar") and added days ("Prolongar") with the local gateway (ADR 037), through
 * POST /api/payments/create and the webhook, against a real temporary database: the abuse cases
 * (someone else's ad, a paused or unpaid ad, too many days, paying twice, money that arrives after the
 * ad stopped being public), the refund that stops a boost without pausing the ad, and the boost's
 * price setting.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { ads, settings } from "~/db/schema";
import { addDaysToKey, expirationInstantFromKey, expirationKeyFromInstant, todayKey } from "~/lib/dates";
import { runningBoostOf } from "~/models/ad/boost.server";
import { applyPaymentStatus, settleReceipts } from "~/models/payment/confirmation.server";
import { localConfirmationEvent, webhookToken } from "~/models/payment/gateway.server";
import { action as createPayment } from "~/routes/api.payments.create";
import { action as settingAction, loader as settingLoader } from "~/routes/api.settings.$key";
import { action as webhook } from "~/routes/api.payments.webhook";
import { loader as adStatsLoader } from "~/routes/api.ads.$id_.stats";
import { loader as statsLoader } from "~/routes/api.stats";
import { action as boostAction, loader as boostLoader } from "~/routes/impulsionar.$id";
import { dailyStatsOf } from "~/models/ad/daily-stats.server";
import { getAdminReport } from "~/models/statistics/stats.server";
import { callRoute } from "../support/route";
import { api, asAdmin } from "../support/admin";
import { adOf, bearer, createPendingAd, createTestUser, customerInfo, formPost, jsonPost, paymentOf, paymentsOfAd, withCookie, type TestUser } from "../support/payments";

afterAll(() => settleReceipts());

beforeEach(() => {
  db.update(settings).set({ value: "2.50" }).where(eq(settings.key, "ad_price_per_day")).run();
  db.delete(settings).where(eq(settings.key, "ad_boost_price_per_day")).run();
});

type Answer = { payment?: { id: number; status: string; amount: string; purpose: string }; asaasPayment?: { value: number }; reused?: boolean; message?: string };

async function buy(user: TestUser, adId: number, extra: Record<string, unknown>) {
  const response = await callRoute(createPayment, "/api/payments/create", jsonPost({ adId, paymentMethod: "PIX", customerInfo, ...extra }, bearer(user)));
  return { status: response.status, body: (await response.json()) as Answer };
}

/** A public ad of `userId` through today + `days`. */
function activeAd(userId: number, days = 10) {
  const ad = createPendingAd(userId, { days });
  db.update(ads).set({ status: "active" }).where(eq(ads.id, ad.id)).run();
  return adOf(ad.id);
}

/** What `npm run payments:confirm` sends: the money arrived. */
async function confirm(paymentId: number) {
  const response = await callRoute(webhook, "/api/payments/webhook", {
    init: { method: "POST", headers: { "Content-Type": "application/json", "asaas-access-token": webhookToken() }, body: JSON.stringify(localConfirmationEvent(paymentId)) },
  });
  expect(response.status).toBe(200);
}

describe("POST /api/payments/create with purpose: boost", () => {
  it("charges days × the boost's price (R$ 3,00 by default), binds the boost's last day, and starts it when paid without touching the ad", async () => {
    const user = await createTestUser();
    const ad = activeAd(user.id, 10);
    const { status, body } = await buy(user, ad.id, { purpose: "boost", boostDays: 3, value: 0.01 });
    expect(status).toBe(201);
    expect(body.payment).toMatchObject({ amount: "9.00", purpose: "boost", status: "pending" });
    const payment = paymentOf(body.payment!.id);
    expect(payment).toMatchObject({ purpose: "boost", purchasedDays: 3, amountCents: 900 });
    expect(expirationKeyFromInstant(payment.paysUntil!)).toBe(addDaysToKey(todayKey(), 2));
    expect(runningBoostOf(ad.id)).toBeNull();

    await confirm(payment.id);
    expect(paymentOf(payment.id)).toMatchObject({ status: "received", refundDueReason: null });
    expect(runningBoostOf(ad.id)?.getTime()).toBe(payment.paysUntil!.getTime());
    expect(adOf(ad.id)).toMatchObject({ status: "active", expirationDate: ad.expirationDate });
  });

  it("answers 404 for someone else's ad, 409 for a paused or unpaid ad, 400 past the ad's last day or above 30 days", async () => {
    const owner = await createTestUser();
    const stranger = await createTestUser("Outro");
    const ad = activeAd(owner.id, 5);
    expect((await buy(stranger, ad.id, { purpose: "boost", boostDays: 1 })).status).toBe(404);

    // Today counts: an ad ending in 5 days takes at most 6 days of boost.
    const tooLong = await buy(owner, ad.id, { purpose: "boost", boostDays: 7 });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe("O impulso não pode passar do último dia do anúncio.");
    expect((await buy(owner, ad.id, { purpose: "boost", boostDays: 6 })).status).toBe(201);
    const long = activeAd(owner.id, 60);
    expect((await buy(owner, long.id, { purpose: "boost", boostDays: 31 })).status).toBe(400);
    expect((await buy(owner, long.id, { purpose: "boost", boostDays: 0 })).status).toBe(400);
    expect((await buy(owner, long.id, { purpose: "boost" })).status).toBe(400);
    expect((await buy(owner, long.id, { purpose: "destaque", boostDays: 2 })).status).toBe(400);

    const paused = activeAd(owner.id);
    db.update(ads).set({ status: "paused" }).where(eq(ads.id, paused.id)).run();
    const unpaid = createPendingAd(owner.id);
    for (const id of [paused.id, unpaid.id]) {
      const refused = await buy(owner, id, { purpose: "boost", boostDays: 2 });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe("Só um anúncio ativo pode ser impulsionado ou prolongado.");
      expect(paymentsOfAd(id)).toHaveLength(0);
    }
  });

  it("paid twice: the same PIX charge is shown again; other days withdraw it first; a running boost refuses another", async () => {
    const user = await createTestUser();
    const ad = activeAd(user.id, 10);
    const first = await buy(user, ad.id, { purpose: "boost", boostDays: 2 });
    const again = await buy(user, ad.id, { purpose: "boost", boostDays: 2 });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ reused: true, payment: { id: first.body.payment!.id } });
    const other = await buy(user, ad.id, { purpose: "boost", boostDays: 4 });
    expect(other.status).toBe(201);
    const open = paymentsOfAd(ad.id).filter((p) => p.status === "pending");
    expect(open.map((p) => p.id)).toEqual([other.body.payment!.id]);
    expect(paymentOf(first.body.payment!.id)).toMatchObject({ status: "failed", asaasStatus: "CANCELLED" });

    await confirm(other.body.payment!.id);
    const more = await buy(user, ad.id, { purpose: "boost", boostDays: 1 });
    expect(more.status).toBe(409);
    expect(more.body.message).toMatch(/já está impulsionado até/);
    // The withdrawn code paid anyway buys nothing: flagged for the admin's refund list.
    await confirm(first.body.payment!.id);
    expect(paymentOf(first.body.payment!.id).refundDueReason).toBeTruthy();
  });

  it.each(["paused", "sold"] as const)("a boost paid after the ad was %s is flagged for refund, never applied", async (status) => {
    const user = await createTestUser();
    const ad = activeAd(user.id, 10);
    const { body } = await buy(user, ad.id, { purpose: "boost", boostDays: 3 });
    db.update(ads).set({ status }).where(eq(ads.id, ad.id)).run();
    await confirm(body.payment!.id);
    expect(paymentOf(body.payment!.id)).toMatchObject({ status: "received" });
    expect(paymentOf(body.payment!.id).refundDueReason).toMatch(/Impulso pago quando o anúncio já não estava público/);
    db.update(ads).set({ status: "active" }).where(eq(ads.id, ad.id)).run();
    expect(runningBoostOf(ad.id)).toBeNull();
  });

  it("the boost stops when the ad stops being public (paused, sold, held), and a refund stops it without pausing the ad", async () => {
    const user = await createTestUser();
    const ad = activeAd(user.id, 10);
    const { body } = await buy(user, ad.id, { purpose: "boost", boostDays: 3 });
    await confirm(body.payment!.id);
    const { boostedUntilByAd } = await import("~/models/ad/boost.server");
    expect(boostedUntilByAd([ad.id]).has(ad.id)).toBe(true);
    for (const status of ["paused", "sold", "pending"] as const) {
      db.update(ads).set({ status }).where(eq(ads.id, ad.id)).run();
      expect(boostedUntilByAd([ad.id]).has(ad.id)).toBe(false);
    }
    db.update(ads).set({ status: "active" }).where(eq(ads.id, ad.id)).run();
    expect(boostedUntilByAd([ad.id]).has(ad.id)).toBe(true);

    const refunded = applyPaymentStatus(body.payment!.id, { status: "REFUNDED", gatewayStatus: "REFUNDED" });
    expect(refunded).toMatchObject({ status: "refunded", adStatus: null });
    expect(runningBoostOf(ad.id)).toBeNull();
    expect(adOf(ad.id).status).toBe("active");
  });
});

describe("POST /api/payments/create with purpose: extend ('Prolongar')", () => {
  it("charges only the added days at the ad's price and moves the ad's end when paid; a refund gives the days back", async () => {
    const user = await createTestUser();
    const ad = activeAd(user.id, 4);
    const { status, body } = await buy(user, ad.id, { purpose: "extend", extendDays: 5 });
    expect(status).toBe(201);
    expect(body.payment).toMatchObject({ amount: "12.50", purpose: "extend" });
    const payment = paymentOf(body.payment!.id);
    expect(payment.extendsFrom?.getTime()).toBe(ad.expirationDate.getTime());
    expect(payment.paysUntil?.getTime()).toBe(expirationInstantFromKey(addDaysToKey(todayKey(), 9)).getTime());
    await confirm(payment.id);
    expect(adOf(ad.id)).toMatchObject({ status: "active", expirationDate: payment.paysUntil });
    // Paying the day fee again is still refused: the ad's own payment is not an extension's.
    expect((await buy(user, ad.id, {})).status).toBe(409);

    applyPaymentStatus(payment.id, { status: "REFUNDED", gatewayStatus: "REFUNDED" });
    expect(adOf(ad.id)).toMatchObject({ status: "active", expirationDate: ad.expirationDate });
  });

  it("an extension paid after the ad's end changed, or after it was paused, is flagged and not applied", async () => {
    const user = await createTestUser();
    const ad = activeAd(user.id, 4);
    const first = await buy(user, ad.id, { purpose: "extend", days: 2 });
    db.update(ads).set({ status: "paused" }).where(eq(ads.id, ad.id)).run();
    await confirm(first.body.payment!.id);
    expect(paymentOf(first.body.payment!.id).refundDueReason).toMatch(/Prolongamento pago/);
    expect(adOf(ad.id).expirationDate.getTime()).toBe(ad.expirationDate.getTime());

    db.update(ads).set({ status: "active" }).where(eq(ads.id, ad.id)).run();
    const second = await buy(user, ad.id, { purpose: "extend", days: 2 });
    db.update(ads).set({ expirationDate: expirationInstantFromKey(addDaysToKey(todayKey(), 20)) }).where(eq(ads.id, ad.id)).run();
    await confirm(second.body.payment!.id);
    expect(paymentOf(second.body.payment!.id).refundDueReason).toMatch(/Prolongamento pago/);
    expect(expirationKeyFromInstant(adOf(ad.id).expirationDate)).toBe(addDaysToKey(todayKey(), 20));
  });
});

describe("/impulsionar/{id} without JavaScript", () => {
  it("quotes the chosen days, takes the plain form post, then shows the open PIX charge; someone else's ad is 404", async () => {
    const user = await createTestUser();
    const ad = activeAd(user.id, 10);
    const path = `/impulsionar/${ad.id}?dias=2`;
    const page = await callRoute(boostLoader, path, { params: { id: String(ad.id) }, init: { headers: withCookie(user) } });
    expect(page.status).toBe(200);
    expect(((await page.json()) as { page: { state: string; quote: { totalCents: number; days: number } } }).page).toMatchObject({ state: "form", quote: { days: 2, totalCents: 600 } });

    const posted = await callRoute(boostAction, path, {
      params: { id: String(ad.id) },
      ...formPost({ intent: "pay", paymentMethod: "PIX", name: "Maria da Silva", email: "maria@example.com", cpfCnpj: "529.982.247-25" }, withCookie(user)),
    });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("Location")).toBe(`/impulsionar/${ad.id}`);
    const open = await callRoute(boostLoader, `/impulsionar/${ad.id}`, { params: { id: String(ad.id) }, init: { headers: withCookie(user) } });
    const { page: shown } = (await open.json()) as { page: { state: string; open: { amountCents: number; pixPayload: string } } };
    expect(shown).toMatchObject({ state: "open", open: { amountCents: 600 } });
    expect(shown.open.pixPayload).toMatch(/^000201.*54046\.00/);

    const stranger = await createTestUser("Outro");
    expect((await callRoute(boostLoader, path, { params: { id: String(ad.id) }, init: { headers: withCookie(stranger) } })).status).toBe(404);
  });
});

describe("what a boost brought", () => {
  it("the owner's stats mark the boosted days; the admin sees boost income apart from day fees", async () => {
    const admin = await asAdmin();
    const income = async () => ((await (await callRoute(statsLoader, "/api/stats", api("GET", undefined, admin))).json()) as { income: Record<string, string> }).income;
    const before = await income();
    const user = await createTestUser();
    const ad = activeAd(user.id, 10);
    const { body } = await buy(user, ad.id, { purpose: "boost", boostDays: 2 });
    await confirm(body.payment!.id);

    const days = dailyStatsOf([ad.id]).get(ad.id)!;
    expect(days.at(-1)).toMatchObject({ date: todayKey(), boosted: true });
    expect(days.at(-2)!.boosted).toBeUndefined();
    const owner = await callRoute(adStatsLoader, `/api/ads/${ad.id}/stats`, { params: { id: String(ad.id) }, ...api("GET", undefined, user) });
    expect(((await owner.json()) as { days: { boosted?: boolean }[] }).days.at(-1)!.boosted).toBe(true);

    const after = await income();
    expect(Number(after.boosts) - Number(before.boosts)).toBeCloseTo(6);
    expect(after.adFees).toBe(before.adFees);
    const report = getAdminReport();
    expect(report.byPurpose.map((row) => row.label)).toEqual(["Diárias de anúncio", "Impulsos", "Prolongamentos"]);
    expect(report.byPurpose.find((row) => row.purpose === "boost")!.amountCents).toBe(Math.round(Number(after.boosts) * 100));
  });
});

describe("the boost's price setting", () => {
  it("GET answers R$ 3,00 until set; PUT by an admin sets it and the next boost charges it", async () => {
    const get = async () => (await callRoute(settingLoader, "/api/settings/ad_boost_price_per_day", { params: { key: "ad_boost_price_per_day" } })).json();
    expect(await get()).toMatchObject({ key: "ad_boost_price_per_day", value: "3.00" });
    const admin = await asAdmin();
    const user = await createTestUser();
    const put = (value: unknown, caller: { id: number; token: string; cookie: string; email: string }) =>
      callRoute(settingAction, "/api/settings/ad_boost_price_per_day", { params: { key: "ad_boost_price_per_day" }, ...api("PUT", { value }, caller) });
    expect((await put("9,99", user)).status).toBe(403);
    expect((await put("0", admin)).status).toBe(400);
    expect((await put("4,50", admin)).status).toBe(200);
    expect(await get()).toMatchObject({ value: "4.50" });
    const ad = activeAd(user.id, 10);
    expect((await buy(user, ad.id, { purpose: "boost", boostDays: 2 })).body.payment).toMatchObject({ amount: "9.00" });
  });
});
