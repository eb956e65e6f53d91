/**
 * What the server answers before Remix (server.ts, ADR 008), through the real built server: the
 * process's mode, unsupported methods and malformed requests, errors with a request id, cross-site
 * writes, X-Forwarded-* only with TRUST_PROXY, and the body caps by path. Each test runs its own
 * server (tests/support/app-server.ts), so settings and throttles stay apart.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { DEPLOYMENT_SETTINGS, startAppServer, type AppServer } from "../support/app-server";
import { multipartBody, rawRequest, rawSocket, type RawResponse } from "../support/http";

const PASSWORD = "Senha@123";
const SITE = "https://classificados.example";

/** No stack frame, no file path, no internal error name in what a client sees. */
function expectNoInternals(response: RawResponse | string) {
  const text = typeof response === "string" ? response : response.text;
  expect(text).not.toMatch(/node_modules|\/work\/|\/tmp\/|\bat [\w.<>]+ \(|Error:|ELOOP/);
}

async function registerUser(server: AppServer, email: string) {
  const response = await rawRequest(`${server.url}/api/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ name: "Pessoa de Teste", email, password: PASSWORD }),
  });
  expect(response.status, response.text).toBe(201);
}

/** The no-JavaScript login form, posted with the headers a browser (and a proxy) would send. */
function postLoginForm(server: AppServer, email: string, headers: Record<string, string>) {
  return rawRequest(`${server.url}/login`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ email, password: PASSWORD }).toString(),
  });
}

const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`;

test.describe("server guards", () => {
  test("with NODE_ENV unset Express runs in production; TRACE, CONNECT and a bad Host get plain answers, never a stack", async () => {
    const server = await startAppServer({ NODE_ENV: undefined, WEB_CONCURRENCY: "1" });
    try {
      // Express's own idea of the mode (app.get("env")), printed in the ready line.
      expect(server.output()).toContain("(production, ready in");

      const trace = await rawRequest(`${server.url}/`, { method: "TRACE" });
      expect(trace.status).toBe(405);
      expect(trace.headers.allow).toBe("GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS");
      expect(trace.headers["content-type"]).toMatch(/^text\/html/);
      expect(trace.text).toContain("Método não permitido.");
      expectNoInternals(trace);

      const propfind = await rawRequest(`${server.url}/api/categories`, { method: "PROPFIND" });
      expect(propfind.status).toBe(405);
      expect(JSON.parse(propfind.text)).toEqual({ message: "Método não permitido." });

      const connect = await rawSocket(server.url, "CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n");
      expect(connect).toMatch(/^HTTP\/1\.1 405 /);
      expect(connect).toMatch(/\r\nAllow: GET, HEAD, POST/);

      for (const host of ["[::1", "evil.example/x", "a b"]) {
        const bad = await rawRequest(`${server.url}/`, { headers: { Host: host } });
        expect(bad.status, host).toBe(400);
        expect(bad.text).toContain("cabeçalho Host ausente ou malformado");
        expectNoInternals(bad);
      }

      // Every answer carries its request id, and the log line names it.
      const id = trace.headers["x-request-id"];
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await expect.poll(() => server.output()).toContain(`TRACE / 405`);
      expect(server.output()).toMatch(new RegExp(`TRACE / 405 [\\d.]+ms ${id}`));
      expect(server.output()).not.toContain("[error]");
    } finally {
      await server.stop();
    }
  });

  test("an error inside a route is logged with the request id and its cause; the client gets a plain pt-BR 500", async () => {
    const server = await startAppServer({ WEB_CONCURRENCY: "1" });
    try {
      // An image whose stored original cannot be read: a symbolic link to itself (ELOOP).
      const publicId = "quebrada0123456789";
      const originals = path.join(server.dataDir, "uploads", "originals");
      fs.mkdirSync(originals, { recursive: true });
      fs.symlinkSync(publicId, path.join(originals, publicId));
      const response = await rawRequest(`${server.url}/images/${publicId}`);
      expect(response.status).toBe(500);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.text).toContain("Algo deu errado");
      expectNoInternals(response);
      const id = String(response.headers["x-request-id"]);
      // The cause, with the request id: "[error] <id> GET /images/… Error: …" and its stack.
      await expect.poll(() => server.output()).toMatch(new RegExp(`\\[error\\] ${id} GET /images/${publicId} \\w*Error: .+\\n\\s+at `));
      await expect.poll(() => server.output()).toMatch(new RegExp(`GET /images/${publicId} 500 [\\d.]+ms ${id}`));
      // Explained once: no "no error was reported" line for it.
      expect(server.output()).not.toContain("no error was reported");
    } finally {
      await server.stop();
    }
  });

  test("a write from another site gets a 403 with a pt-BR message (not Remix's 500); same-site and Origin-less writes go through", async () => {
    const server = await startAppServer({ WEB_CONCURRENCY: "1" });
    try {
      const email = uniqueEmail("origem");
      await registerUser(server, email);

      for (const origin of ["https://evil.example", "null", `${server.url.replace("127.0.0.1", "localhost")}`]) {
        const page = await postLoginForm(server, email, { Origin: origin });
        expect(page.status, origin).toBe(403);
        expect(page.text).toContain("Origem da requisição não permitida.");
        expect(page.headers["set-cookie"]).toBeUndefined();
      }
      const api = await rawRequest(`${server.url}/api/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: "https://evil.example" },
        body: JSON.stringify({ email, password: PASSWORD }),
      });
      expect(api.status).toBe(403);
      expect(JSON.parse(api.text)).toEqual({ message: "Origem da requisição não permitida." });
      // A forged X-Forwarded-Host does not make the attacker's origin ours (no TRUST_PROXY).
      const forged = await postLoginForm(server, email, { Origin: "https://evil.example", "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" });
      expect(forged.status).toBe(403);

      // Our own page's post signs in (a redirect with the session cookie).
      const sameSite = await postLoginForm(server, email, { Origin: server.url });
      expect(sameSite.status).toBe(302);
      expect(String(sameSite.headers["set-cookie"])).toContain("__session=");
      // A client that sends no Origin (curl, an app) is not a browser acting for someone else.
      const noOrigin = await postLoginForm(server, email, {});
      expect(noOrigin.status).toBe(302);

      expect(server.output()).not.toContain("[error]");
    } finally {
      await server.stop();
    }
  });

  test("TRUST_PROXY=true: the forwarded host and protocol are the site's origin, so same-site posts behind the proxy work", async () => {
    const server = await startAppServer({ WEB_CONCURRENCY: "1", TRUST_PROXY: "true" });
    try {
      const email = uniqueEmail("proxy");
      await registerUser(server, email);
      const forwarded = { "X-Forwarded-Host": "classificados.example", "X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7" };

      const viaProxy = await postLoginForm(server, email, { ...forwarded, Origin: SITE });
      expect(viaProxy.status).toBe(302);
      expect(String(viaProxy.headers["set-cookie"])).toContain("__session=");
      // Behind that proxy, the address the socket sees is not the site's.
      expect((await postLoginForm(server, email, { ...forwarded, Origin: server.url })).status).toBe(403);
      expect(server.output()).not.toContain("[error]");
    } finally {
      await server.stop();
    }
  });

  test("without TRUST_PROXY, X-Forwarded-* are ignored: the origin is the Host's and the client address the socket's", async () => {
    const server = await startAppServer({ WEB_CONCURRENCY: "1" });
    try {
      const email = uniqueEmail("semproxy");
      await registerUser(server, email);
      const forwarded = { "X-Forwarded-Host": "classificados.example", "X-Forwarded-Proto": "https" };
      expect((await postLoginForm(server, email, { ...forwarded, Origin: SITE })).status).toBe(403);
      expect((await postLoginForm(server, email, { ...forwarded, Origin: server.url })).status).toBe(302);

      // Ten failed sign-ins for one e-mail from 127.0.0.1 block it; a made-up X-Forwarded-For does not make it another client.
      const target = uniqueEmail("tentativa");
      const login = (headers: Record<string, string> = {}) =>
        rawRequest(`${server.url}/api/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json", ...headers },
          body: JSON.stringify({ email: target, password: "Errada@123" }),
        });
      for (let i = 0; i < 10; i++) expect((await login()).status).toBe(401);
      expect((await login()).status).toBe(429);
      expect((await login({ "X-Forwarded-For": "203.0.113.50" })).status).toBe(429);
    } finally {
      await server.stop();
    }
  });

  test("APP_URL behind a proxy that does not forward Host: posts from APP_URL's pages work, others get 403", async () => {
    const server = await startAppServer({ WEB_CONCURRENCY: "1", APP_URL: SITE, ...DEPLOYMENT_SETTINGS });
    try {
      const email = uniqueEmail("appurl");
      await registerUser(server, email);
      // Host: 127.0.0.1:port (what the proxy connects to), Origin: the public site.
      const viaProxy = await postLoginForm(server, email, { Origin: SITE });
      expect(viaProxy.status).toBe(302);
      expect(String(viaProxy.headers["set-cookie"])).toContain("__session=");
      expect((await postLoginForm(server, email, { Origin: server.url })).status).toBe(403);
      expect(server.output()).not.toContain("[error]");
    } finally {
      await server.stop();
    }
  });

  test("bodies: 100 KB for JSON and forms, MAX_BODY_MB only for multipart posts to the upload routes, by length or streamed", async () => {
    const server = await startAppServer({ WEB_CONCURRENCY: "1" });
    try {
      const bigJson = JSON.stringify({ email: "a@exemplo.com.br", password: "x".repeat(200 * 1024) });
      const json = { "Content-Type": "application/json" };
      for (const chunked of [false, true]) {
        const response = await rawRequest(`${server.url}/api/auth/login`, { method: "POST", headers: json, body: bigJson, chunked });
        expect(response.status, `chunked: ${chunked}`).toBe(413);
        expect(JSON.parse(response.text)).toEqual({ message: "Envio grande demais: o limite é 100 KB." });
      }
      const form = await rawRequest(`${server.url}/login`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `email=a%40exemplo.com.br&password=${"x".repeat(200 * 1024)}`,
        chunked: true,
      });
      expect(form.status).toBe(413);
      expect(form.headers["content-type"]).toMatch(/^text\/html/);
      expect(form.text).toContain("Envio grande demais: o limite é 100 KB.");

      // 5 MB of photos: too much anywhere but an upload route…
      const photos = multipartBody(5 * 1024 * 1024);
      const multipart = { "Content-Type": photos.contentType };
      expect((await rawRequest(`${server.url}/login`, { method: "POST", headers: multipart, body: photos.body })).status).toBe(413);
      // …where it passes the cap, by length or streamed (the route itself answers, whatever it is today).
      for (const target of ["/api/ads", "/api/ads/123/images", "/create-ad", "/create-ad.data", "/edit-ad/123"]) {
        for (const chunked of [false, true]) {
          const response = await rawRequest(`${server.url}${target}`, { method: "POST", headers: multipart, body: photos.body, chunked });
          expect(response.status, `${target} chunked: ${chunked}`).not.toBe(413);
        }
      }
      // An upload route takes only multipart bodies large; and past MAX_BODY_MB it is refused before reading.
      const bigJsonToUploads = await rawRequest(`${server.url}/api/ads`, { method: "POST", headers: json, body: JSON.stringify({ x: "x".repeat(200 * 1024) }) });
      expect(bigJsonToUploads.status).toBe(413);
      const declared = await rawSocket(
        server.url,
        `POST /api/ads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${photos.contentType}\r\nContent-Length: ${50 * 1024 * 1024}\r\n\r\n`,
      );
      expect(declared).toMatch(/^HTTP\/1\.1 413 /);
      expect(declared).toContain("Envio grande demais: o limite é 45 MB.");

      // An answer that goes out before the body is read (413, a redirect to /login, a 401) reaches a client
      // that is still sending and asked to close the connection: the rest is read and dropped, not reset.
      for (const target of ["/login", "/create-ad", "/api/ads/123/images"]) {
        const early = await rawSocket(
          server.url,
          `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${photos.contentType}\r\nContent-Length: ${photos.body.length}\r\nConnection: close\r\n\r\n`,
          photos.body,
        );
        expect(early, target).toMatch(/^HTTP\/1\.1 (413|302|401) /);
      }

      // A small JSON body still reaches the route.
      const small = await rawRequest(`${server.url}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ email: "a@exemplo.com.br", password: "Errada@123" }) });
      expect(small.status).toBe(401);
      expect(server.output()).not.toMatch(/\[error\].*(login|api\/auth)/);
    } finally {
      await server.stop();
    }
  });
});
