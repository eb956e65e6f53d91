/**
 * SIGTERM with one web worker (WEB_CONCURRENCY=1, behind the first process): a request in flight when
 * the signal comes is answered in full, no new connection is taken, and the process exits 0.
 * The request is held in flight by its body: half of it is sent before the signal, the rest after.
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import { startAppServer } from "../support/app-server";
import { collect, rawRequest } from "../support/http";

const PASSWORD = "Senha@123";

test("SIGTERM with one process lets the request in flight finish, refuses new ones, and exits 0", async () => {
  const server = await startAppServer({ WEB_CONCURRENCY: "1" });
  try {
    const email = `desligamento.${Date.now()}@exemplo.com.br`;
    const registered = await rawRequest(`${server.url}/api/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Pessoa de Teste", email, password: PASSWORD }),
    });
    expect(registered.status).toBe(201);

    const body = Buffer.from(JSON.stringify({ email, password: PASSWORD }));
    const request = http.request(`${server.url}/api/auth/login`, {
      method: "POST",
      agent: false,
      // Node's server answers "100 Continue" once it has read the request's head and handed it on.
      headers: { "Content-Type": "application/json", "Content-Length": body.length, Expect: "100-continue" },
    });
    const inFlight = new Promise<void>((resolve) => request.once("continue", () => resolve()));
    const answered = new Promise<Awaited<ReturnType<typeof collect>>>((resolve, reject) => {
      request.on("response", (response) => collect(response).then(resolve, reject));
      request.on("error", reject);
    });
    request.write(body.subarray(0, 10));
    // The request has reached the server (its log line comes only at the end): wait for its "100 Continue".
    await inFlight;

    server.kill("SIGTERM");
    await expect.poll(() => server.output()).toContain("SIGTERM received: closing");
    // Closed to newcomers while the old request is still open.
    await expect.poll(() => fetch(`${server.url}/healthz`).then(() => "answered", () => "refused")).toBe("refused");

    request.end(body.subarray(10));
    const response = await answered;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.text)).toMatchObject({ token: expect.any(String) });
    expect(await server.exited).toBe(0);
    expect(server.output()).toMatch(/POST \/api\/auth\/login 200 /);
  } finally {
    await server.stop();
  }
});
