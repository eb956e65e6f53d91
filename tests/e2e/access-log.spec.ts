/**
 * The access log as the production server writes it without a proxy (TRUST_PROXY off): the socket's
 * address and port, whatever forwarded headers a client forges; the path without the query's values;
 * files the owner's alone; nothing of it served over HTTP. Behind Caddy: behind-caddy.spec.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { accessLineFor, requestFrom } from "../support/access-log";
import { startAppServer, type AppServer } from "../support/app-server";

let server: AppServer;

test.beforeAll(async () => {
  server = await startAppServer({ TRUST_PROXY: "false" });
});

test.afterAll(async () => {
  await server?.stop();
});

test("logs the socket's address and port, no query values, in files nobody else reads and nothing serves", async () => {
  const response = await requestFrom(`${server.url}/reset-password?token=segredo-do-link-de-senha`, {
    headers: { "X-Forwarded-For": "198.51.100.66", "X-Client-Port": "1" },
  });
  expect(response.status).toBe(200);
  const line = await accessLineFor(server.dataDir, String(response.headers["x-request-id"]));
  expect(line).toMatchObject({ ip: "127.0.0.1", port: response.localPort, method: "GET", path: "/reset-password", query: ["token"], status: 200, userId: null });

  const dir = path.join(server.dataDir, "access-log");
  expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
  for (const file of fs.readdirSync(dir)) {
    expect(fs.statSync(path.join(dir, file)).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(path.join(dir, file), "utf8")).not.toContain("segredo-do-link-de-senha");
  }

  const today = fs.readdirSync(dir)[0]!;
  for (const target of [`/access-log/${today}`, `/data/access-log/${today}`]) {
    const probe = await requestFrom(`${server.url}${target}`);
    expect(probe.status, target).toBe(404);
    expect(probe.text).not.toContain("requestId");
  }
});
