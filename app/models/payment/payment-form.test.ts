import { describe, expect, it } from "vitest";
import { CARD_MESSAGES } from "~/lib/card";
import { PAYMENT_MESSAGES, paymentStatusLabel } from "~/models/payment/payment";
import { apiPaymentSchema, formatCep, formatFee, paymentErrorToast, paymentFormSchema, paymentIssueText, paymentQuote } from "~/models/payment/payment-form";

// 12:00 in São Paulo on 15/06/2026.
const NOW = new Date("2026-06-15T15:00:00Z");

describe("paymentQuote: days charged from today (the first day free) × price per day", () => {
  it.each([
    ["2026-06-15", 0, 0],
    ["2026-06-16", 1, 250],
    ["2026-06-17", 2, 500],
    ["2026-06-18", 3, 750],
    ["2026-07-15", 30, 7500],
    ["2026-06-10", 0, 0],
  ])("expiring %s: %i days, %i cents", (expiration, days, total) => {
    const quote = paymentQuote(expiration, 250, NOW);
    expect(quote).toMatchObject({ chargedDays: days, totalCents: total, pricePerDayCents: 250, minDays: 3 });
  });

  it("counts São Paulo days: 23:30 on the 14th there is still the 14th", () => {
    const lateNight = new Date("2026-06-15T02:30:00Z");
    expect(paymentQuote("2026-06-17", 250, lateNight).chargedDays).toBe(3);
  });

  it("allows cards from R$ 5,00 on", () => {
    expect(paymentQuote("2026-06-16", 250, NOW).cardAllowed).toBe(false);
    expect(paymentQuote("2026-06-17", 250, NOW).cardAllowed).toBe(true);
    expect(paymentQuote("2026-06-17", 249, NOW).cardAllowed).toBe(false);
  });

  it("never goes below zero with a broken price", () => {
    expect(paymentQuote("2026-06-20", -100, NOW).totalCents).toBe(0);
  });
});

const person = { name: "Maria da Silva", email: "Maria@Example.com", cpfCnpj: "529.982.247-25", phone: "(34) 9 9999-0000" };
const card = { cardHolderName: "MARIA DA SILVA", cardNumber: "4111 1111 1111 1111", cardExpiryMonth: "12", cardExpiryYear: "2030", cardCcv: "123" };

function formErrors(input: Record<string, string | undefined>, requireAddress = false) {
  const result = paymentFormSchema({ requireAddress }).safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join(".")] ??= []).push(issue.message);
  return errors;
}

describe("the payment form's schema", () => {
  it("asks for name, email and CPF/CNPJ with the spec's message", () => {
    expect(formErrors({ paymentMethod: "PIX" })).toEqual({
      name: [PAYMENT_MESSAGES.required],
      email: [PAYMENT_MESSAGES.required],
      cpfCnpj: [PAYMENT_MESSAGES.required],
    });
  });

  it("checks the CPF/CNPJ check digits and the e-mail", () => {
    expect(formErrors({ ...person, paymentMethod: "PIX", cpfCnpj: "529.982.247-24" })).toEqual({ cpfCnpj: [PAYMENT_MESSAGES.invalidCpfCnpj] });
    expect(formErrors({ ...person, paymentMethod: "PIX", cpfCnpj: "111.111.111-11" })).toEqual({ cpfCnpj: [PAYMENT_MESSAGES.invalidCpfCnpj] });
    expect(formErrors({ ...person, paymentMethod: "PIX", cpfCnpj: "11.222.333/0001-81" })).toEqual({});
    expect(formErrors({ ...person, paymentMethod: "PIX", email: "maria@" })).toEqual({ email: [PAYMENT_MESSAGES.invalidEmail] });
  });

  it("needs a method", () => {
    expect(formErrors({ ...person })).toEqual({ paymentMethod: [PAYMENT_MESSAGES.invalidMethod] });
    expect(formErrors({ ...person, paymentMethod: "BOLETO" })).toEqual({ paymentMethod: [PAYMENT_MESSAGES.invalidMethod] });
  });

  it("ignores the card fields when paying by PIX, and gives the model digits only", () => {
    const result = paymentFormSchema({ requireAddress: false }).parse({ ...person, paymentMethod: "PIX", cardNumber: "garbage" });
    expect(result).toEqual({
      method: "PIX",
      customer: { name: "Maria da Silva", email: "maria@example.com", cpfCnpj: "52998224725", phone: "34999990000" },
      card: null,
      holder: null,
    });
  });

  it("asks for every card field with the spec's message", () => {
    expect(formErrors({ ...person, paymentMethod: "CREDIT_CARD", cardNumber: card.cardNumber })).toEqual({
      cardHolderName: [PAYMENT_MESSAGES.cardRequired],
      cardExpiryMonth: [PAYMENT_MESSAGES.cardRequired],
      cardExpiryYear: [PAYMENT_MESSAGES.cardRequired],
      cardCcv: [PAYMENT_MESSAGES.cardRequired],
    });
  });

  it("checks Luhn, expiry and CCV", () => {
    expect(formErrors({ ...person, ...card, paymentMethod: "CREDIT_CARD", cardNumber: "4111 1111 1111 1112" })).toEqual({ cardNumber: [CARD_MESSAGES.invalidNumber] });
    expect(formErrors({ ...person, ...card, paymentMethod: "CREDIT_CARD", cardExpiryYear: "2020" })).toEqual({ cardExpiryMonth: [CARD_MESSAGES.expired] });
    expect(formErrors({ ...person, ...card, paymentMethod: "CREDIT_CARD", cardExpiryMonth: "13" })).toEqual({ cardExpiryMonth: [CARD_MESSAGES.invalidExpiry] });
    expect(formErrors({ ...person, ...card, paymentMethod: "CREDIT_CARD", cardCcv: "12" })).toEqual({ cardCcv: [CARD_MESSAGES.invalidCcv] });
  });

  it("needs the holder's CEP, address number and phone when the gateway does (Asaas)", () => {
    const { phone: _phone, ...noPhone } = person;
    expect(formErrors({ ...noPhone, ...card, paymentMethod: "CREDIT_CARD" }, true)).toEqual({
      phone: [PAYMENT_MESSAGES.cardRequired],
      postalCode: [PAYMENT_MESSAGES.cardRequired],
      addressNumber: [PAYMENT_MESSAGES.cardRequired],
    });
    expect(formErrors({ ...person, ...card, paymentMethod: "CREDIT_CARD", postalCode: "38700-000", addressNumber: "100" }, true)).toEqual({});
  });

  it("builds the card and the holder for the gateway", () => {
    const result = paymentFormSchema({ requireAddress: true }).parse({ ...person, ...card, paymentMethod: "CREDIT_CARD", postalCode: "38700-000", addressNumber: "100" });
    expect(result.card).toEqual({ holderName: "MARIA DA SILVA", number: "4111111111111111", expiryMonth: "12", expiryYear: "2030", ccv: "123" });
    expect(result.holder).toEqual({ name: "Maria da Silva", email: "maria@example.com", cpfCnpj: "52998224725", phone: "34999990000", postalCode: "38700000", addressNumber: "100" });
  });
});

describe("the API's schema (spec 02 §3 payload shapes)", () => {
  const schema = apiPaymentSchema({ requireAddress: false });

  it("reads customerInfo, creditCard and creditCardHolderInfo", () => {
    const result = schema.parse({
      adId: "12",
      paymentMethod: "CREDIT_CARD",
      customerInfo: { name: "Maria", email: "maria@example.com", cpfCnpj: "52998224725", mobilePhone: "34999990000" },
      creditCard: { holderName: "MARIA", number: "4111111111111111", expiryMonth: "12", expiryYear: "2030", ccv: "123" },
      creditCardHolderInfo: { name: "Maria", email: "maria@example.com", cpfCnpj: "52998224725", phone: "34999990000", postalCode: "38700000", addressNumber: "10" },
      value: 0.01,
    });
    expect(result.adId).toBe(12);
    expect(result.request.method).toBe("CREDIT_CARD");
    expect(result.request.holder).toMatchObject({ postalCode: "38700000", addressNumber: "10", phone: "34999990000" });
  });

  it("names the nested field of each problem", () => {
    const result = schema.safeParse({ adId: 1, paymentMethod: "PIX", customerInfo: { name: "Maria" } });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toEqual(["customerInfo.email", "customerInfo.cpfCnpj"]);
  });
});

describe("messages", () => {
  it("puts the spec's titles before the grouped messages", () => {
    expect(paymentIssueText(PAYMENT_MESSAGES.required)).toBe("Campos obrigatórios: Por favor, preencha nome, email e CPF/CNPJ");
    expect(paymentIssueText(PAYMENT_MESSAGES.cardRequired)).toBe("Dados do cartão: Por favor, preencha todos os dados do cartão");
    expect(paymentIssueText(PAYMENT_MESSAGES.minimum)).toBe(
      "Valor mínimo não atingido: O valor mínimo para pagamento com cartão de crédito é R$ 5,00. Use PIX ou aumente a duração do anúncio.",
    );
    expect(paymentIssueText("CPF/CNPJ inválido")).toBe("CPF/CNPJ inválido");
  });

  it("chooses the toast: required fields first, then card data, else 'Erro no pagamento'", () => {
    expect(paymentErrorToast([CARD_MESSAGES.invalidNumber, PAYMENT_MESSAGES.cardRequired, PAYMENT_MESSAGES.required])).toEqual({
      title: "Campos obrigatórios",
      message: PAYMENT_MESSAGES.required,
    });
    expect(paymentErrorToast([CARD_MESSAGES.invalidNumber])).toEqual({ title: "Erro no pagamento", message: CARD_MESSAGES.invalidNumber });
  });

  it("shows a fee of zero as R$ 0,00 (not 'A combinar'), and masks the CEP", () => {
    expect(formatFee(0)).toBe("R$\u00a00,00");
    expect(formatFee(1250)).toBe("R$\u00a012,50");
    expect(formatCep("38700000")).toBe("38700-000");
    expect(formatCep("387")).toBe("387");
  });

  it("labels payments as the spec does", () => {
    expect(paymentStatusLabel({ status: "pending" })).toBe("Aguardando Pagamento");
    expect(paymentStatusLabel({ status: "confirmed" })).toBe("Confirmado");
    expect(paymentStatusLabel({ status: "received" })).toBe("Recebido");
    expect(paymentStatusLabel({ status: "failed", asaasStatus: "CANCELLED" })).toBe("Cancelado");
    expect(paymentStatusLabel({ status: "failed", asaasStatus: "DECLINED" })).toBe("Recusado");
  });
});
