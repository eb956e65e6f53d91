import { describe, expect, it } from "vitest";
import { cityAmongUnreadCookies, isCityCookie, rememberCity, withRememberedCity } from "~/web/city-choice.server";

const withCookie = (cookie?: string) => new Request("http://localhost/", cookie ? { headers: { Cookie: cookie } } : {});
const setCookieOf = (headers: HeadersInit | undefined) => (headers ? new Headers(headers).get("Set-Cookie") : null);

describe("the chosen city (ADR 043)", () => {
  it("fills in the remembered city only when the address names none", () => {
    const bare = new URL("http://localhost/categories?category=3");
    expect(withRememberedCity(bare, withCookie("cidade=7")).searchParams.get("cityId")).toBe("7");
    expect(withRememberedCity(bare, withCookie("vid=x; cidade=todas")).searchParams.get("cityId")).toBe("todas");
    expect(withRememberedCity(new URL("http://localhost/?cityId=2"), withCookie("cidade=7")).searchParams.get("cityId")).toBe("2");
    expect(withRememberedCity(bare, withCookie())).toBe(bare);
    // A value the server never writes is no choice.
    for (const cookie of ["cidade=", "cidade=0", "cidade=abc", "cidade=1e3", "cidade=12345678901"]) {
      expect(withRememberedCity(bare, withCookie(cookie)).searchParams.has("cityId")).toBe(false);
    }
  });

  it("remembers a city the address names and the page shows, once", () => {
    const named = new URL("http://localhost/?cityId=7");
    expect(setCookieOf(rememberCity(named, withCookie(), "7"))).toBe("cidade=7; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly");
    expect(setCookieOf(rememberCity(named, withCookie("cidade=3"), "7"))).toMatch(/^cidade=7;/);
    expect(rememberCity(named, withCookie("cidade=7"), "7")).toBeUndefined();
    // An unknown city falls back to the default, which the address did not name: nothing is remembered.
    expect(rememberCity(new URL("http://localhost/?cityId=999"), withCookie(), "1")).toBeUndefined();
    // An address without a city (the default, or the remembered one) changes nothing.
    expect(rememberCity(new URL("http://localhost/categories"), withCookie(), "1")).toBeUndefined();
    expect(setCookieOf(rememberCity(new URL("http://localhost/categories?cityId=todas"), withCookie("cidade=7"), "todas"))).toMatch(/^cidade=todas;/);
  });

  it("tells the city cookie sent alone from any other cookie", () => {
    const unread = new Set(["vid"]);
    expect(cityAmongUnreadCookies("cidade=7", unread)).toEqual({ city: "7" });
    expect(cityAmongUnreadCookies(" cidade=todas; ", unread)).toEqual({ city: "todas" });
    expect(cityAmongUnreadCookies("cidade=7; vid=x", unread)).toEqual({ city: "7" });
    expect(cityAmongUnreadCookies("vid=x", unread)).toEqual({ city: null });
    expect(cityAmongUnreadCookies(undefined, unread)).toEqual({ city: null });
    expect(cityAmongUnreadCookies("cidade=7; session=x", unread)).toBeNull();
    expect(cityAmongUnreadCookies("vidx=1", unread)).toBeNull();
    expect(cityAmongUnreadCookies("cidade=7; cidade=8", unread)).toBeNull();
    expect(cityAmongUnreadCookies("cidade=../x", unread)).toBeNull();
    expect(cityAmongUnreadCookies("cidade", unread)).toBeNull();
    expect(cityAmongUnreadCookies(["cidade=7", "cidade=8"], unread)).toBeNull();
    expect(isCityCookie("cidade=7; Path=/")).toBe(true);
    expect(isCityCookie("vid=x; Path=/")).toBe(false);
  });
});
