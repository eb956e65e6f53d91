import { describe, expect, it } from "vitest";
import {
  GATEWAY_STATUSES,
  GATEWAY_STATUS_LABELS,
  GENERIC_PAYMENT_ERROR,
  GatewayError,
  cardDeclinedError,
  isPaidStatus,
  isReversedStatus,
  normalizeAsaasStatus,
  paymentErrorMessage,
  pixTxid,
  rateLimitedError,
} from "./gateway";

describe("normalizeAsaasStatus", () => {
  it.each([
    ["PENDING", "PENDING"],
    ["AWAITING_RISK_ANALYSIS", "PENDING"],
    ["AUTHORIZED", "PENDING"],
    ["CONFIRMED", "CONFIRMED"],
    ["RECEIVED", "RECEIVED"],
    ["RECEIVED_IN_CASH", "RECEIVED"],
    ["DUNNING_RECEIVED", "RECEIVED"],
    ["OVERDUE", "OVERDUE"],
    ["DUNNING_REQUESTED", "OVERDUE"],
    ["REFUNDED", "REFUNDED"],
    ["REFUND_REQUESTED", "REFUNDED"],
    ["REFUND_IN_PROGRESS", "REFUNDED"],
    ["CHARGEBACK_REQUESTED", "CHARGEBACK"],
    ["CHARGEBACK_DISPUTE", "CHARGEBACK"],
    // "Disputa vencida, aguardando repasse da adquirente": the dispute was won, the money comes back.
    ["AWAITING_CHARGEBACK_REVERSAL", "CONFIRMED"],
    ["SOMETHING_NEW", "PENDING"],
  ])("%s → %s", (asaas, ours) => {
    expect(normalizeAsaasStatus(asaas)).toBe(ours);
  });
});

describe("status helpers", () => {
  it("counts confirmed and received as paid, refunds and chargebacks as reversed", () => {
    expect(GATEWAY_STATUSES.filter(isPaidStatus)).toEqual(["CONFIRMED", "RECEIVED"]);
    expect(GATEWAY_STATUSES.filter(isReversedStatus)).toEqual(["REFUNDED", "CHARGEBACK"]);
  });

  it("labels the spec's statuses in pt-BR", () => {
    expect(GATEWAY_STATUS_LABELS.PENDING).toBe("Aguardando Pagamento");
    expect(GATEWAY_STATUS_LABELS.CONFIRMED).toBe("Confirmado");
    expect(GATEWAY_STATUS_LABELS.RECEIVED).toBe("Recebido");
  });
});

describe("GatewayError", () => {
  it("maps each code to an HTTP status and a pt-BR fallback message", () => {
    expect(new GatewayError("invalid_request", "x").status).toBe(400);
    expect(new GatewayError("card_declined", "x").status).toBe(402);
    expect(new GatewayError("unavailable", "x").status).toBe(502);
    const timeout = new GatewayError("timeout", "x");
    expect(timeout.status).toBe(504);
    expect(timeout.userMessage).toMatch(/demorou a responder/);
    expect(new GatewayError("unavailable", "Asaas answered 500").userMessage).toBe(GENERIC_PAYMENT_ERROR);
    expect(new GatewayError("invalid_request", "x", { userMessage: "  " }).userMessage).toBe(GENERIC_PAYMENT_ERROR);
  });

  it("keeps the technical message apart from what the payer sees", () => {
    const error = new GatewayError("invalid_request", "Asaas answered 400 to POST /payments: invalid_cpfCnpj", {
      userMessage: "O CPF/CNPJ informado é inválido.",
    });
    expect(error.message).toContain("invalid_cpfCnpj");
    expect(paymentErrorMessage(error)).toBe("O CPF/CNPJ informado é inválido.");
    expect(paymentErrorMessage(new Error("boom"))).toBe("Erro ao processar pagamento. Tente novamente.");
  });

  it("answers a rate limit with 503, when to retry, and a pt-BR message saying so", () => {
    const error = rateLimitedError("Asaas answered 429 to GET /payments", 30);
    expect([error.code, error.status, error.retryAfterSeconds]).toEqual(["rate_limited", 503, 30]);
    expect(error.userMessage).toBe("O serviço de pagamento está ocupado. Tente novamente em 30 segundos.");
    expect(rateLimitedError("x", 0.2).userMessage).toBe("O serviço de pagamento está ocupado. Tente novamente em 1 segundo.");
    expect(rateLimitedError("x", 3600)).toMatchObject({ retryAfterSeconds: 3600, userMessage: expect.stringMatching(/em 60 minutos\.$/) });
    expect(new GatewayError("unavailable", "x").retryAfterSeconds).toBeUndefined();
  });

  it("turns a declined card charge into a 402 with the decline message", () => {
    const error = cardDeclinedError({ declineMessage: "Transação não autorizada." });
    expect([error.status, error.code, error.userMessage]).toEqual([402, "card_declined", "Transação não autorizada."]);
  });
});

describe("pixTxid", () => {
  it("pads our payment id to a 25-character alphanumeric txid", () => {
    expect(pixTxid(42)).toBe("CLASSPATOS000000000000042");
    expect(pixTxid(42)).toHaveLength(25);
    expect(pixTxid(999_999_999_999_999)).toBe("CLASSPATOS999999999999999");
  });

  it("refuses ids that are not positive integers or do not fit", () => {
    expect(() => pixTxid(0)).toThrow(RangeError);
    expect(() => pixTxid(1.5)).toThrow(RangeError);
    expect(() => pixTxid(1, "TOO-LONG-PREFIX")).toThrow(RangeError);
    expect(() => pixTxid(1_000_000_000_000_000)).toThrow(RangeError);
  });
});
