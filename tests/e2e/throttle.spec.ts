/**
 * The per-address login throttle through the real server, where the address is the socket's (Express's
 * req.ip, handed to the app as context.clientIp), not a header the client chooses. It runs a server of
 * its own, so blocking 127.0.0.1 blocks no other test. (That a forged X-Forwarded-For changes nothing
 * without TRUST_PROXY is in server-hardening.spec.ts.)
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import { startAppServer, type AppServer } from "../support/app-server";
import { collect } from "../support/http";

const PASSWORD = "Senha@123";
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;

/**
 * POST JSON from the local address `from` (any 127.x.y.z reaches the server on 127.0.0.1), each on a
 * new connection, so the requests spread over the server's web workers.
 */
async function postJson(server: AppServer, path: string, body: unknown, from = "127.0.0.1") {
  const payload = Buffer.from(JSON.stringify(body));
  const response = await new Promise<Awaited<ReturnType<typeof collect>>>((resolve, reject) => {
    const request = http.request(`${server.url}${path}`, {
      method: "POST",
      agent: false,
      localAddress: from,
      headers: { "Content-Type": "application/json", "Content-Length": payload.length },
    });
    request.on("response", (res) => collect(res).then(resolve, reject));
    request.on("error", reject);
    request.end(payload);
  });
  return { ...response, json: JSON.parse(response.text) as { message?: string } };
}

test("thirty failed logins from one address, whatever the e-mails and whichever worker, block it, even for a right password; another address gets in", async () => {
  // A server of its own and thirty-odd Argon2 hashes on a machine the other tests share.
  test.setTimeout(120_000);
  const server = await startAppServer({ WEB_CONCURRENCY: "2" });
  try {
    const email = uniqueEmail("dono");
    expect((await postJson(server, "/api/register", { name: "Dono da Conta", email, password: PASSWORD })).status).toBe(201);
    // Thirty different e-mails: no e-mail's own counter is anywhere near its limit, only 127.0.0.1's.
    for (let i = 0; i < 30; i++) expect((await postJson(server, "/api/auth/login", { email: uniqueEmail("tentativa"), password: "Errada@123" })).status).toBe(401);

    const blocked = await postJson(server, "/api/auth/login", { email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.json.message).toMatch(/^Muitas tentativas\. Aguarde 1[45] minutos e tente novamente\.$/);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);

    // The block is that address's, not the server's: from 127.0.0.2 the same account signs in.
    expect((await postJson(server, "/api/auth/login", { email, password: PASSWORD }, "127.0.0.2")).status).toBe(200);
    expect((await postJson(server, "/api/auth/login", { email, password: PASSWORD })).status).toBe(429);
  } finally {
    await server.stop();
  }
});
