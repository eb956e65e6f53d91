import { describe, expect, it } from "vitest";
import { errorAnswer, isAllowedMethod, isCrossSiteWrite, siteOriginOf } from "./server-guards.server";

const base = { appUrl: undefined, trustProxy: false, protocol: "http", host: "127.0.0.1:3000", forwardedHost: undefined };

describe("siteOriginOf", () => {
  it("is the Host over the socket's protocol by default, ignoring X-Forwarded-Host", () => {
    expect(siteOriginOf(base)).toBe("http://127.0.0.1:3000");
    expect(siteOriginOf({ ...base, forwardedHost: "evil.example" })).toBe("http://127.0.0.1:3000");
  });

  it("is the forwarded host and protocol with TRUST_PROXY (first entry of a list)", () => {
    expect(siteOriginOf({ ...base, trustProxy: true, protocol: "https", forwardedHost: "classificados.example, 10.0.0.1" })).toBe(
      "https://classificados.example",
    );
    expect(siteOriginOf({ ...base, trustProxy: true })).toBe("http://127.0.0.1:3000");
    // Express's req.protocol is whatever the proxy sent; anything but https is http.
    expect(siteOriginOf({ ...base, trustProxy: true, protocol: "javascript" })).toBe("http://127.0.0.1:3000");
  });

  it("is APP_URL's origin when set, whatever the request names", () => {
    expect(siteOriginOf({ ...base, appUrl: "https://classificados.example/", host: "evil.example" })).toBe("https://classificados.example");
  });

  it.each([undefined, "", "[::1", "evil.example/x", "a b", "evil.example:abc", "@evil.example", "user@evil.example"])(
    "is null for the Host %j (a 400, not a 500)",
    (host) => {
      expect(siteOriginOf({ ...base, host })).toBeNull();
    },
  );
});

describe("isCrossSiteWrite", () => {
  const site = "http://127.0.0.1:3000";
  it("refuses writes whose Origin is another site's, or null", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) expect(isCrossSiteWrite(method, "https://evil.example", site)).toBe(true);
    expect(isCrossSiteWrite("POST", "null", site)).toBe(true);
    expect(isCrossSiteWrite("POST", "http://localhost:3000", site)).toBe(true);
    expect(isCrossSiteWrite("POST", "https://127.0.0.1:3000", site)).toBe(true);
  });

  it("lets reads, same-site writes and writes without an Origin through", () => {
    expect(isCrossSiteWrite("GET", "https://evil.example", site)).toBe(false);
    expect(isCrossSiteWrite("OPTIONS", "https://evil.example", site)).toBe(false);
    expect(isCrossSiteWrite("POST", site, site)).toBe(false);
    expect(isCrossSiteWrite("POST", undefined, site)).toBe(false);
  });
});

describe("plain answers", () => {
  it("allows the usual methods only", () => {
    expect(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"].every(isAllowedMethod)).toBe(true);
    expect(["TRACE", "CONNECT", "PROPFIND", "get"].some(isAllowedMethod)).toBe(false);
  });

  it("answers JSON {message} under /api and an escaped pt-BR page elsewhere", () => {
    expect(errorAnswer("/api/ads", 500, "Erro interno do servidor")).toEqual({
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify({ message: "Erro interno do servidor" }),
    });
    const page = errorAnswer("/apiary", 403, "<b>Origem</b> não permitida.");
    expect(page.contentType).toBe("text/html; charset=utf-8");
    expect(page.body).toContain('<html lang="pt-BR">');
    expect(page.body).toContain("&lt;b&gt;Origem&lt;/b&gt; não permitida.");
  });
});
