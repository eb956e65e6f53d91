import { describe, expect, it } from "vitest";
import { errorAnswer, isAllowedMethod, isSafeMethod, requestSource, siteOriginOf } from "./server-guards.server";

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

describe("requestSource: the one cross-site rule", () => {
  const site = "http://127.0.0.1:3000";
  it("names another site's page, a null Origin or an unreadable Referer cross", () => {
    expect(requestSource({ origin: "https://evil.example" }, [site])).toBe("cross");
    expect(requestSource({ origin: "null" }, [site])).toBe("cross");
    expect(requestSource({ origin: "http://localhost:3000" }, [site])).toBe("cross");
    expect(requestSource({ origin: "https://127.0.0.1:3000" }, [site])).toBe("cross");
    expect(requestSource({ referer: "https://evil.example/page" }, [site])).toBe("cross");
    expect(requestSource({ referer: "not a url" }, [site])).toBe("cross");
    // The Origin wins over a Referer of ours.
    expect(requestSource({ origin: "https://evil.example", referer: `${site}/x` }, [site])).toBe("cross");
  });

  it("knows our own pages by Origin or Referer, and leaves a request with neither unknown", () => {
    expect(requestSource({ origin: site }, [site])).toBe("same");
    expect(requestSource({ referer: `${site}/anunciar?x=1` }, ["https://classificados.example", site])).toBe("same");
    expect(requestSource({}, [site])).toBe("unknown");
    expect(requestSource({ origin: null, referer: null }, [site])).toBe("unknown");
  });

  it("checks writes only", () => {
    expect(["GET", "HEAD", "OPTIONS"].every(isSafeMethod)).toBe(true);
    expect(["POST", "PUT", "PATCH", "DELETE"].some(isSafeMethod)).toBe(false);
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
