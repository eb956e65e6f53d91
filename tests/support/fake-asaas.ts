/**
 * A local stand-in for Asaas's API v3, speaking the paths and shapes of its public reference:
 *
 *   GET  /v3/customers?cpfCnpj=…        list {object:"list", hasMore, totalCount, limit, offset, data}
 *   POST /v3/customers                  {name, cpfCnpj, email, mobilePhone…} → customer "cus_…"
 *   GET  /v3/payments?externalReference=…   the charges not removed
 *   POST /v3/payments                   PIX (→ PENDING) or CREDIT_CARD (→ CONFIRMED, or 400
 *                                       invalid_creditCard for the declined test numbers)
 *   GET  /v3/payments/{id}              the payment object (a removed one too, with deleted: true)
 *   GET  /v3/payments/{id}/pixQrCode    {encodedImage (base64 PNG), payload (a real BR Code), expirationDate}
 *   DELETE /v3/payments/{id}            {deleted: true, id} (only while PENDING/OVERDUE: else 400
 *                                       invalid_action; 404 when unknown or already removed)
 *   POST /v3/payments/{id}/refund       CONFIRMED/RECEIVED → REFUNDED (the payment); else 400 invalid_action
 *   POST /v3/payments/{id}/restore      a removed payment comes back PENDING (the payment); else 400
 *
 * Every /v3 call needs the `access_token` header (401 otherwise). Errors use Asaas's
 * `{errors: [{code, description}]}`. Card numbers are never kept: a payment stores last four and brand.
 *
 * Test controls — `setBehavior({...})` (partial; `resetBehavior()` restores the defaults):
 *   delayMs              wait before answering any /v3 call (timeouts)
 *   failStatus/failPath  answer this status with an HTML body (to calls whose path contains failPath)
 *   stallAfterCreateMs   POST /v3/payments stores the payment, then waits this long before answering:
 *                        a create that times out at the client yet happened
 *   rateLimit            {resetSeconds, times}: the next `times` /v3 calls get 429 with RateLimit-Limit,
 *                        RateLimit-Remaining: 0 and RateLimit-Reset: resetSeconds (null: no Reset header)
 *   malformed/malformedPath  "not-json" | "wrong-shape": matching calls are carried out, then their
 *                        answer is replaced by HTML or by the same object with the wrong types
 * `state.requests` records every /v3 call received (429s included) with the status answered;
 * `setPaymentStatus`; `liveCharges(refs)`/`countLiveCharges(refs)`: the charges not removed and
 * still PENDING/OVERDUE for these externalReferences (how many a payer could still pay);
 * `sendWebhook` POSTs an event to our webhook the way Asaas does (header `asaas-access-token`, body
 * `{id: "evt_…", event, dateCreated, payment}`), applying the event's status to the payment first
 * (PAYMENT_DELETED removes it, PAYMENT_RESTORED brings it back).
 *
 * In-process for integration tests, or as a program (Playwright's webServer):
 *   FAKE_ASAAS_PORT=3304 npx tsx tests/support/fake-asaas.ts
 * Out of process, POST /__behavior {…} and POST /__webhook {url, token, event, paymentId} do the same.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";
import { normalizeDocument } from "../../app/lib/documents";
import {
  STATUS_AFTER_EVENT,
  buildCustomer,
  buildPayment,
  customerErrors,
  fakePixQrCode,
  isLiveCharge,
  list,
  nowDateTime,
  str,
  today,
  paymentErrors,
  wrongShape,
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
  /** POST /v3/payments stores the payment, then waits this long before answering. */
  stallAfterCreateMs: number;
  /** 429 to the next `times` /v3 calls, with `RateLimit-Reset: resetSeconds` (no header when null). */
  rateLimit: { resetSeconds: number | null; times: number } | null;
  /** Carry out the call, then answer HTML ("not-json") or the object with wrong types ("wrong-shape")… */
  malformed: "not-json" | "wrong-shape" | null;
  /** …only for calls whose path contains this text, when set. */
  malformedPath: string | null;
};

export const DEFAULT_FAKE_ASAAS_BEHAVIOR: FakeAsaasBehavior = {
  delayMs: 0,
  failStatus: null,
  failPath: null,
  stallAfterCreateMs: 0,
  rateLimit: null,
  malformed: null,
  malformedPath: null,
};

export type FakeAsaasRequest = {
  method: string;
  path: string;
  query: string;
  userAgent: string | undefined;
  /** The status answered (unset while the call is still waiting). */
  status?: number;
};

export type FakeAsaasState = {
  customers: Map<string, FakeAsaasCustomer>;
  payments: Map<string, FakeAsaasPayment>;
  /** Every /v3 call, without bodies (they may hold card data). */
  requests: FakeAsaasRequest[];
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
  resetBehavior(): void;
  setPaymentStatus(paymentId: string, status: string): FakeAsaasPayment;
  /** Charges not removed and still PENDING/OVERDUE whose externalReference is one of these. */
  liveCharges(externalReferences: Iterable<string | number>): FakeAsaasPayment[];
  countLiveCharges(externalReferences: Iterable<string | number>): number;
  sendWebhook(options: FakeWebhookOptions): Promise<{ status: number; body: string; eventId: string; payload: Json }>;
  close(): Promise<void>;
};

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

const NOT_FOUND: ErrorItem = { code: "not_found", description: "Cobrança não encontrada." };

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

const ok = (body: unknown): Answer => ({ status: 200, body });
const fail = (status: number, ...errors: ErrorItem[]): Answer => ({ status, body: { errors } });

export async function startFakeAsaas({ port = 0, apiKey = FAKE_ASAAS_API_KEY }: { port?: number; apiKey?: string } = {}): Promise<FakeAsaas> {
  const state: FakeAsaasState = {
    customers: new Map(),
    payments: new Map(),
    requests: [],
    behavior: { ...DEFAULT_FAKE_ASAAS_BEHAVIOR },
  };
  let sequence = 0;
  const nextId = (prefix: string) => `${prefix}_${String(++sequence).padStart(12, "0")}`;
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  let base = "";

  const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };

  /** What Asaas would do and answer; the behaviours are applied around it. */
  async function handleApi(req: http.IncomingMessage, url: URL): Promise<Answer> {
    const path = url.pathname.slice("/v3".length);
    const method = req.method ?? "GET";
    if (req.headers["access_token"] !== apiKey) {
      return fail(401, { code: "invalid_access_token", description: "A chave de API fornecida é inválida." });
    }
    if (method === "GET" && path === "/customers") {
      const cpfCnpj = normalizeDocument(url.searchParams.get("cpfCnpj"));
      return ok(list([...state.customers.values()].filter((c) => !cpfCnpj || c.cpfCnpj === cpfCnpj)));
    }
    if (method === "POST" && path === "/customers") {
      const body = await readJson(req);
      if (!body) return fail(400, { code: "invalid_json", description: "JSON inválido." });
      const errors = customerErrors(body);
      if (errors.length > 0) return fail(400, ...errors);
      const customer = buildCustomer(nextId("cus"), body);
      state.customers.set(customer.id, customer);
      return ok(customer);
    }
    if (method === "GET" && path === "/payments") {
      const reference = url.searchParams.get("externalReference");
      return ok(list([...state.payments.values()].filter((p) => !p.deleted && (reference === null || p.externalReference === reference))));
    }
    if (method === "POST" && path === "/payments") {
      const body = await readJson(req);
      if (!body) return fail(400, { code: "invalid_json", description: "JSON inválido." });
      const errors = paymentErrors(body, state.customers.has(str(body.customer)));
      // A refused card is one of these errors: Asaas answers 400 invalid_creditCard and keeps nothing.
      if (errors.length > 0) return fail(400, ...errors);
      const payment = buildPayment(nextId("pay"), body, base);
      state.payments.set(payment.id, payment);
      return ok(payment);
    }

    const match = /^\/payments\/([^/]+)(?:\/(pixQrCode|refund|restore))?$/.exec(path);
    const payment = match ? state.payments.get(decodeURIComponent(match[1] ?? "")) : undefined;
    const action = match?.[2] ?? null;
    if (match && !payment) return fail(404, NOT_FOUND);
    if (payment && method === "DELETE" && !action) {
      if (payment.deleted) return fail(404, NOT_FOUND);
      if (payment.status !== "PENDING" && payment.status !== "OVERDUE") {
        return fail(400, { code: "invalid_action", description: "Só é possível remover cobranças aguardando pagamento ou vencidas." });
      }
      payment.deleted = true;
      return ok({ deleted: true, id: payment.id });
    }
    if (payment && method === "GET" && !action) return ok(payment);
    if (payment && method === "GET" && action === "pixQrCode") {
      if (payment.billingType === "CREDIT_CARD") return fail(400, { code: "invalid_action", description: "Esta cobrança não é PIX." });
      return ok(await fakePixQrCode(payment));
    }
    if (payment && method === "POST" && action === "refund") {
      if (payment.deleted) return fail(404, NOT_FOUND);
      if (payment.status !== "CONFIRMED" && payment.status !== "RECEIVED") {
        return fail(400, { code: "invalid_action", description: "Só é possível estornar cobranças confirmadas ou recebidas." });
      }
      payment.status = "REFUNDED";
      return ok(payment);
    }
    if (payment && method === "POST" && action === "restore") {
      if (!payment.deleted) return fail(400, { code: "invalid_action", description: "Só é possível restaurar cobranças removidas." });
      payment.deleted = false;
      setPaymentStatus(payment.id, "PENDING");
      return ok(payment);
    }
    return fail(404, { code: "not_found", description: "Recurso não encontrado." });
  }

  /** A /v3 call with the behaviours applied around Asaas's own answer. */
  async function answerApi(req: http.IncomingMessage, url: URL): Promise<Answer & { html?: boolean }> {
    const behavior = state.behavior;
    if (behavior.delayMs > 0) await wait(behavior.delayMs);
    const rateLimit = behavior.rateLimit;
    if (rateLimit && rateLimit.times > 0) {
      rateLimit.times--;
      const headers: Record<string, string> = { "RateLimit-Limit": "25000", "RateLimit-Remaining": "0" };
      if (rateLimit.resetSeconds !== null) headers["RateLimit-Reset"] = String(rateLimit.resetSeconds);
      return { ...fail(429, { code: "too_many_requests", description: "Limite de requisições excedido." }), headers };
    }
    if (behavior.failStatus && (!behavior.failPath || url.pathname.includes(behavior.failPath))) {
      return { status: behavior.failStatus, body: "<html><body>Erro interno</body></html>", html: true };
    }
    const answer = await handleApi(req, url);
    if (req.method === "POST" && url.pathname === "/v3/payments" && answer.status === 200 && behavior.stallAfterCreateMs > 0) {
      await wait(behavior.stallAfterCreateMs);
    }
    if (behavior.malformed && (!behavior.malformedPath || url.pathname.includes(behavior.malformedPath))) {
      if (behavior.malformed === "not-json") return { status: answer.status, body: "<html><body>Manutenção programada</body></html>", html: true };
      return { ...answer, body: wrongShape(answer.body) };
    }
    return answer;
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
    if (status === "PENDING") {
      // Waiting again (restored, or a cash receipt undone): nothing was paid.
      payment.confirmedDate = null;
      payment.clientPaymentDate = null;
      payment.paymentDate = null;
    }
    return payment;
  }

  function liveCharges(externalReferences: Iterable<string | number>): FakeAsaasPayment[] {
    const references = new Set([...externalReferences].map(String));
    return [...state.payments.values()].filter((p) => p.externalReference !== null && references.has(p.externalReference) && isLiveCharge(p));
  }

  async function sendWebhook(options: FakeWebhookOptions) {
    const event = options.event ?? "PAYMENT_RECEIVED";
    const stored = state.payments.get(options.paymentId);
    if (!stored) throw new Error(`fake Asaas: no payment ${options.paymentId}`);
    const nextStatus = STATUS_AFTER_EVENT[event];
    if (nextStatus) setPaymentStatus(stored.id, nextStatus);
    if (event === "PAYMENT_DELETED") stored.deleted = true;
    if (event === "PAYMENT_RESTORED") stored.deleted = false;
    const eventId = options.eventId ?? `evt_${randomBytes(16).toString("hex")}&${Date.now()}`;
    const payload: Json = { id: eventId, event, dateCreated: nowDateTime(), payment: { ...stored, ...options.paymentOverrides } };
    const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": "Asaas_Hmlg/3.0" };
    if (options.token !== undefined) headers["asaas-access-token"] = options.token;
    const response = await fetch(options.url, { method: "POST", headers, body: JSON.stringify(payload) });
    return { status: response.status, body: await response.text(), eventId, payload };
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-asaas");
    if (url.pathname === "/health") return sendJson(res, 200, { ok: true });

    // Controls for a fake running in another process.
    if (req.method === "POST" && (url.pathname === "/__behavior" || url.pathname === "/__webhook")) {
      void readJson(req).then(async (body) => {
        try {
          if (url.pathname === "/__behavior") {
            Object.assign(state.behavior, body);
            return sendJson(res, 200, state.behavior);
          }
          const result = await sendWebhook(body as unknown as FakeWebhookOptions);
          return sendJson(res, 200, { status: result.status, eventId: result.eventId });
        } catch (error) {
          return sendJson(res, 400, { error: error instanceof Error ? error.message : String(error) });
        }
      });
      return;
    }

    if (!url.pathname.startsWith("/v3/")) return sendJson(res, 404, { errors: [{ code: "not_found", description: "Recurso não encontrado." }] });
    const record: FakeAsaasRequest = { method: req.method ?? "GET", path: url.pathname, query: url.search, userAgent: req.headers["user-agent"] };
    state.requests.push(record);
    answerApi(req, url)
      .catch((error: unknown): Answer => fail(500, { code: "fake_error", description: String(error) }))
      .then((answer) => {
        record.status = answer.status;
        if (res.writableEnded || res.destroyed) return;
        if ("html" in answer && answer.html) {
          res.writeHead(answer.status, { "Content-Type": "text/html", ...answer.headers });
          return res.end(String(answer.body));
        }
        res.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
        res.end(JSON.stringify(answer.body));
      });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;

  return {
    url: `${base}/v3`,
    apiKey,
    state,
    // rateLimit is copied: its `times` counts down here, not in the caller's object.
    setBehavior: (behavior) => Object.assign(state.behavior, behavior, behavior.rateLimit ? { rateLimit: { ...behavior.rateLimit } } : {}),
    resetBehavior: () => Object.assign(state.behavior, DEFAULT_FAKE_ASAAS_BEHAVIOR),
    setPaymentStatus,
    liveCharges,
    countLiveCharges: (externalReferences) => liveCharges(externalReferences).length,
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

/**
 * The fake started and named as the app's payment gateway (PAYMENT_GATEWAY=asaas and the variables
 * production sets), for an integration test file. Call it before the app's modules are imported:
 * getEnv() reads the environment once per test file.
 */
export async function startFakeAsaasGateway({ webhookToken, timeoutMs = 2000 }: { webhookToken: string; timeoutMs?: number }): Promise<FakeAsaas> {
  const fake = await startFakeAsaas();
  process.env.PAYMENT_GATEWAY = "asaas";
  process.env.ASAAS_API_KEY = fake.apiKey;
  process.env.ASAAS_BASE_URL = fake.url;
  // 2 s: long enough for a loaded CI machine, short enough that a slowness test stays quick.
  process.env.ASAAS_TIMEOUT_MS = String(timeoutMs);
  process.env.ASAAS_WEBHOOK_TOKEN = webhookToken;
  return fake;
}
