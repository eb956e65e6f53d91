/**
 * A local stand-in for Asaas's API v3, speaking the paths and shapes of its public reference:
 *
 *   GET  /v3/customers?cpfCnpj=…        list {object:"list", hasMore, totalCount, limit, offset, data}
 *   POST /v3/customers                  {name, cpfCnpj, email, mobilePhone…} → customer "cus_…"
 *   GET  /v3/payments?externalReference=…
 *   POST /v3/payments                   PIX (→ PENDING) or CREDIT_CARD (→ CONFIRMED, or 400
 *                                       invalid_creditCard for the declined test numbers)
 *   GET  /v3/payments/{id}              the payment object
 *   GET  /v3/payments/{id}/pixQrCode    {encodedImage (base64 PNG), payload (a real BR Code), expirationDate}
 *   DELETE /v3/payments/{id}            {deleted: true, id} (only while PENDING/OVERDUE)
 *
 * Every /v3 call needs the `access_token` header (401 otherwise). Errors use Asaas's
 * `{errors: [{code, description}]}`. Card numbers are never kept: a payment stores last four and brand.
 *
 * Test controls: `setBehavior({delayMs, failStatus, failPath})` to simulate a slow or broken
 * Asaas, `setPaymentStatus`, and `sendWebhook` to POST an event to our webhook the way Asaas does
 * (header `asaas-access-token`, body `{id: "evt_…", event, dateCreated, payment}`).
 *
 * In-process for integration tests, or as a program (Playwright's webServer):
 *   FAKE_ASAAS_PORT=3304 npx tsx tests/support/fake-asaas.ts
 * Out of process, POST /__behavior {…} and POST /__webhook {url, token, event, paymentId} do the same.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { onlyDigits } from "../../app/lib/documents";
import {
  STATUS_AFTER_EVENT,
  buildCustomer,
  buildPayment,
  customerErrors,
  fakePixQrCode,
  list,
  nowDateTime,
  str,
  today,
  paymentErrors,
  type ErrorItem,
  type FakeAsaasCustomer,
  type FakeAsaasPayment,
  type Json,
} from "./fake-asaas-model";

export { FAKE_ASAAS_PIX_KEY, type FakeAsaasCustomer, type FakeAsaasPayment } from "./fake-asaas-model";

export const FAKE_ASAAS_API_KEY = "$aact_fake_sandbox_0123456789abcdef";

export type FakeAsaasBehavior = {
  /** Wait this long before answering any /v3 call (timeout tests). */
  delayMs: number;
  /** Answer /v3 calls with this status (e.g. 500) instead of working… */
  failStatus: number | null;
  /** …only those whose path contains this text, when set. */
  failPath: string | null;
};

export type FakeAsaasState = {
  customers: Map<string, FakeAsaasCustomer>;
  payments: Map<string, FakeAsaasPayment>;
  /** Every /v3 call, without bodies (they may hold card data). */
  requests: { method: string; path: string; query: string; userAgent: string | undefined }[];
  behavior: FakeAsaasBehavior;
};

export type FakeWebhookOptions = {
  url: string;
  token?: string;
  paymentId: string;
  event?: string;
  /** Reuse an id to simulate a redelivery. */
  eventId?: string;
  /** Fields sent in the event's payment without storing them (e.g. a stale status for out-of-order tests). */
  paymentOverrides?: Partial<FakeAsaasPayment>;
};

export type FakeAsaas = {
  /** API root to give the client, e.g. http://127.0.0.1:41234/v3 */
  url: string;
  apiKey: string;
  state: FakeAsaasState;
  setBehavior(behavior: Partial<FakeAsaasBehavior>): void;
  setPaymentStatus(paymentId: string, status: string): FakeAsaasPayment;
  sendWebhook(options: FakeWebhookOptions): Promise<{ status: number; body: string; eventId: string; payload: Json }>;
  close(): Promise<void>;
};

function readJson(req: http.IncomingMessage): Promise<Json | null> {
  return new Promise((resolve) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      try {
        const parsed: unknown = body ? JSON.parse(body) : {};
        resolve(parsed && typeof parsed === "object" ? (parsed as Json) : null);
      } catch {
        resolve(null);
      }
    });
  });
}

export async function startFakeAsaas({ port = 0, apiKey = FAKE_ASAAS_API_KEY }: { port?: number; apiKey?: string } = {}): Promise<FakeAsaas> {
  const state: FakeAsaasState = {
    customers: new Map(),
    payments: new Map(),
    requests: [],
    behavior: { delayMs: 0, failStatus: null, failPath: null },
  };
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_${String(++sequence).padStart(12, "0")}`;
  const timers = new Set<NodeJS.Timeout>();
  let base = "";

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const fail = (res: http.ServerResponse, status: number, ...errors: ErrorItem[]) => send(res, status, { errors });

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    const path = url.pathname.slice("/v3".length);
    const method = req.method ?? "GET";
    if (req.headers["access_token"] !== apiKey) {
      return fail(res, 401, { code: "invalid_access_token", description: "A chave de API fornecida é inválida." });
    }
    if (method === "GET" && path === "/customers") {
      const cpfCnpj = onlyDigits(url.searchParams.get("cpfCnpj"));
      return send(res, 200, list([...state.customers.values()].filter((c) => !cpfCnpj || c.cpfCnpj === cpfCnpj)));
    }
    if (method === "POST" && path === "/customers") {
      const body = await readJson(req);
      if (!body) return fail(res, 400, { code: "invalid_json", description: "JSON inválido." });
      const errors = customerErrors(body);
      if (errors.length > 0) return fail(res, 400, ...errors);
      const customer = buildCustomer(nextId("cus"), body);
      state.customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (method === "GET" && path === "/payments") {
      const reference = url.searchParams.get("externalReference");
      return send(res, 200, list([...state.payments.values()].filter((p) => !p.deleted && (reference === null || p.externalReference === reference))));
    }
    if (method === "POST" && path === "/payments") {
      const body = await readJson(req);
      if (!body) return fail(res, 400, { code: "invalid_json", description: "JSON inválido." });
      const errors = paymentErrors(body, state.customers.has(str(body.customer)));
      // A refused card is one of these errors: Asaas answers 400 invalid_creditCard and keeps nothing.
      if (errors.length > 0) return fail(res, 400, ...errors);
      const payment = buildPayment(nextId("pay"), body, base);
      state.payments.set(payment.id, payment);
      return send(res, 200, payment);
    }
    const match = /^\/payments\/([^/]+)(\/pixQrCode)?$/.exec(path);
    if (method === "DELETE" && match && !match[2]) {
      const payment = state.payments.get(decodeURIComponent(match[1] ?? ""));
      if (!payment || payment.deleted) return fail(res, 404, { code: "not_found", description: "Cobrança não encontrada." });
      if (payment.status !== "PENDING" && payment.status !== "OVERDUE") {
        return fail(res, 400, { code: "invalid_action", description: "Só é possível remover cobranças aguardando pagamento ou vencidas." });
      }
      payment.deleted = true;
      return send(res, 200, { deleted: true, id: payment.id });
    }
    if (method === "GET" && match) {
      const payment = state.payments.get(decodeURIComponent(match[1] ?? ""));
      if (!payment) return fail(res, 404, { code: "not_found", description: "Cobrança não encontrada." });
      if (!match[2]) return send(res, 200, payment);
      if (payment.billingType === "CREDIT_CARD") return fail(res, 400, { code: "invalid_action", description: "Esta cobrança não é PIX." });
      return send(res, 200, await fakePixQrCode(payment));
    }
    return fail(res, 404, { code: "not_found", description: "Recurso não encontrado." });
  }

  function setPaymentStatus(paymentId: string, status: string): FakeAsaasPayment {
    const payment = state.payments.get(paymentId);
    if (!payment) throw new Error(`fake Asaas: no payment ${paymentId}`);
    payment.status = status;
    if (status === "CONFIRMED" || status === "RECEIVED") {
      payment.confirmedDate ??= today();
      payment.clientPaymentDate ??= today();
      if (status === "RECEIVED") payment.paymentDate = today();
    }
    return payment;
  }

  async function sendWebhook(options: FakeWebhookOptions) {
    const event = options.event ?? "PAYMENT_RECEIVED";
    const stored = state.payments.get(options.paymentId);
    if (!stored) throw new Error(`fake Asaas: no payment ${options.paymentId}`);
    const nextStatus = STATUS_AFTER_EVENT[event];
    if (nextStatus) setPaymentStatus(stored.id, nextStatus);
    if (event === "PAYMENT_DELETED") stored.deleted = true;
    const eventId = options.eventId ?? `evt_${randomBytes(16).toString("hex")}&${Date.now()}`;
    const payload: Json = { id: eventId, event, dateCreated: nowDateTime(), payment: { ...stored, ...options.paymentOverrides } };
    const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": "Asaas_Hmlg/3.0" };
    if (options.token !== undefined) headers["asaas-access-token"] = options.token;
    const response = await fetch(options.url, { method: "POST", headers, body: JSON.stringify(payload) });
    return { status: response.status, body: await response.text(), eventId, payload };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-asaas");
    if (url.pathname === "/health") return send(res, 200, { ok: true });

    // Controls for a fake running in another process.
    if (req.method === "POST" && (url.pathname === "/__behavior" || url.pathname === "/__webhook")) {
      void readJson(req).then(async (body) => {
        try {
          if (url.pathname === "/__behavior") {
            Object.assign(state.behavior, body);
            return send(res, 200, state.behavior);
          }
          const result = await sendWebhook(body as unknown as FakeWebhookOptions);
          return send(res, 200, { status: result.status, eventId: result.eventId });
        } catch (error) {
          return send(res, 400, { error: error instanceof Error ? error.message : String(error) });
        }
      });
      return;
    }

    if (!url.pathname.startsWith("/v3/")) return fail(res, 404, { code: "not_found", description: "Recurso não encontrado." });
    state.requests.push({ method: req.method ?? "GET", path: url.pathname, query: url.search, userAgent: req.headers["user-agent"] });
    const { delayMs, failStatus, failPath } = state.behavior;
    const answer = () => {
      if (failStatus && (!failPath || url.pathname.includes(failPath))) {
        res.writeHead(failStatus, { "Content-Type": "text/html" });
        return res.end("<html><body>Erro interno</body></html>");
      }
      handleApi(req, res, url).catch((error: unknown) => send(res, 500, { errors: [{ code: "fake_error", description: String(error) }] }));
    };
    if (delayMs > 0) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, delayMs);
      timers.add(timer);
    } else {
      answer();
    }
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;

  return {
    url: `${base}/v3`,
    apiKey,
    state,
    setBehavior: (behavior) => Object.assign(state.behavior, behavior),
    setPaymentStatus,
    sendWebhook,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// Run as a program (Playwright's webServer): listen on FAKE_ASAAS_PORT until killed.
if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "\0")) {
  const fake = await startFakeAsaas({
    port: Number(process.env.FAKE_ASAAS_PORT ?? 3304),
    apiKey: process.env.FAKE_ASAAS_API_KEY ?? FAKE_ASAAS_API_KEY,
  });
  console.log(`fake Asaas on ${fake.url}`);
}
