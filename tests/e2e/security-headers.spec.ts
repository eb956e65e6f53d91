/**
 * Every answer carries the security headers (app/web/security-headers.server.ts, set in server.ts
 * before anything else answers): a page, a JSON answer, an image, a 404, and the answers server.ts
 * gives itself (405, 413). HSTS only when APP_URL is https — only then is the site known to be on TLS.
 * Cross-Origin-Opener-Policy only when the request carries the session cookie (ADR 008, amended).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { DEPLOYMENT_SETTINGS, startAppServer, type AppServer } from "../support/app-server";
import { rawRequest, type RawResponse } from "../support/http";

const PUBLIC_ID = "cabecalhos0123456789";

async function withImage(server: AppServer) {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c33" } }).jpeg().toBuffer();
  fs.mkdirSync(path.join(server.dataDir, "uploads", "originals"), { recursive: true });
  fs.writeFileSync(path.join(server.dataDir, "uploads", "originals", PUBLIC_ID), jpeg);
}

/** Each kind of answer, with what it must be (so a header check never passes on the wrong answer). */
async function answers(server: AppServer, cookie?: string): Promise<Array<[string, RawResponse, number, RegExp]>> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const get = (target: string) => rawRequest(`${server.url}${target}`, { headers });
  return [
    ["page", await get("/"), 200, /^text\/html/],
    ["API", await get("/api/categories"), 200, /^application\/json/],
    ["image", await get(`/images/${PUBLIC_ID}`), 200, /^image\/jpeg/],
    ["image variant", await get(`/images/${PUBLIC_ID}?w=320`), 200, /^image\//],
    ["404 page", await get("/pagina-que-nao-existe"), 404, /^text\/html/],
    ["404 image", await get("/images/naoexiste"), 404, /^text\/plain/],
    ["static file", await get("/favicon.png"), 200, /^image\/png/],
    ["service worker", await get("/sw.js"), 200, /^(text|application)\/javascript/],
    ["405", await rawRequest(`${server.url}/`, { method: "TRACE", headers }), 405, /^text\/html/],
    [
      "413",
      await rawRequest(`${server.url}/api/auth/login`, { method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: "x".repeat(200 * 1024) }),
      413,
      /^application\/json/,
    ],
  ];
}

function expectSecurityHeaders(name: string, response: RawResponse, { signedIn = false } = {}) {
  const h = response.headers;
  const csp = String(h["content-security-policy"]);
  expect(csp, name).toContain("default-src 'self'");
  expect(csp, name).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp, name).toContain("object-src 'none'");
  expect(csp, name).toContain("base-uri 'self'");
  expect(csp, name).toContain("frame-ancestors 'none'");
  expect(h["x-frame-options"], name).toBe("DENY");
  expect(h["x-content-type-options"], name).toBe("nosniff");
  expect(h["referrer-policy"], name).toBe("strict-origin-when-cross-origin");
  expect(h["cross-origin-opener-policy"], name).toBe(signedIn ? "same-origin" : undefined);
  expect(h["permissions-policy"], name).toBe("camera=(), microphone=(), geolocation=()");
  expect(h["x-powered-by"], name).toBeUndefined();
  expect(h["x-request-id"], name).toMatch(/^[0-9a-f-]{36}$/);
}

test("every kind of answer carries the security headers, with HSTS when APP_URL is https", async () => {
  const server = await startAppServer({ WEB_CONCURRENCY: "1", APP_URL: "https://classificados.example", ...DEPLOYMENT_SETTINGS });
  try {
    await withImage(server);
    for (const [name, response, status, type] of await answers(server)) {
      expect(response.status, name).toBe(status);
      expect(String(response.headers["content-type"]), name).toMatch(type);
      expectSecurityHeaders(name, response);
      expect(response.headers["strict-transport-security"], name).toBe("max-age=31536000; includeSubDomains");
    }
    // A signed-in browser's requests (its session cookie, whatever its value) get COOP as well.
    for (const [name, response, status] of await answers(server, "favoritos=1; __session=assinado")) {
      expect(response.status, name).toBe(status);
      expectSecurityHeaders(name, response, { signedIn: true });
    }
    // A cookie whose name merely ends like the session's is not it.
    expectSecurityHeaders("other cookie", await rawRequest(`${server.url}/`, { headers: { Cookie: "x__session=1" } }));
  } finally {
    await server.stop();
  }
});

test("without an https APP_URL there is no HSTS (plain http must stay reachable), and the rest is the same", async () => {
  const server = await startAppServer({ WEB_CONCURRENCY: "1" });
  try {
    await withImage(server);
    for (const [name, response, status] of await answers(server)) {
      expect(response.status, name).toBe(status);
      expectSecurityHeaders(name, response);
      expect(response.headers["strict-transport-security"], name).toBeUndefined();
    }
    // Each page gets its own nonce.
    const [a, b] = [await rawRequest(`${server.url}/`), await rawRequest(`${server.url}/`)];
    expect(a.headers["content-security-policy"]).not.toBe(b.headers["content-security-policy"]);
  } finally {
    await server.stop();
  }
});
