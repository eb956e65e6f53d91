/**
 * GET /metrics through the real built server with two web workers (ADR 023): without METRICS_TOKEN
 * and behind a trusted proxy, a client the proxy says is elsewhere gets 403 and this machine gets the
 * whole cluster's counts — requests spread over both workers add up in one series per route pattern,
 * and the gauges read at scrape time appear once (every worker reads them; the merge keeps one). The token, the labels and each counter in detail:
 * tests/integration/metrics.test.ts.
 */
import { expect, test } from "@playwright/test";
import { startAppServer } from "../support/app-server";
import { rawRequest } from "../support/http";

test("/metrics sums both web workers, one series per route pattern, and answers this machine only", async () => {
  const server = await startAppServer({ WEB_CONCURRENCY: "2", TRUST_PROXY: "true" });
  try {
    const forwarded = await rawRequest(`${server.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.7" } });
    expect(forwarded.status).toBe(403);
    expect(forwarded.text).toContain("só a própria máquina");

    // A connection each: the cluster hands connections to the workers in turn, so both count some.
    for (let id = 1000; id < 1010; id++) {
      expect((await rawRequest(`${server.url}/anuncio/${id}`, { headers: { Connection: "close" } })).status).toBe(404);
    }
    const answer = await rawRequest(`${server.url}/metrics`, { headers: { Connection: "close" } });
    expect(answer.status).toBe(200);
    // Prometheus' text format (Express orders the parameters its own way).
    expect(answer.headers["content-type"]).toMatch(/^text\/plain;.*\bversion=0\.0\.4\b/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const adPages = answer.text.split("\n").filter((line) => line.startsWith('classificados_http_request_duration_seconds_count{route="routes/anuncio.$id"'));
    expect(adPages).toEqual(['classificados_http_request_duration_seconds_count{route="routes/anuncio.$id",method="GET",status="404"} 10']);
    expect(answer.text).not.toContain("/anuncio/1000");
    // The gauges read at scrape time, once (not summed over the workers); every family once.
    expect(answer.text.match(/^classificados_database_size_bytes \d+$/gm)).toHaveLength(1);
    expect(answer.text).toMatch(/^classificados_moderation_queue_length 0$/m);
    const types = answer.text.match(/^# TYPE \S+/gm)!;
    expect(new Set(types).size).toBe(types.length);
  } finally {
    await server.stop();
  }
});
