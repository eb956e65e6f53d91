/**
 * The operator's metrics (ADR 023): who may read GET /metrics, the route label a request is counted
 * under (with the app's real routes), the counters moved where things happen — a request, a payment,
 * a webhook, the reconciliation, an e-mail — and the merged answer with the gauges read at scrape
 * time. Across real web workers: tests/e2e/metrics.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { readConfig } from "@remix-run/dev/dist/config.js";
import type { ServerBuild } from "@remix-run/node";
import { AggregatorRegistry, type MetricValueWithName } from "prom-client";
import { afterAll, describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { countPendingModeration } from "~/models/moderation/moderation-queue.server";
import { settleReceipts } from "~/models/payment/confirmation.server";
import { webhookToken } from "~/models/payment/gateway.server";
import { reconcilePayments } from "~/models/payment/reconciliation.server";
import { action as createPayment } from "~/routes/api.payments.create";
import { action as webhook } from "~/routes/api.payments.webhook";
import { sendMail } from "~/models/mail/mailer.server";
import { observeRequest, registerScrapeGauges, registry } from "~/services/metrics-registry.server";
import { isLoopback, metricsAccess, routeLabeler } from "~/web/metrics-access.server";
import { scrapeReadings } from "../../server/worker-metrics";
import { bearer, createPendingAd, createTestUser, customerInfo, jsonPost, paymentOf, webhookBody } from "../support/payments";
import { callRoute } from "../support/route";

afterAll(() => settleReceipts());

/** A series' value in this process's registry (0 when it does not exist yet). */
async function value(name: string, labels: Record<string, string> = {}) {
  const metric = (await registry.getMetricsAsJSON()).find((m) => m.name === name);
  const found = metric?.values.find((v) => Object.entries(labels).every(([key, label]) => v.labels[key] === label));
  return found?.value ?? 0;
}

describe("who may read /metrics", () => {
  const TOKEN = "um-token-comprido-o-bastante";

  it("with METRICS_TOKEN: 401 without it or with a wrong one, from anywhere (loopback included); 200 with it", () => {
    const ask = (authorization: string | undefined, clientIp = "203.0.113.9") => metricsAccess({ token: TOKEN, authorization, clientIp, peerIp: clientIp });
    expect(ask(undefined)).toBe(401);
    expect(ask(undefined, "127.0.0.1")).toBe(401);
    expect(ask("Bearer errado")).toBe(401);
    expect(ask(`Bearer ${TOKEN}x`)).toBe(401);
    expect(ask(`Basic ${TOKEN}`)).toBe(401);
    expect(ask(`Bearer ${TOKEN}`)).toBe(200);
    expect(ask(`bearer  ${TOKEN}`)).toBe(200);
  });

  it("without it: this machine only (the address resolved under TRUST_PROXY), 403 for anyone else", () => {
    const ask = (clientIp: string | undefined) => metricsAccess({ token: undefined, authorization: undefined, clientIp, peerIp: clientIp });
    for (const local of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"]) expect(ask(local)).toBe(200);
    // A proxy's X-Forwarded-For from elsewhere (req.ip under TRUST_PROXY), a LAN neighbour, an address written to look local.
    for (const other of ["203.0.113.5", "::ffff:203.0.113.5", "192.168.0.10", "10.0.0.1", "::2", "0.0.0.0", "localhost", "", undefined]) {
      expect(ask(other)).toBe(403);
    }
    expect(isLoopback("127.0.0.1")).toBe(true);
  });

  it("without it, X-Forwarded-For never makes a client local: the connection itself must come from this machine (ADR 008)", () => {
    const ask = (peerIp: string, clientIp: string) => metricsAccess({ token: undefined, authorization: undefined, clientIp, peerIp });
    // TRUST_PROXY=true with the port reachable directly: a stranger writes X-Forwarded-For: 127.0.0.1 (req.ip believes it).
    expect(ask("203.0.113.7", "127.0.0.1")).toBe(403);
    expect(ask("::ffff:203.0.113.7", "::1")).toBe(403);
    // Through the proxy on this machine: the connection is local, the visitor is not.
    expect(ask("127.0.0.1", "203.0.113.7")).toBe(403);
    // A scrape on this machine, straight to the app's port.
    expect(ask("127.0.0.1", "127.0.0.1")).toBe(200);
  });
});

describe("the route label", async () => {
  const config = await readConfig(process.cwd());
  const labelOf = routeLabeler(config.routes as unknown as ServerBuild["routes"]);

  it("is the Remix route's id, never the raw path: two ads are one series", async () => {
    expect(labelOf("/anuncio/12")).toBe("routes/anuncio.$id");
    expect(labelOf("/anuncio/34")).toBe("routes/anuncio.$id");
    expect(labelOf("/api/ads/5/status")).toBe("routes/api.ads.$id.status");
    expect(labelOf("/")).toBe("routes/_index");
    // A scanner's made-up paths all land on the 404 route, so they cannot add series.
    expect(labelOf("/wp-admin/setup.php")).toBe("routes/$");
    expect(labelOf("/anuncio/%E0%A4%A")).toBe("malformed");

    for (const path of ["/anuncio/12", "/anuncio/34"]) observeRequest({ route: labelOf(path), method: "GET", status: 200, seconds: 0.02 });
    const histogram = (await registry.getMetricsAsJSON()).find((m) => m.name === "classificados_http_request_duration_seconds")!;
    const counts = (histogram.values as MetricValueWithName<string>[]).filter(
      (v) => v.metricName === "classificados_http_request_duration_seconds_count" && v.labels.route === "routes/anuncio.$id",
    );
    expect(counts).toHaveLength(1);
    expect(counts[0]!.value).toBe(2);
    expect(JSON.stringify(histogram.values)).not.toContain("/anuncio/12");
  });

  it("is kept per path with its ids written alike, which only holds while no route has a static segment starting with a digit", () => {
    expect(labelOf("/anuncio/12-bicicleta-caloi")).toBe("routes/anuncio.$id");
    expect(labelOf("/api/ads/77/images/3")).toBe(labelOf("/api/ads/5/images/9"));
    const staticSegments = Object.values(config.routes).flatMap((route) => (route.path ?? "").split("/").filter((segment) => !segment.startsWith(":") && segment !== "*"));
    expect(staticSegments.filter((segment) => /^\d/.test(segment))).toEqual([]);
  });
});

describe("counted where it happens", () => {
  it("a payment and its webhook: the charge created, the payment confirmed, the delivery applied, a replay and a bad token", async () => {
    const user = await createTestUser();
    const ad = createPendingAd(user.id);
    const pending = await value("classificados_payments_total", { gateway: "local", status: "pending" });
    const received = await value("classificados_payments_total", { gateway: "local", status: "received" });
    const created = await callRoute(createPayment, "/api/payments/create", jsonPost({ adId: ad.id, paymentMethod: "PIX", customerInfo }, bearer(user)));
    expect(created.status).toBeLessThan(300);
    const { payment } = (await created.json()) as { payment: { id: number } };
    expect(await value("classificados_payments_total", { gateway: "local", status: "pending" })).toBe(pending + 1);

    const deliver = (body: unknown, token = webhookToken()) =>
      callRoute(webhook, "/api/payments/webhook", { init: { method: "POST", headers: { "Content-Type": "application/json", "asaas-access-token": token }, body: JSON.stringify(body) } });
    const outcome = (name: string) => value("classificados_payment_webhooks_total", { outcome: name });
    const [applied, duplicate, unauthorized] = [await outcome("applied"), await outcome("duplicate"), await outcome("unauthorized")];
    const body = webhookBody(`local-pix-${payment.id}`, "PAYMENT_RECEIVED", "RECEIVED");
    expect((await deliver(body)).status).toBe(200);
    expect((await deliver(body)).status).toBe(200);
    expect((await deliver(body, "token-errado")).status).toBe(401);
    expect(paymentOf(payment.id).status).toBe("received");
    expect(await outcome("applied")).toBe(applied + 1);
    expect(await outcome("duplicate")).toBe(duplicate + 1);
    expect(await outcome("unauthorized")).toBe(unauthorized + 1);
    // The replay changed nothing, so the payment is counted once.
    expect(await value("classificados_payments_total", { gateway: "local", status: "received" })).toBe(received + 1);
  });

  it("a reconciliation run", async () => {
    const before = await value("classificados_payment_reconciliations_total", { outcome: "ok" });
    await reconcilePayments();
    expect(await value("classificados_payment_reconciliations_total", { outcome: "ok" })).toBe(before + 1);
  });

  it("an e-mail sent, and one that fails", async () => {
    // The receipts of the payments above are sent in the background: let them land first.
    await settleReceipts();
    const message = { to: "maria@example.com", subject: "Teste", text: "Olá" };
    const [sent, failed] = [await value("classificados_mails_total", { result: "sent" }), await value("classificados_mails_total", { result: "failed" })];
    await sendMail(message);
    expect(await value("classificados_mails_total", { result: "sent" })).toBe(sent + 1);
    // The outbox cannot be made (a file is in the way): the mailer throws, as it does when SMTP refuses.
    const outbox = path.join(getEnv().DATA_DIR, "outbox");
    fs.rmSync(outbox, { recursive: true, force: true });
    fs.writeFileSync(outbox, "");
    try {
      await expect(sendMail(message)).rejects.toThrow();
    } finally {
      fs.rmSync(outbox);
    }
    expect(await value("classificados_mails_total", { result: "failed" })).toBe(failed + 1);
    expect(await value("classificados_mails_total", { result: "sent" })).toBe(sent + 1);
  });
});

describe("the merged answer", () => {
  it("is Prometheus text with the gauges read at scrape time (queue, database, backups) once, not summed over the workers, and the process' memory", async () => {
    registerScrapeGauges(() => scrapeReadings(getEnv()));
    // Two web workers' registries, merged as the first process does (server/cluster-metrics.mjs).
    const text = await AggregatorRegistry.aggregate([await registry.getMetricsAsJSON(), await registry.getMetricsAsJSON()]).metrics();
    expect(text).toMatch(new RegExp(`^classificados_moderation_queue_length ${countPendingModeration()}$`, "m"));
    const databaseBytes = Number(/^classificados_database_size_bytes (\d+)$/m.exec(text)?.[1]);
    expect(databaseBytes).toBeGreaterThanOrEqual(fs.statSync(getEnv().DATABASE_PATH).size);
    // One database, not two: the largest reading, never the sum.
    expect(databaseBytes).toBeLessThan(2 * fs.statSync(getEnv().DATABASE_PATH).size);
    // No backup yet: an infinite age, so an alert on it fires.
    expect(text).toMatch(/^classificados_backup_age_seconds \+Inf$/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toContain("# TYPE classificados_http_request_duration_seconds histogram");
    // Every metric once: merging must not repeat a family.
    const types = text.match(/^# TYPE \S+/gm)!;
    expect(new Set(types).size).toBe(types.length);
  });
});
