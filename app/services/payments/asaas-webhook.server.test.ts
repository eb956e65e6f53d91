import { describe, expect, it } from "vitest";
import { isValidWebhookToken, parseAsaasWebhook } from "./asaas-webhook.server";

describe("isValidWebhookToken", () => {
  it("accepts only the exact token", () => {
    expect(isValidWebhookToken("s3cret-token", "s3cret-token")).toBe(true);
    expect(isValidWebhookToken("s3cret-tokem", "s3cret-token")).toBe(false);
    expect(isValidWebhookToken("s3cret", "s3cret-token")).toBe(false);
    expect(isValidWebhookToken(null, "s3cret-token")).toBe(false);
    expect(isValidWebhookToken("", "")).toBe(false);
    expect(isValidWebhookToken("anything", "")).toBe(false);
  });
});

describe("parseAsaasWebhook", () => {
  const body = {
    id: "evt_05b708f961d739ea7eba7e4db318f621&368604920",
    event: "PAYMENT_CONFIRMED",
    dateCreated: "2026-06-15 12:00:00",
    payment: { object: "payment", id: "pay_080225913252", status: "CONFIRMED", externalReference: "17", value: 10 },
  };

  it("reads the event id, the payment and its normalised status", () => {
    expect(parseAsaasWebhook(body)).toEqual({
      eventId: body.id,
      event: "PAYMENT_CONFIRMED",
      gatewayPaymentId: "pay_080225913252",
      externalReference: "17",
      status: "CONFIRMED",
      gatewayStatus: "CONFIRMED",
    });
  });

  it("makes a stable id for deliveries without one", () => {
    const { id: _id, ...withoutId } = body;
    expect(parseAsaasWebhook(withoutId)?.eventId).toBe("PAYMENT_CONFIRMED:pay_080225913252:CONFIRMED");
  });

  it("maps refunds and chargebacks", () => {
    expect(parseAsaasWebhook({ ...body, payment: { ...body.payment, status: "REFUNDED" } })?.status).toBe("REFUNDED");
    expect(parseAsaasWebhook({ ...body, payment: { ...body.payment, status: "CHARGEBACK_REQUESTED" } })?.status).toBe("CHARGEBACK");
  });

  it("returns null for anything that is not a payment event", () => {
    expect(parseAsaasWebhook(null)).toBeNull();
    expect(parseAsaasWebhook("text")).toBeNull();
    expect(parseAsaasWebhook({ event: "TRANSFER_DONE", transfer: {} })).toBeNull();
    expect(parseAsaasWebhook({ event: "PAYMENT_RECEIVED", payment: { id: 1, status: "RECEIVED" } })).toBeNull();
    expect(parseAsaasWebhook({ ...body, payment: { ...body.payment, externalReference: null } })?.externalReference).toBeNull();
  });
});
