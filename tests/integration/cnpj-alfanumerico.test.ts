/**
 * The alphanumeric CNPJ (IN RFB 2.229/2024, issued since July 2026) wherever a CPF/CNPJ is typed: the
 * payment form without JavaScript and POST /api/payments/create, through the Asaas client against the
 * fake Asaas (which checks documents as Asaas does). Letters are kept, upper-cased, up to Asaas; wrong
 * check digits are "CPF/CNPJ inválido" (400) and nothing reaches Asaas; old numeric CNPJs and CPFs still pay.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAsaasGateway, type FakeAsaas } from "../support/fake-asaas";
import { callRoute } from "../support/route";

let fake: FakeAsaas;
let createPayment: typeof import("~/routes/api.payments.create").action;
let pageAction: typeof import("~/routes/payment.$id").action;
let support: typeof import("../support/payments");

beforeAll(async () => {
  fake = await startFakeAsaasGateway({ webhookToken: "asaas-webhook-token-for-the-cnpj-tests" });
  createPayment = (await import("~/routes/api.payments.create")).action;
  pageAction = (await import("~/routes/payment.$id")).action;
  support = await import("../support/payments");
});

afterAll(async () => {
  await (await import("~/models/payment/confirmation.server")).settleReceipts();
  await fake?.close();
});

type Created = { payment: { id: number } };

const create = (user: { token: string }, body: Record<string, unknown>) =>
  callRoute(createPayment, "/api/payments/create", support.jsonPost(body, { Authorization: `Bearer ${user.token}` }));

/** The document of the Asaas customer charged for our payment. */
function documentAtAsaas(paymentId: number): string | undefined {
  const charge = [...fake.state.payments.values()].find((p) => p.externalReference === String(paymentId));
  return charge ? fake.state.customers.get(charge.customer)?.cpfCnpj : undefined;
}

describe("CNPJ alfanumérico", () => {
  it.each([
    ["masked", "12.ABC.345/01DE-35"],
    ["unmasked", "12ABC34501DE35"],
    ["in lower case", "12.abc.345/01de-35"],
  ])("pays by PIX through the API with the document %s, sent to Asaas with its letters", async (_, cpfCnpj) => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id);
    const response = await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: { ...support.customerInfo, cpfCnpj } });
    expect(response.status).toBe(201);
    const { payment } = (await response.json()) as Created;
    expect(documentAtAsaas(payment.id)).toBe("12ABC34501DE35");
  });

  it("pays from the form without JavaScript, typed in lower case with the mask's punctuation", async () => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id);
    const fields = { intent: "pay", paymentMethod: "PIX", name: "Padaria Exemplo", email: user.email, cpfCnpj: " 12.abc.345/01de-35 " };
    const response = await callRoute(pageAction, `/payment/${ad.id}`, { params: { id: String(ad.id) }, ...support.formPost(fields, support.withCookie(user)) });
    expect(response.status).toBe(302);
    const [row] = support.paymentsOfAd(ad.id);
    expect(documentAtAsaas(row!.id)).toBe("12ABC34501DE35");
  });

  it("sends the card holder's alphanumeric CNPJ with its letters (Asaas refuses it stripped)", async () => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id);
    const holder = { ...support.customerInfo, cpfCnpj: "12.ABC.345/01DE-35", phone: "(34) 99999-0000", postalCode: "38700-000", addressNumber: "100" };
    const response = await create(user, { adId: ad.id, paymentMethod: "CREDIT_CARD", customerInfo: holder, creditCard: support.goodCard, creditCardHolderInfo: holder });
    expect(response.status).toBe(201);
    expect(support.adOf(ad.id).status).toBe("active");
  });

  it.each([
    ["a wrong second check digit", "12.ABC.345/01DE-36"],
    ["a wrong first check digit", "12.ABC.345/01DE-25"],
    ["a letter in a check digit place", "12.ABC.345/01DE-3A"],
    ["a letter changed", "12.ABD.345/01DE-35"],
    ["letters in a CPF", "529.98A.247-25"],
  ])("refuses %s with 'CPF/CNPJ inválido' (400) and asks nothing of Asaas", async (_, cpfCnpj) => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id);
    const before = fake.state.requests.length;
    const response = await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: { ...support.customerInfo, cpfCnpj } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("CPF/CNPJ inválido");
    expect(fake.state.requests.length).toBe(before);
  });

  it.each([
    ["an old numeric CNPJ", "11.222.333/0001-81", "11222333000181"],
    ["a CPF", "529.982.247-25", "52998224725"],
  ])("still takes %s", async (_, cpfCnpj, sent) => {
    const user = await support.createTestUser();
    const ad = support.createPendingAd(user.id);
    const response = await create(user, { adId: ad.id, paymentMethod: "PIX", customerInfo: { ...support.customerInfo, cpfCnpj } });
    expect(response.status).toBe(201);
    expect(documentAtAsaas(((await response.json()) as Created).payment.id)).toBe(sent);
  });
});
