/**
 * Paying for an ad with the local gateway (the default): the JSON API, the webhook, the page's
 * loader and actions and the receipt, against a real temporary database. No ASAAS_WEBHOOK_TOKEN here:
 * the webhook's token is the one generated into DATA_DIR (what `npm run payments:confirm` reads).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { db, sqlite } from "~/db/client.server";
import { paymentEvents, settings } from "~/db/schema";
import { getEnv } from "~/env.server";
import { PAYMENT_MESSAGES } from "~/models/payment/payment";
import { settleReceipts } from "~/models/payment/confirmation.server";
import { localConfirmationEvent, WEBHOOK_TOKEN_FILE, webhookToken } from "~/models/payment/gateway.server";
import { action as createPayment } from "~/routes/api.payments.create";
import { loader as pixQrCode } from "~/routes/api.payments.$id.pix-qrcode";
import { loader as paymentStatus } from "~/routes/api.payments.$id.status";
import { action as webhook } from "~/routes/api.payments.webhook";
import { action as pageAction, loader as pageLoader } from "~/routes/payment.$id";
import { loader as receiptLoader } from "~/routes/payment.$id_.recibo";
import { parseBrCode } from "~/services/payments/brcode";
import { DEMO_PIX_KEY } from "~/services/payments/local-gateway.server";
import { sendMail } from "~/models/mail/mailer.server";
import { callRoute } from "../support/route";
import {
  adOf,
  bearer,
  createPendingAd,
  createTestUser,
  customerInfo,
  formPost,
  goodCard,
  jsonPost,
  paymentOf,
  paymentsOfAd,
  webhookBody,
  withCookie,
  type TestUser,
} from "../support/payments";

vi.mock("~/models/mail/mailer.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/models/mail/mailer.server")>();
  return { ...actual, sendMail: vi.fn(actual.sendMail) };
});
const sentMail = vi.mocked(sendMail);

// Receipts are not awaited by the requests: let the last ones land before the data folder goes.
afterAll(() => settleReceipts());

beforeEach(() => {
  db.update(settings).set({ value: "2.50" }).where(eq(settings.key, "ad_price_per_day")).run();
});

type Created = { payment: { id: number; status: string; amount: string }; asaasPayment: { status: string; value: number }; redirectTo: string | null; reused: boolean };

async function create(user: TestUser, body: Record<string, unknown>) {
  return callRoute(createPayment, "/api/payments/create", jsonPost(body, bearer(user)));
}

async function createPix(user: TestUser, adId: number) {
  const response = await create(user, { adId, paymentMethod: "PIX", customerInfo });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as Created;
}

function deliver(body: unknown, token: string | null = webhookToken()) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (token !== null) headers["asaas-access-token"] = token;
  return callRoute(webhook, "/api/payments/webhook", { init: { method: "POST", headers, body: JSON.stringify(body) } });
}

const mailsTo = (email: string) => sentMail.mock.calls.filter(([message]) => message.to === email);

describe("POST /api/payments/create with PIX", () => {
  it("charges days × price per day for a real BR Code, whatever amount the client sends", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id, { days: 5 });
    const response = await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo, value: 0.01, amount: 1 });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Created;
    expect(body).toMatchObject({ asaasPayment: { status: "PENDING", value: 12.5 }, redirectTo: null, payment: { status: "pending", amount: "12.50" } });

    const row = paymentOf(body.payment.id);
    expect(row).toMatchObject({ adId: ad.id, userId: user.id, amountCents: 1250, paymentMethod: "PIX", status: "pending", asaasPaymentId: `local-pix-${row.id}` });
    const code = parseBrCode(row.pixQrCode!);
    expect(code).toMatchObject({ amount: "12.50", merchantAccount: { pixKey: DEMO_PIX_KEY }, merchantName: "CLASSIFICADOS PATOS" });
    expect(code.txid).toBe(`CLASSPATOS${String(row.id).padStart(15, "0")}`);

    const qr = await callRoute(pixQrCode, `/api/payments/${row.id}/pix-qrcode`, { params: { id: String(row.id) }, init: { headers: bearer(user) } });
    expect(qr.status).toBe(200);
    const qrBody = (await qr.json()) as { qrCodeImage: string; qrCodePayload: string };
    expect(qrBody.qrCodePayload).toBe(row.pixQrCode);
    expect(qrBody.qrCodeImage).toMatch(/^data:image\/png;base64,/);

    const status = await callRoute(paymentStatus, `/api/payments/${row.id}/status`, { params: { id: String(row.id) }, init: { headers: bearer(user) } });
    expect(await status.json()).toMatchObject({ isConfirmed: false, status: "pending", statusLabel: "Aguardando Pagamento", adStatus: "pending_payment" });
  });

  it("shows the open PIX charge again instead of piling up charges", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const first = await createPix(user, ad.id);
    const again = await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Created).payment.id).toBe(first.payment.id);
    expect(paymentsOfAd(ad.id)).toHaveLength(1);
  });

  it("withdraws the old charge when the amount changed (a new price)", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id, { days: 4 });
    const first = await createPix(user, ad.id);
    db.update(settings).set({ value: "3.00" }).where(eq(settings.key, "ad_price_per_day")).run();
    const second = await createPix(user, ad.id);
    expect(second.payment.id).not.toBe(first.payment.id);
    expect(paymentOf(second.payment.id).amountCents).toBe(1200);
    expect(paymentOf(first.payment.id)).toMatchObject({ status: "failed", asaasStatus: "CANCELLED" });
  });
});

describe("POST /api/payments/create with a card", () => {
  it("approves a good card at once: ad active, redirect to the dashboard, only brand and last four kept", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id, { days: 5 });
    const pix = await createPix(user, ad.id);
    const response = await create(user, { adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo, creditCard: goodCard });
    expect(response.status).toBe(201);
    const body = (await response.json()) as Created;
    expect(body).toMatchObject({ redirectTo: "/dashboard", asaasPayment: { status: "CONFIRMED", value: 12.5 }, payment: { status: "confirmed" } });
    expect(adOf(ad.id).status).toBe("active");
    expect(adOf(ad.id).expirationDate).toEqual(ad.expirationDate);
    expect(paymentOf(body.payment.id).metadata).toMatchObject({ cardBrand: "visa", cardLast4: "1111" });
    // The PIX code shown before was withdrawn so it cannot be paid on top.
    expect(paymentOf(pix.payment.id)).toMatchObject({ status: "failed", asaasStatus: "CANCELLED" });

    // Nowhere in the database: not the number, not the CCV with the expiry.
    sqlite.pragma("wal_checkpoint(TRUNCATE)");
    const file = fs.readFileSync(getEnv().DATABASE_PATH).toString("latin1");
    expect(file).not.toContain("4111111111111111");
    expect(file).not.toContain("4111 1111 1111 1111");

    // The receipt, once.
    await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(1));
    const receipt = mailsTo(user.email)[0]![0];
    expect(receipt.subject).toContain(`nº ${body.payment.id}`);
    expect(receipt.text).toContain("R$\u00a012,50");
    expect(receipt.text).toContain("Cartão Visa final 1111");
    expect(receipt.text).toContain(ad.title);
  });

  it("refuses to charge an ad twice", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    expect((await create(user, { adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo, creditCard: goodCard })).status).toBe(201);
    for (const method of ["CREDIT_CARD", "PIX"]) {
      const again = await create(user, { adId: ad.id, paymentMethod: method, customerInfo, creditCard: goodCard });
      expect(again.status).toBe(409);
      expect(await again.json()).toEqual({ message: PAYMENT_MESSAGES.alreadyPaid });
    }
    expect(paymentsOfAd(ad.id)).toHaveLength(1);
  });

  it("turns a declined test card into 'Erro no pagamento' with the reason; the ad keeps waiting", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const response = await create(user, { adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo, creditCard: { ...goodCard, number: "4000 0000 0000 0002" } });
    expect(response.status).toBe(402);
    expect(((await response.json()) as { message: string }).message).toBe(
      "Transação não autorizada. Verifique os dados do cartão de crédito e tente novamente.",
    );
    expect(adOf(ad.id).status).toBe("pending_payment");
    expect(paymentsOfAd(ad.id)[0]).toMatchObject({ status: "failed", asaasStatus: "DECLINED", metadata: { cardLast4: "0002" } });
    // The next try is not blocked by the refused one.
    expect((await create(user, { adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo, creditCard: goodCard })).status).toBe(201);
  });

  it("refuses cards below R$ 5,00 with the spec's message; PIX is fine", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id, { days: 1 });
    const response = await create(user, { adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo, creditCard: goodCard });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "Valor mínimo não atingido: O valor mínimo para pagamento com cartão de crédito é R$ 5,00. Use PIX ou aumente a duração do anúncio.",
    });
    expect((await createPix(user, ad.id)).asaasPayment.value).toBe(2.5);
  });
});

describe("POST /api/payments/create: what is refused", () => {
  it("answers the spec's messages for missing fields and card data", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const missing = await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: { name: "Maria" } });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe("Campos obrigatórios: Por favor, preencha nome, email e CPF/CNPJ");
    const badDocument = await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: { ...customerInfo, cpfCnpj: "123.456.789-00" } });
    expect(((await badDocument.json()) as { message: string }).message).toBe("CPF/CNPJ inválido");
    const noCard = await create(user, { adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo, creditCard: { number: goodCard.number } });
    expect(((await noCard.json()) as { message: string }).message).toBe("Dados do cartão: Por favor, preencha todos os dados do cartão");
    expect(paymentsOfAd(ad.id)).toHaveLength(0);
  });

  it("lets only the owner pay or read: anonymous 401, someone else's ad or payment 404", async () => {
    const owner = await createTestUser();
    const other = await createTestUser("Outra Pessoa");
    const ad = createPendingAd(owner.id);
    const anonymous = await callRoute(createPayment, "/api/payments/create", jsonPost({ adId: ad.id, paymentMethod: "PIX", customerInfo }));
    expect(anonymous.status).toBe(401);
    const stranger = await create(other, { adId: ad.id, paymentMethod: "PIX", customerInfo });
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ message: "Anúncio não encontrado" });
    expect((await create(owner, { adId: 99999999, paymentMethod: "PIX", customerInfo })).status).toBe(404);

    const { payment } = await createPix(owner, ad.id);
    for (const route of [pixQrCode, paymentStatus]) {
      const path = `/api/payments/${payment.id}/x`;
      expect((await callRoute(route, path, { params: { id: String(payment.id) }, init: { headers: bearer(other) } })).status).toBe(404);
      expect((await callRoute(route, path, { params: { id: String(payment.id) } })).status).toBe(401);
    }
    const page = await callRoute(pageLoader, `/payment/${ad.id}`, { params: { id: String(ad.id) }, init: { headers: withCookie(other) } });
    expect(page.status).toBe(404);
    expect(await page.text()).toBe("Anúncio não encontrado");
  });

  it("publishes an ad that costs nothing (its last day is today) without a charge", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id, { days: 0 });
    const response = await create(user, { adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo, creditCard: goodCard });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ asaasPayment: { status: "FREE", value: 0 }, redirectTo: "/dashboard" });
    expect(adOf(ad.id).status).toBe("active");
    expect(paymentsOfAd(ad.id)).toMatchObject([{ amountCents: 0, status: "confirmed", asaasStatus: "FREE" }]);
    await settleReceipts();
    expect(mailsTo(user.email)).toHaveLength(0);
  });

  it("refuses an ad that already expired", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id, { days: -2 });
    const response = await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: PAYMENT_MESSAGES.expired });
  });
});

describe("POST /api/payments/webhook", () => {
  it("uses a token generated into DATA_DIR when ASAAS_WEBHOOK_TOKEN is unset", () => {
    const token = webhookToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(getEnv().DATA_DIR, WEBHOOK_TOKEN_FILE);
    expect(fs.readFileSync(file, "utf8")).toBe(token);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });

  it("answers 401 to a wrong or missing token and changes nothing", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const { payment } = await createPix(user, ad.id);
    const body = localConfirmationEvent(payment.id);
    expect((await deliver(body, "wrong-token")).status).toBe(401);
    expect((await deliver(body, null)).status).toBe(401);
    expect((await deliver(body, "")).status).toBe(401);
    expect(paymentOf(payment.id).status).toBe("pending");
    expect(adOf(ad.id).status).toBe("pending_payment");
  });

  it("applies a delivery once: five replays activate the ad once and send one receipt", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const { payment } = await createPix(user, ad.id);
    const body = webhookBody(`local-pix-${payment.id}`, "PAYMENT_RECEIVED", "RECEIVED");
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await (await deliver(body)).json()) as { outcome: string });
    expect(answers.map((a) => a.outcome)).toEqual(["applied", "duplicate", "duplicate", "duplicate", "duplicate"]);
    expect(paymentOf(payment.id)).toMatchObject({ status: "received", asaasStatus: "RECEIVED" });
    expect(paymentOf(payment.id).confirmedDate).toBeInstanceOf(Date);
    expect(adOf(ad.id).status).toBe("active");
    expect(db.select().from(paymentEvents).where(eq(paymentEvents.eventId, body.id)).all()).toHaveLength(1);
    await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(1));
  });

  it("handles events out of order: RECEIVED before CONFIRMED, CONFIRMED after REFUNDED", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const { payment } = await createPix(user, ad.id);
    const gatewayId = `local-pix-${payment.id}`;
    await deliver(webhookBody(gatewayId, "PAYMENT_RECEIVED", "RECEIVED"));
    await deliver(webhookBody(gatewayId, "PAYMENT_CONFIRMED", "CONFIRMED"));
    expect(paymentOf(payment.id).status).toBe("received");
    expect(adOf(ad.id).status).toBe("active");

    await deliver(webhookBody(gatewayId, "PAYMENT_REFUNDED", "REFUNDED"));
    expect(paymentOf(payment.id).status).toBe("refunded");
    expect(adOf(ad.id).status).toBe("paused");
    await deliver(webhookBody(gatewayId, "PAYMENT_CONFIRMED", "CONFIRMED"));
    await deliver(webhookBody(gatewayId, "PAYMENT_RECEIVED", "RECEIVED"));
    expect(paymentOf(payment.id).status).toBe("refunded");
    expect(adOf(ad.id).status).toBe("paused");
    await vi.waitFor(() => expect(mailsTo(user.email)).toHaveLength(1));
  });

  it("pauses the ad on a chargeback of a card payment", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const response = await create(user, { adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo, creditCard: goodCard });
    const { payment } = (await response.json()) as Created;
    const answer = await deliver(webhookBody(`local-card-${payment.id}`, "PAYMENT_CHARGEBACK_REQUESTED", "CHARGEBACK_REQUESTED"));
    expect(await answer.json()).toMatchObject({ outcome: "applied", payment: { status: "refunded", adStatus: "paused" } });
    expect(adOf(ad.id).status).toBe("paused");
  });

  it("answers 200 and does nothing for a payment it does not know", async () => {
    const response = await deliver(webhookBody("pay_unknown_123", "PAYMENT_RECEIVED", "RECEIVED", { externalReference: "99999999" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ outcome: "unknown_payment" });
    const other = await deliver({ event: "SOMETHING_ELSE" });
    expect(other.status).toBe(200);
  });

  it("activates the ad once under 10 parallel deliveries with different event ids", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const { payment } = await createPix(user, ad.id);
    const gatewayId = `local-pix-${payment.id}`;
    const events = Array.from({ length: 10 }, (_, i) =>
      webhookBody(gatewayId, i % 2 ? "PAYMENT_CONFIRMED" : "PAYMENT_RECEIVED", i % 2 ? "CONFIRMED" : "RECEIVED"),
    );
    const answers = await Promise.all(events.map((body) => deliver(body)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(adOf(ad.id).status).toBe("active");
    expect(paymentOf(payment.id).status).toBe("received");
    // Every receipt those deliveries started has been sent (or failed): one, not ten.
    await settleReceipts();
    expect(mailsTo(user.email)).toHaveLength(1);
  });

  it("sends an ad that moderation asked a person to look at to the admin queue (pending), expiration kept", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id, { moderation: "needs_review" });
    const { payment } = await createPix(user, ad.id);
    await deliver(localConfirmationEvent(payment.id));
    expect(adOf(ad.id).status).toBe("pending");
    expect(adOf(ad.id).expirationDate).toEqual(ad.expirationDate);
    // The local confirmation is one fixed event per payment: sending it again is a replay.
    expect(await (await deliver(localConfirmationEvent(payment.id))).json()).toMatchObject({ outcome: "duplicate" });
  });
});

describe("the /payment/{id} page (plain form posts)", () => {
  const page = (user: TestUser | null, adId: number, search = "") =>
    callRoute(pageLoader, `/payment/${adId}${search}`, { params: { id: String(adId) }, init: { headers: user ? withCookie(user) : {} } });
  const post = (user: TestUser, adId: number, fields: Record<string, string>) =>
    callRoute(pageAction, `/payment/${adId}`, { params: { id: String(adId) }, ...formPost(fields, withCookie(user)) });

  type PageData = {
    page: { state: string; quote: { totalCents: number; chargedDays: number }; open: { paymentId: number; pixPayload: string; statusLabel: string } | null; paid: { statusLabel: string } | null };
    qrCodeImage: string | null;
    customer: { name: string; email: string };
    canSimulate: boolean;
  };

  it("sends a visitor who is not signed in to the login", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const response = await page(null, ad.id);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=%2Fpayment%2F${ad.id}`);
  });

  it("PIX without JavaScript: form → QR and code → 'Já paguei — verificar' → paid, with a receipt", async () => {
    const user = await createTestUser("Joana Prado");
    const ad = createPendingAd(user.id, { days: 3 });
    const before = (await (await page(user, ad.id)).json()) as PageData;
    expect(before).toMatchObject({ page: { state: "form", quote: { totalCents: 750, chargedDays: 3 } }, customer: { name: "Joana Prado", email: user.email }, canSimulate: true });

    const paid = await post(user, ad.id, { intent: "pay", paymentMethod: "PIX", name: "Joana Prado", email: user.email, cpfCnpj: "529.982.247-25" });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toBe(`/payment/${ad.id}`);

    const open = (await (await page(user, ad.id)).json()) as PageData;
    expect(open.page.state).toBe("open");
    expect(open.page.open).toMatchObject({ statusLabel: "Aguardando Pagamento" });
    expect(parseBrCode(open.page.open!.pixPayload).amount).toBe("7.50");
    expect(open.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    const paymentId = open.page.open!.paymentId;

    const early = await post(user, ad.id, { intent: "check", paymentId: String(paymentId) });
    expect(early.status).toBe(302);
    expect(adOf(ad.id).status).toBe("pending_payment");

    await deliver(localConfirmationEvent(paymentId));
    const check = await post(user, ad.id, { intent: "check", paymentId: String(paymentId) });
    expect(check.headers.get("Location")).toBe(`/payment/${ad.id}`);
    const after = (await (await page(user, ad.id)).json()) as PageData;
    expect(after.page).toMatchObject({ state: "paid", paid: { statusLabel: "Recebido" } });

    const receipt = await callRoute(receiptLoader, `/payment/${ad.id}/recibo`, { params: { id: String(ad.id) }, init: { headers: withCookie(user) } });
    expect(receipt.status).toBe(200);
    expect(await receipt.json()).toMatchObject({
      receipt: { paymentId, adId: ad.id, adTitle: ad.title, amountCents: 750, methodLabel: "PIX", statusLabel: "Recebido", payerName: "Joana Prado" },
    });
    const stranger = await createTestUser();
    const hidden = await callRoute(receiptLoader, `/payment/${ad.id}/recibo`, { params: { id: String(ad.id) }, init: { headers: withCookie(stranger) } });
    expect(hidden.status).toBe(404);
  });

  it("'Simular pagamento' (outside production) confirms through the webhook's own path", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    await post(user, ad.id, { intent: "pay", paymentMethod: "PIX", name: "Maria", email: user.email, cpfCnpj: "52998224725" });
    const [payment] = paymentsOfAd(ad.id);
    const response = await post(user, ad.id, { intent: "simulate", paymentId: String(payment!.id) });
    expect(response.status).toBe(302);
    expect(adOf(ad.id).status).toBe("active");
    expect(db.select().from(paymentEvents).where(eq(paymentEvents.eventId, `local-confirm-${payment!.id}`)).all()).toHaveLength(1);
  });

  it("card: approved → back here with ?pagamento=aprovado; refused fields come back without the card number", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const card = { cardHolderName: "MARIA", cardNumber: "4111 1111 1111 1111", cardExpiryMonth: "12", cardExpiryYear: "2030", cardCcv: "123" };
    const refused = await post(user, ad.id, { intent: "pay", paymentMethod: "CREDIT_CARD", name: "Maria", email: user.email, cpfCnpj: "", ...card });
    expect(refused.status).toBe(400);
    const text = await refused.text();
    expect(text).not.toContain("4111");
    expect(JSON.parse(text)).toMatchObject({
      alert: { title: "Campos obrigatórios", message: "Por favor, preencha nome, email e CPF/CNPJ" },
      toast: { type: "error", message: "Campos obrigatórios" },
    });

    const declined = await post(user, ad.id, { intent: "pay", paymentMethod: "CREDIT_CARD", name: "Maria", email: user.email, cpfCnpj: "52998224725", ...card, cardNumber: "4000000000000002" });
    expect(declined.status).toBe(402);
    expect(await declined.json()).toMatchObject({ alert: { title: "Erro no pagamento" }, toast: { message: "Erro no pagamento" } });

    const approved = await post(user, ad.id, { intent: "pay", paymentMethod: "CREDIT_CARD", name: "Maria", email: user.email, cpfCnpj: "52998224725", ...card });
    expect(approved.status).toBe(302);
    expect(approved.headers.get("Location")).toBe(`/payment/${ad.id}?pagamento=aprovado`);
    expect(adOf(ad.id).status).toBe("active");
    const data = (await (await page(user, ad.id, "?pagamento=aprovado")).json()) as PageData & { approved: boolean };
    expect(data).toMatchObject({ approved: true, page: { state: "paid", paid: { statusLabel: "Confirmado" } } });
  });
});
