/**
 * Refunds from the admin (/admin/payments, models/payment/refund.server.ts) with the local gateway,
 * against a real temporary database: a paid payment refunded once (payment refunded, ad paused, the
 * payer e-mailed, who and when recorded), what cannot be refunded, who may not refund, two admins at
 * once, a gateway failure, and the money owed back listed first ('Reembolsos pendentes').
 */
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { ads, chargeWithdrawals, payments, settings, subcategories } from "~/db/schema";
import { dashboardFilterFromUrl, listManagedAds } from "~/models/ad/dashboard.server";
import { getAdForEdit, updateAd } from "~/models/ad/edit.server";
import { settleReceipts } from "~/models/payment/confirmation.server";
import { paymentGateway } from "~/models/payment/gateway.server";
import { getPaymentForRefund, listPendingRefunds, listRecentPayments, refundPayment, REFUND_MESSAGES, settleRefundNotices } from "~/models/payment/refund.server";
import { sendRefundNotice } from "~/models/payment/receipt.server";
import { action as createPayment } from "~/routes/api.payments.create";
import { action as paymentsAction, loader as paymentsLoader } from "~/routes/admin.payments";
import { GatewayError } from "~/services/payments/gateway";
import { outboxDir, sendMail } from "~/models/mail/mailer.server";
import { asAdmin, asUser, page, toastOf, type Caller } from "../support/admin";
import { adOf, bearer, createPendingAd, createTestUser, customerInfo, goodCard, jsonPost, paymentOf, type TestUser } from "../support/payments";
import { inDays } from "../support/ad-fixtures";
import { decodeMail } from "../support/outbox";
import { callRoute } from "../support/route";

vi.mock("~/models/mail/mailer.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/mail/mailer.server")>();
  return { ...actual, sendMail: vi.fn(actual.sendMail) };
});
const sentMail = vi.mocked(sendMail);

// The refund's call to the gateway, counted (the local gateway's own answer: REFUNDED, nothing moves).
const refundCharge = vi.spyOn(paymentGateway(), "refundCharge");

afterAll(async () => {
  await settleReceipts();
  await settleRefundNotices();
});

let admin: Caller;
beforeEach(async () => {
  db.update(settings).set({ value: "2.50" }).where(eq(settings.key, "ad_price_per_day")).run();
  admin = await asAdmin();
});
afterEach(() => refundCharge.mockClear());

/** An ad of a new user, paid by card at once (local gateway): active, payment confirmed. */
async function paidAd(days = 5) {
  const user = await createTestUser();
  const ad = createPendingAd(user.id, { days });
  const response = await callRoute(createPayment, "/api/payments/create", jsonPost({ adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo, creditCard: goodCard }, bearer(user)));
  expect(response.status).toBe(201);
  const { payment } = (await response.json()) as { payment: { id: number } };
  expect(adOf(ad.id).status).toBe("active");
  return { user, ad, paymentId: payment.id };
}

function refundPost(caller: Caller | null, paymentId: number | string, extra: Record<string, string> = {}) {
  return callRoute(paymentsAction, "/admin/payments", page(caller, { intent: "refund", paymentId: String(paymentId), ...extra }));
}

async function loaderData(caller: Caller, search = "") {
  const response = await callRoute(paymentsLoader, `/admin/payments${search}`, page(caller));
  expect(response.status).toBe(200);
  return (await response.json()) as {
    confirm: { id: number; refundable: boolean; refusal: string | null } | null;
    pending: { key: string; paymentId: number | null; reason: string; refundable: boolean; amountText: string }[];
    recent: { rows: { id: number; statusLabel: string; refundable: boolean; returnByHand: unknown }[] };
  };
}

const mailsTo = (user: TestUser) => sentMail.mock.calls.filter(([message]) => message.to === user.email).map(([message]) => message);

/** The .eml files written for `email` that tell of a refund. */
function refundFilesFor(email: string) {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => fs.readFileSync(path.join(dir, name), "utf8"))
    .filter((eml) => eml.includes(`To: ${email}`) && /Estornamos o pagamento|Registramos o estorno/.test(decodeMail(eml).body));
}

describe("POST /admin/payments (intent=refund)", () => {
  it("refunds a paid payment once: payment refunded, ad paused, who and when recorded, the payer told the money is returned by hand", async () => {
    const { user, ad, paymentId } = await paidAd();
    const confirm = await loaderData(admin, `?estornar=${paymentId}`);
    expect(confirm.confirm).toMatchObject({ id: paymentId, refundable: true, refusal: null });

    const before = Date.now();
    const response = await refundPost(admin, paymentId, { voltar: "/admin/payments?pagina=1&estornar=9" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/payments?pagina=1");
    // The local gateway sends no money: the admin is told to give it back by hand.
    expect(await toastOf(response)).toMatchObject({ type: "success", message: REFUND_MESSAGES.recorded, description: expect.stringContaining("Nenhum dinheiro foi enviado") });

    expect(refundCharge).toHaveBeenCalledTimes(1);
    expect(refundCharge).toHaveBeenCalledWith(paymentOf(paymentId).asaasPaymentId);
    const payment = paymentOf(paymentId);
    expect(payment.status).toBe("refunded");
    expect(payment.metadata).toMatchObject({ refundedBy: admin.id, cardLast4: "1111", refundByHand: true });
    expect(payment.metadata).not.toHaveProperty("refundClaim");
    expect(Date.parse(payment.metadata!.refundedAt as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(adOf(ad.id).status).toBe("paused");

    await settleRefundNotices();
    const [notice] = mailsTo(user).filter((message) => message.subject.includes("Estorno"));
    expect(notice?.subject).toBe(`Estorno do pagamento nº ${paymentId} registrado — Classificados Patos`);
    expect(notice?.text).toContain("O valor ainda não foi devolvido: a devolução é feita manualmente pela nossa equipe");
    expect(notice?.text).not.toMatch(/Estornamos|volta pela mesma forma|Valor estornado/);
    expect(notice?.text).toContain("Valor a devolver: R$\u00a012,50");
    expect(notice?.text).toContain(ad.title);
    expect(notice?.text).toContain("o anúncio foi pausado");
    expect(refundFilesFor(user.email)).toHaveLength(1);

    const listed = (await loaderData(admin)).recent.rows.find((row) => row.id === paymentId);
    expect(listed).toMatchObject({ statusLabel: "Estornado", refundable: false, returnByHand: { due: true } });

    // Again (a second click, another tab): refused, and the gateway is not asked twice.
    const again = await refundPost(admin, paymentId);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ toast: { type: "error", message: REFUND_MESSAGES.refundError, description: REFUND_MESSAGES.alreadyRefunded } });
    expect(refundCharge).toHaveBeenCalledTimes(1);
    await settleRefundNotices();
    expect(refundFilesFor(user.email)).toHaveLength(1);
  });

  it("lets only one of two admins clicking at once reach the gateway", async () => {
    const { paymentId } = await paidAd();
    // The gateway takes a moment, as Asaas does: the second click arrives while the first waits.
    refundCharge.mockImplementationOnce(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { status: "REFUNDED", gatewayStatus: "REFUNDED" };
    });
    const [first, second] = await Promise.all([refundPayment(paymentId, admin.id), refundPayment(paymentId, admin.id)]);
    expect([first.ok, second.ok].sort()).toEqual([false, true]);
    expect([first, second].find((outcome) => !outcome.ok)).toMatchObject({ status: 409, message: REFUND_MESSAGES.inProgress });
    expect(refundCharge).toHaveBeenCalledTimes(1);
    expect(paymentOf(paymentId).status).toBe("refunded");
  });

  it("answers a gateway failure with its message and leaves the payment paid, ready for another try", async () => {
    const { ad, paymentId } = await paidAd();
    refundCharge.mockRejectedValueOnce(new GatewayError("unavailable", "Asaas answered 503", { userMessage: "O serviço de pagamento está indisponível. Tente novamente em instantes." }));
    const response = await refundPost(admin, paymentId);
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ toast: { description: "O serviço de pagamento está indisponível. Tente novamente em instantes." } });
    expect(paymentOf(paymentId).status).toBe("confirmed");
    expect(paymentOf(paymentId).metadata).not.toHaveProperty("refundClaim");
    expect(adOf(ad.id).status).toBe("active");

    expect(await refundPayment(paymentId, admin.id)).toMatchObject({ ok: true, adPaused: true });
    expect(refundCharge).toHaveBeenCalledTimes(2);
  });

  it("refuses what is not paid money: a pending payment, a free publication, an unknown id", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const pix = await callRoute(createPayment, "/api/payments/create", jsonPost({ adId: ad.id, paymentMethod: "PIX", customerInfo }, bearer(user)));
    const pending = ((await pix.json()) as { payment: { id: number } }).payment.id;
    const refused = await refundPost(admin, pending);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ toast: { description: 'Só um pagamento confirmado pode ser estornado: este está "Aguardando Pagamento".' } });
    expect(paymentOf(pending).status).toBe("pending");
    expect((await loaderData(admin, `?estornar=${pending}`)).confirm).toMatchObject({ refundable: false });

    const free = db
      .insert(payments)
      .values({ adId: ad.id, userId: user.id, amountCents: 0, paymentMethod: "PIX", status: "confirmed", asaasStatus: "FREE", confirmedDate: new Date() })
      .returning()
      .get();
    expect(await refundPayment(free.id, admin.id)).toEqual({ ok: false, status: 409, message: REFUND_MESSAGES.free });

    const missing = await refundPost(admin, 999_999_999);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ toast: { description: "Pagamento não encontrado" } });
    expect((await refundPost(admin, "abc")).status).toBe(400);
    expect(refundCharge).not.toHaveBeenCalled();
  });

  it("keeps non-admins out: a user's POST is sent to / and a visitor's refused; nothing changes", async () => {
    const { ad, paymentId } = await paidAd();
    const user = await asUser();
    const response = await refundPost(user, paymentId);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await toastOf(response)).toMatchObject({ type: "error", message: "Acesso Negado" });
    const visitor = await refundPost(null, paymentId);
    expect(visitor.status).toBeGreaterThanOrEqual(300);
    expect(visitor.status).not.toBe(200);
    expect((await callRoute(paymentsLoader, "/admin/payments", page(user))).headers.get("Location")).toBe("/");

    expect(refundCharge).not.toHaveBeenCalled();
    expect(paymentOf(paymentId).status).toBe("confirmed");
    expect(adOf(ad.id).status).toBe("active");
  });
});

describe("a refund the local gateway only records (issue #36, item 5)", () => {
  const markPost = (caller: Caller | null, paymentId: number) =>
    callRoute(paymentsAction, "/admin/payments", page(caller, { intent: "returned-by-hand", paymentId: String(paymentId) }));

  it("waits for the admin's 'Devolvido manualmente', records when once, and refuses it for anything else", async () => {
    const { paymentId } = await paidAd();
    // Not refunded yet: nothing is owed by hand.
    expect((await markPost(admin, paymentId)).status).toBe(409);
    expect((await refundPost(admin, paymentId)).status).toBe(302);
    expect((await loaderData(admin)).recent.rows.find((row) => row.id === paymentId)?.returnByHand).toEqual({ due: true });

    const user = await asUser();
    expect((await markPost(user, paymentId)).status).toBe(302);
    expect(paymentOf(paymentId).metadata).not.toHaveProperty("returnedByHandAt");

    const before = Date.now();
    const marked = await markPost(admin, paymentId);
    expect(marked.status).toBe(302);
    expect(await toastOf(marked)).toMatchObject({ type: "success", message: "Devolução registrada", description: expect.stringMatching(/^Devolvido manualmente em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}\.$/) });
    expect(paymentOf(paymentId).metadata).toMatchObject({ returnedByHandBy: admin.id });
    expect(Date.parse(paymentOf(paymentId).metadata!.returnedByHandAt as string)).toBeGreaterThanOrEqual(before - 1000);
    const row = (await loaderData(admin)).recent.rows.find((r) => r.id === paymentId);
    expect(row?.returnByHand).toMatchObject({ due: false, atText: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/) });
    expect((await markPost(admin, paymentId)).status).toBe(409);
    expect((await markPost(admin, 999_999_999)).status).toBe(404);
  });

  it("keeps the gateway's wording when money really went back (Asaas)", async () => {
    const { user, paymentId } = await paidAd();
    await sendRefundNotice(paymentId, { adPaused: false, byHand: false });
    const notice = mailsTo(user).find((message) => message.subject === `Pagamento nº ${paymentId} estornado — Classificados Patos`);
    expect(notice?.text).toContain("O valor volta pela mesma forma de pagamento");
    expect(notice?.text).toContain("Valor estornado: R$\u00a012,50");
  });
});

describe("an ad paused by a refund (issue #36, item 5)", () => {
  it("offers its owner 'Pagar' (a new period paid for), never a 'Reativar' that fails", async () => {
    const { user, ad, paymentId } = await paidAd();
    expect((await refundPayment(paymentId, admin.id)).ok).toBe(true);
    expect(adOf(ad.id).status).toBe("paused");
    const owner = { id: user.id, isAdmin: false };
    const actionsOf = () => listManagedAds(owner, dashboardFilterFromUrl(new URL("http://x/dashboard"), owner)).ads.find((row) => row.id === ad.id)?.actions;
    expect(actionsOf()).toEqual(["pay-again", "mark-sold"]);

    // 'Pagar' opens the edit page's reactivation: a new last day, then the payment page.
    const found = getAdForEdit(ad.id, owner);
    expect(found.ok && found.constraints).toMatchObject({ reactivating: true, leadsToPayment: true });
    const row = adOf(ad.id);
    const saved = await updateAd(ad.id, owner, {
      adType: row.adType,
      categoryId: row.categoryId,
      subcategoryId: row.subcategoryId ?? db.select({ id: subcategories.id }).from(subcategories).where(eq(subcategories.categoryId, row.categoryId)).get()?.id,
      title: row.title,
      description: row.description,
      price: row.priceCents,
      whatsapp: "",
      expirationDate: inDays(6),
    });
    expect(saved).toMatchObject({ ok: true, status: "pending_payment", leadsToPayment: true });
    const response = await callRoute(createPayment, "/api/payments/create", jsonPost({ adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo, creditCard: goodCard }, bearer(user)));
    expect(response.status).toBe(201);
    expect(adOf(ad.id).status).toBe("active");
  });

  it("keeps 'Reativar' for a pause of the owner's own", async () => {
    const { user, ad } = await paidAd();
    db.update(ads).set({ status: "paused" }).where(eq(ads.id, ad.id)).run();
    const owner = { id: user.id, isAdmin: false };
    const listed = listManagedAds(owner, dashboardFilterFromUrl(new URL("http://x/dashboard"), owner)).ads.find((row) => row.id === ad.id);
    expect(listed?.actions).toEqual(["edit-paused", "reactivate", "mark-sold"]);
  });
});

describe("'Reembolsos pendentes'", () => {
  it("lists money that bought nothing first; refunding it does not pause the ad it did not pay for", async () => {
    const { user, ad, paymentId } = await paidAd();
    // A second payment of the live ad (what the confirmation flags when money arrives for nothing).
    const duplicate = db
      .insert(payments)
      .values({
        adId: ad.id,
        userId: user.id,
        asaasPaymentId: `local-pix-dup-${randomBytes(4).toString("hex")}`,
        amountCents: 1250,
        paymentMethod: "PIX",
        status: "received",
        asaasStatus: "RECEIVED",
        confirmedDate: new Date(),
        refundDueReason: "Segundo pagamento de um anúncio já publicado",
      })
      .returning()
      .get();
    // And a withdrawn charge paid anyway, known only by its withdrawal record.
    const withdrawn = db
      .insert(chargeWithdrawals)
      .values({ gatewayPaymentId: `gone-${randomBytes(4).toString("hex")}`, paymentId: 999_999_998, adId: ad.id, userId: user.id, amountCents: 750, reason: "superseded", doneAt: new Date(), paidAt: new Date() })
      .returning()
      .get();

    const { pending, recent } = await loaderData(admin);
    expect(pending.find((item) => item.paymentId === duplicate.id)).toMatchObject({
      reason: "Segundo pagamento de um anúncio já publicado",
      refundable: true,
      amountText: "R$\u00a012,50",
    });
    expect(pending.find((item) => item.key === `w${withdrawn.id}`)).toMatchObject({
      paymentId: null,
      refundable: false,
      reason: "Pago depois de a cobrança ser substituída (o período do anúncio mudou)",
    });
    expect(pending.some((item) => item.paymentId === paymentId)).toBe(false);
    expect(recent.rows.find((row) => row.id === duplicate.id)).toMatchObject({ refundable: true });

    expect(await refundPayment(duplicate.id, admin.id)).toMatchObject({ ok: true, adPaused: false });
    expect(paymentOf(duplicate.id).status).toBe("refunded");
    expect(adOf(ad.id).status).toBe("active");
    expect(listPendingRefunds().some((item) => item.paymentId === duplicate.id)).toBe(false);
    expect(getPaymentForRefund(duplicate.id)).toMatchObject({ refundable: false, refusal: REFUND_MESSAGES.alreadyRefunded });
    expect(listRecentPayments(1).rows.find((row) => row.id === duplicate.id)).toMatchObject({ statusLabel: "Estornado" });
    await settleRefundNotices();
    expect(mailsTo(user).find((message) => message.subject.includes(`nº ${duplicate.id} registrado`))?.text).toContain("Este estorno não muda o seu anúncio.");
  });
});
