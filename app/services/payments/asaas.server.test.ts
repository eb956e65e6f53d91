import { describe, expect, it } from "vitest";
import { AsaasApiError, createAsaasGateway, normalizeAsaasBaseUrl, parseAsaasDateTime } from "./asaas.server";
import { GatewayError } from "./gateway";

type Call = { url: string; init: RequestInit };

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
    const { fn, calls } = scriptedFetch([json(200, { id: "pay_1", status: "CONFIRMED" })]);
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

  it("treats refused credentials, 5xx, 429, non-JSON and network failures as the gateway being unavailable", async () => {
    const answers = [
      new Response("", { status: 401 }),
      new Response("<html>oops</html>", { status: 503 }),
      new Response("", { status: 429 }),
      new Response("<html>maintenance</html>", { status: 200 }),
      new TypeError("fetch failed"),
    ];
    const { fn } = scriptedFetch(answers);
    const gateway = createAsaasGateway({ apiKey: "k", fetch: fn });
    for (let i = 0; i < 5; i++) {
      const error = await caught(gateway.getStatus("pay_1"));
      expect([error.code, error.status]).toEqual(["unavailable", 502]);
      expect(error.userMessage).toBe("Erro ao processar pagamento. Tente novamente.");
    }
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
