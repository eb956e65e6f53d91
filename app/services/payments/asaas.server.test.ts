import { afterEach, describe, expect, it, vi } from "vitest";
import { normalizeAsaasBaseUrl } from "./asaas-environment.server";
import { AsaasApiError, createAsaasGateway, parseAsaasDateTime, rateLimitResetSeconds } from "./asaas.server";
import { GatewayError } from "./gateway";
import { createMemoryThrottle, type GatewayThrottle } from "./throttle";

type Call = { url: string; init: RequestInit };

afterEach(() => {
  vi.restoreAllMocks();
});

/** A fetch that records calls and answers from a list, in order. */
function scriptedFetch(answers: Array<Response | Error>) {
  const calls: Call[] = [];
  const fn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = answers.shift();
    if (!next) throw new Error("no scripted answer left");
    if (next instanceof Error) throw next;
    return next;
  }) as typeof fetch;
  return { fn, calls };
}

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

async function caught(promise: Promise<unknown>): Promise<GatewayError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GatewayError);
  return error as GatewayError;
}

describe("normalizeAsaasBaseUrl", () => {
  it("keeps a versioned root and adds /v3 to a bare host", () => {
    expect(normalizeAsaasBaseUrl("https://api-sandbox.asaas.com/v3")).toBe("https://api-sandbox.asaas.com/v3");
    expect(normalizeAsaasBaseUrl("https://api.asaas.com/v3/")).toBe("https://api.asaas.com/v3");
    expect(normalizeAsaasBaseUrl("https://api.asaas.com")).toBe("https://api.asaas.com/v3");
    expect(normalizeAsaasBaseUrl("https://sandbox.asaas.com/api/v3")).toBe("https://sandbox.asaas.com/api/v3");
  });
});

describe("parseAsaasDateTime", () => {
  it("reads São Paulo wall-clock times", () => {
    expect(parseAsaasDateTime("2026-06-16 23:59:59")?.toISOString()).toBe("2026-06-17T02:59:59.000Z");
    expect(parseAsaasDateTime("2026-06-16")?.toISOString()).toBe("2026-06-16T03:00:00.000Z");
    expect(parseAsaasDateTime("16/06/2026")).toBeNull();
    expect(parseAsaasDateTime(null)).toBeNull();
  });
});

describe("createAsaasGateway", () => {
  it("needs an API key", () => {
    expect(() => createAsaasGateway({ apiKey: "" })).toThrow(/ASAAS_API_KEY/);
  });

  it("sends the access_token and User-Agent headers to the versioned path", async () => {
    const { fn, calls } = scriptedFetch([json(200, { id: "pay_1", status: "CONFIRMED", value: 10 })]);
    const gateway = createAsaasGateway({ apiKey: "$aact_key", baseUrl: "https://api-sandbox.asaas.com", fetch: fn });
    expect(await gateway.getStatus("pay_1")).toEqual({ status: "CONFIRMED", gatewayStatus: "CONFIRMED" });
    expect(calls[0]?.url).toBe("https://api-sandbox.asaas.com/v3/payments/pay_1");
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.access_token).toBe("$aact_key");
    expect(headers["User-Agent"]).toBe("classificados-patos");
    expect(calls[0]?.init.signal).toBeInstanceOf(AbortSignal);
  });

  it("turns an Asaas error list into a 400 with Asaas's description", async () => {
    const { fn } = scriptedFetch([json(404, { errors: [{ code: "not_found", description: "Cobrança não encontrada." }] })]);
    const error = await caught(createAsaasGateway({ apiKey: "k", fetch: fn }).getStatus("pay_x"));
    expect(error).toBeInstanceOf(AsaasApiError);
    expect([error.status, error.userMessage]).toEqual([400, "Cobrança não encontrada."]);
    expect(error.message).toBe("Asaas answered 404 to GET /payments/pay_x: not_found");
  });

  it("treats refused credentials, 5xx and network failures as the gateway being unavailable", async () => {
    const answers = [new Response("", { status: 401 }), new Response("<html>oops</html>", { status: 503 }), new TypeError("fetch failed")];
    const { fn } = scriptedFetch(answers);
    const gateway = createAsaasGateway({ apiKey: "k", fetch: fn });
    const messages: string[] = [];
    for (let i = 0; i < 3; i++) {
      const error = await caught(gateway.getStatus("pay_1"));
      expect([error.code, error.status]).toEqual(["unavailable", 502]);
      expect(error.userMessage).toBe("Erro ao processar pagamento. Tente novamente.");
      messages.push(error.message);
    }
    expect(messages[0]).toBe("Asaas refused our credentials (401) on GET /payments/pay_1: check ASAAS_API_KEY");
  });

  it("reads a 403 as a blocked request, not as a bad key", async () => {
    const { fn } = scriptedFetch([
      json(403, { errors: [{ code: "forbidden_parameter", description: "Parâmetro não permitido." }] }),
      new Response("<html>Forbidden</html>", { status: 403 }),
    ]);
    const gateway = createAsaasGateway({ apiKey: "k", fetch: fn });
    const error = await caught(gateway.refundCharge("pay_1"));
    expect([error.code, error.status]).toEqual(["unavailable", 502]);
    expect(error.message).toBe(
      "Asaas answered 403 (forbidden: blocked request or a parameter this account may not use) to POST /payments/pay_1/refund: forbidden_parameter",
    );
    expect(error.message).not.toContain("ASAAS_API_KEY");
    expect((await caught(gateway.getStatus("pay_1"))).message).toMatch(/403 \(forbidden.*: no error codes$/);
  });
  it("aborts a call that takes longer than the timeout", async () => {
    const hanging = ((_input: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      })) as typeof fetch;
    const error = await caught(createAsaasGateway({ apiKey: "k", fetch: hanging, timeoutMs: 20 }).getStatus("pay_1"));
    expect([error.code, error.status]).toEqual(["timeout", 504]);
    expect(error.message).toBe("Asaas GET /payments/pay_1 timed out after 20 ms");
  });

  it("checks the card before calling Asaas", async () => {
    const { fn, calls } = scriptedFetch([]);
    const gateway = createAsaasGateway({ apiKey: "k", fetch: fn, now: () => new Date("2026-06-15T12:00:00Z") });
    const error = await caught(
      gateway.createCardCharge({
        paymentId: 1,
        amountCents: 1000,
        description: "x",
        customer: { name: "A", email: "a@b.c", cpfCnpj: "52998224725" },
        card: { holderName: "A", number: "4111111111111111", expiryMonth: "01", expiryYear: "2026", ccv: "123" },
        holder: { name: "A", email: "a@b.c", cpfCnpj: "52998224725", phone: "34999990000" },
        remoteIp: "203.0.113.7",
      }),
    );
    expect(error.userMessage).toBe("Cartão vencido.");
    expect(calls).toHaveLength(0);
  });
});

describe("Asaas rate limits", () => {
  const tooMany = (reset?: string) => new Response("", { status: 429, headers: reset === undefined ? {} : { "RateLimit-Reset": reset } });

  it("reads RateLimit-Reset in seconds, 60 when absent or unreadable", () => {
    expect(rateLimitResetSeconds(new Headers({ "RateLimit-Reset": "17" }))).toBe(17);
    expect(rateLimitResetSeconds(new Headers({ "RateLimit-Reset": " 2.5 " }))).toBe(3);
    expect(rateLimitResetSeconds(new Headers({ "RateLimit-Reset": "0" }))).toBe(1);
    expect(rateLimitResetSeconds(new Headers())).toBe(60);
    expect(rateLimitResetSeconds(new Headers({ "RateLimit-Reset": "soon" }))).toBe(60);
    expect(rateLimitResetSeconds(new Headers({ "RateLimit-Reset": "-5" }))).toBe(60);
    // Asaas's longest window is 12 h.
    expect(rateLimitResetSeconds(new Headers({ "RateLimit-Reset": "1781000000" }))).toBe(43_200);
  });

  it("backs off after a 429 until RateLimit-Reset, without calling Asaas meanwhile", async () => {
    const { fn, calls } = scriptedFetch([tooMany("7"), json(200, { id: "pay_1", status: "PENDING", value: 10 })]);
    const throttle = createMemoryThrottle();
    const gateway = createAsaasGateway({ apiKey: "k", fetch: fn, throttle });
    const error = await caught(gateway.getStatus("pay_1"));
    expect([error.code, error.status, error.retryAfterSeconds]).toEqual(["rate_limited", 503, 7]);
    expect(error.userMessage).toBe("O serviço de pagamento está ocupado. Tente novamente em 7 segundos.");
    expect(error.message).toBe("Asaas answered 429 to GET /payments/pay_1: backing off for 7 s");
    expect(throttle.state?.backoffUntilMs).toBeGreaterThan(Date.now() + 6_000);

    // Writes too: a create during the back-off fails at once, the same way.
    const refused = await caught(gateway.createPixCharge({ paymentId: 1, amountCents: 500, description: "x", customer: { name: "A", email: "a@b.c", cpfCnpj: "52998224725" }, dueDate: "2026-06-16" }));
    expect([refused.code, refused.status]).toEqual(["rate_limited", 503]);
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(6);
    expect(refused.userMessage).toMatch(/^O serviço de pagamento está ocupado\. Tente novamente em [67] segundos\.$/);
    expect(calls).toHaveLength(1);
  });

  it("backs off 60 s when Asaas does not say how long", async () => {
    const { fn } = scriptedFetch([tooMany()]);
    const error = await caught(createAsaasGateway({ apiKey: "k", fetch: fn }).getStatus("pay_1"));
    expect(error.retryAfterSeconds).toBe(60);
  });

  it("refuses reads over the budget until the minute ends, and still lets writes go", async () => {
    const payment = { id: "pay_1", status: "CONFIRMED", value: 10 };
    const { fn, calls } = scriptedFetch([json(200, payment), json(200, payment), json(200, { ...payment, status: "REFUNDED" })]);
    const throttle = createMemoryThrottle({ readsPerMinute: 2, now: () => Date.UTC(2026, 5, 15, 12, 0, 45) });
    const gateway = createAsaasGateway({ apiKey: "k", fetch: fn, throttle });
    await gateway.getStatus("pay_1");
    await gateway.getStatus("pay_1");
    const refused = await caught(gateway.getStatus("pay_1"));
    expect([refused.code, refused.retryAfterSeconds]).toEqual(["rate_limited", 15]);
    expect(refused.message).toBe("Asaas GET /payments/pay_1 not sent: the read budget of this minute is spent (15 s left)");
    expect(calls).toHaveLength(2);
    expect(await gateway.refundCharge("pay_1")).toEqual({ status: "REFUNDED", gatewayStatus: "REFUNDED" });
  });

  it("calls Asaas anyway when the throttle itself fails (Asaas's 429 still guards), and says so", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const broken: GatewayThrottle = {
      reserve: () => {
        throw new Error("database is locked");
      },
      backOff: () => {},
    };
    const { fn, calls } = scriptedFetch([json(200, { id: "pay_1", status: "PENDING", value: 10 })]);
    expect((await createAsaasGateway({ apiKey: "k", fetch: fn, throttle: broken }).getStatus("pay_1"))?.status).toBe("PENDING");
    expect(calls).toHaveLength(1);
    expect(errors.mock.calls[0]?.[0]).toMatch(/^\[payments\] the gateway throttle failed before GET \/payments\/pay_1/);
  });
});

describe("Asaas answers of unexpected shape", () => {
  it.each([
    ["not JSON", () => new Response("<html>maintenance</html>", { status: 200 }), "a body that is not JSON (status 200)"],
    ["empty", () => new Response("", { status: 200 }), "(root)"],
    ["not an object", () => json(200, ["pay_1"]), "(root)"],
    ["an id that is not a string", () => json(200, { id: 1, status: "PENDING", value: 10 }), "id:"],
    ["no status", () => json(200, { id: "pay_1", value: 10 }), "status:"],
    ["a value that is not a number", () => json(200, { id: "pay_1", status: "PENDING", value: "10,00" }), "value:"],
  ])("a payment answer that is %s is a 502 and a log line", async (_name, answer, detail) => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { fn } = scriptedFetch([answer()]);
    const error = await caught(createAsaasGateway({ apiKey: "k", fetch: fn }).getStatus("pay_1"));
    expect([error.code, error.status]).toEqual(["unavailable", 502]);
    expect(error.message).toContain("Asaas sent an unexpected answer to GET /payments/pay_1: ");
    expect(error.message).toContain(detail);
    expect(errors).toHaveBeenCalledWith(`[payments] ${error.message}`);
  });

  it("checks lists, QR codes and withdrawals too", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const { fn } = scriptedFetch([
      json(200, { object: "list", data: "none" }),
      json(200, { object: "list", data: [{ id: "pay_1", status: "PENDING", value: 10, externalReference: "7", deleted: "no" }] }),
      json(200, { success: true }),
      json(200, { deleted: false, id: "pay_1" }),
      json(200, { id: "pay_1", status: "CONFIRMED", value: 10 }),
    ]);
    const gateway = createAsaasGateway({ apiKey: "k", fetch: fn });
    const found = [await caught(gateway.findCharges([7])), await caught(gateway.findCharges([7]))];
    const qr = await caught(gateway.getPixQrCode("pay_1"));
    const withdrawn = await caught(gateway.cancelCharge("pay_1"));
    for (const error of [...found, qr, withdrawn]) expect([error.code, error.status]).toEqual(["unavailable", 502]);
    expect(found[0]?.message).toMatch(/GET \/payments: data:/);
    expect(found[1]?.message).toMatch(/GET \/payments: data\.0\.deleted:/);
    expect(qr.message).toMatch(/GET \/payments\/pay_1\/pixQrCode: encodedImage:/);
    expect(withdrawn.message).toMatch(/DELETE \/payments\/pay_1: deleted:/);
    expect(errors).toHaveBeenCalledTimes(4);
    // A shape error never came from a TypeError: the gateway keeps working.
    expect((await gateway.getStatus("pay_1"))?.status).toBe("CONFIRMED");
  });
});

describe("findCharges, cancelCharge and refundCharge", () => {
  const payment = (fields: Record<string, unknown>) => ({ object: "payment", id: "pay_1", status: "PENDING", value: 12.5, customer: "cus_1", billingType: "PIX", deleted: false, ...fields });

  it("lists the live charges of each payment id, one call each", async () => {
    const { fn, calls } = scriptedFetch([
      json(200, {
        object: "list",
        data: [
          payment({ id: "pay_a", externalReference: "7" }),
          payment({ id: "pay_gone", externalReference: "7", deleted: true }),
          payment({ id: "pay_other", externalReference: "77" }),
        ],
      }),
      json(200, { object: "list", data: [payment({ id: "pay_b", externalReference: "8", billingType: "CREDIT_CARD", status: "CONFIRMED", value: 10.005, customer: null })] }),
    ]);
    const charges = await createAsaasGateway({ apiKey: "k", fetch: fn }).findCharges([7, 8, 7]);
    expect(charges).toEqual([
      { gatewayPaymentId: "pay_a", paymentId: 7, method: "PIX", amountCents: 1250, status: "PENDING", gatewayStatus: "PENDING", gatewayCustomerId: "cus_1" },
      { gatewayPaymentId: "pay_b", paymentId: 8, method: "CREDIT_CARD", amountCents: 1001, status: "CONFIRMED", gatewayStatus: "CONFIRMED", gatewayCustomerId: null },
    ]);
    expect(calls.map((c) => c.url.replace(/^.*\/v3/, ""))).toEqual(["/payments?externalReference=7&limit=100", "/payments?externalReference=8&limit=100"]);
  });

  it("withdraws a charge; one already gone is not an error", async () => {
    const { fn, calls } = scriptedFetch([json(200, { deleted: true, id: "pay_1" }), json(404, { errors: [{ code: "not_found", description: "Não encontrada." }] })]);
    const gateway = createAsaasGateway({ apiKey: "k", fetch: fn });
    expect(await gateway.cancelCharge("pay_1")).toBeNull();
    expect(await gateway.cancelCharge("pay_1")).toBeNull();
    expect(calls.map((c) => c.init.method)).toEqual(["DELETE", "DELETE"]);
  });

  it("answers the status of a charge paid before it could be withdrawn", async () => {
    const refused = json(400, { errors: [{ code: "invalid_action", description: "Só é possível remover cobranças aguardando pagamento." }] });
    const { fn } = scriptedFetch([
      refused.clone(),
      json(200, payment({ status: "RECEIVED" })),
      refused.clone(),
      json(200, payment({ deleted: true })),
      refused.clone(),
      json(200, payment({ status: "PENDING" })),
    ]);
    const gateway = createAsaasGateway({ apiKey: "k", fetch: fn });
    expect(await gateway.cancelCharge("pay_1")).toEqual({ status: "RECEIVED", gatewayStatus: "RECEIVED" });
    expect(await gateway.cancelCharge("pay_1")).toBeNull();
    // Still waiting: the refusal was for something else, and stands.
    const error = await caught(gateway.cancelCharge("pay_1"));
    expect(error).toBeInstanceOf(AsaasApiError);
    expect(error.message).toBe("Asaas answered 400 to DELETE /payments/pay_1: invalid_action");
  });

  it("refunds in full (no body) and answers the new status", async () => {
    const { fn, calls } = scriptedFetch([json(200, payment({ status: "REFUND_REQUESTED" }))]);
    expect(await createAsaasGateway({ apiKey: "k", fetch: fn }).refundCharge("pay_1")).toEqual({ status: "REFUNDED", gatewayStatus: "REFUND_REQUESTED" });
    expect([calls[0]?.init.method, calls[0]?.url, calls[0]?.init.body]).toEqual(["POST", "https://api-sandbox.asaas.com/v3/payments/pay_1/refund", undefined]);
  });
});
