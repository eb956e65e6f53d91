import { describe, expect, it } from "vitest";
import { mayBeKept } from "./anonymous-pages.server";
import { mayKeepOffline } from "./offline-copies.server";

const anonymous = { status: 200, headers: [["content-type", "text/html; charset=utf-8"]] as [string, string][], identified: false };
const get = (path: string, headers: Record<string, string> = {}) => ({ method: "GET", path, headers });

describe("mayKeepOffline", () => {
  it("lets the phone keep the public pages rendered for nobody: the home, the list with any query, an ad's page", () => {
    for (const path of ["/", "/categories", "/anuncio/12-bicicleta-aro-29"]) expect(mayKeepOffline(get(path), anonymous), path).toBe(true);
    // The favourites and visitor cookies are the browser's own: the page stays on that browser.
    expect(mayKeepOffline(get("/", { cookie: "favoritos=abc; vid=def" }), anonymous)).toBe(true);
  });

  it("never a personal page, an API answer, an ad's contact or report address, or single fetch's data", () => {
    for (const path of ["/dashboard", "/conta", "/admin", "/payment/3", "/favoritos", "/mensagens", "/api/ads/public", "/anuncio/12/contato", "/anuncio/12/denunciar", "/_root.data", "/categories.data", "/sobre"]) {
      expect(mayKeepOffline(get(path), anonymous), path).toBe(false);
    }
    expect(mayKeepOffline({ method: "POST", path: "/", headers: {} }, anonymous)).toBe(false);
  });

  it("never a page asked with the session cookie or a bearer token, even one whose lookup found nobody", () => {
    expect(mayKeepOffline(get("/", { cookie: "vid=1; __session=expired" }), anonymous)).toBe(false);
    expect(mayKeepOffline(get("/categories", { authorization: "Bearer abc" }), anonymous)).toBe(false);
  });

  it("follows the kept first-visit pages' rule: a 200 rendered for nobody that sets no cookie", () => {
    expect(mayKeepOffline(get("/"), { ...anonymous, identified: true })).toBe(false);
    expect(mayKeepOffline(get("/anuncio/12-x"), { ...anonymous, status: 404 })).toBe(false);
    expect(mayKeepOffline(get("/"), { ...anonymous, headers: [...anonymous.headers, ["Set-Cookie", "toast=; Max-Age=0"]] })).toBe(false);
  });

  it("keeps the first ad page a browser opens, which gives it its visitor id: the copy stays on that browser", () => {
    const givesVisitorId = { ...anonymous, headers: [...anonymous.headers, ["Set-Cookie", "vid=0123abcd.20261205.sig; Path=/; HttpOnly"]] as [string, string][] };
    expect(mayKeepOffline(get("/anuncio/12-bicicleta-aro-29"), givesVisitorId)).toBe(true);
    // Never for the strangers after it (anonymous-pages.server.ts), nor with another cookie beside it.
    expect(mayBeKept(givesVisitorId)).toBe(false);
    expect(mayKeepOffline(get("/anuncio/12-x"), { ...givesVisitorId, headers: [...givesVisitorId.headers, ["Set-Cookie", "toast=x"]] })).toBe(false);
  });
});
