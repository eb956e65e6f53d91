/** safeRedirect: where a sign-in may send the browser back to — only a path on this site, never a 500. */
import { describe, expect, it } from "vitest";
import { safeRedirect, siteOrigin } from "~/web/auth.server";

/** What a browser does with a Location: resolve it against the page it is on. */
const resolvedOrigin = (location: string) => new URL(location, "http://localhost:3000/login").origin;

describe("safeRedirect", () => {
  it.each(["/", "/categories", "/minha-conta?aba=2", "/anuncio/12#fotos", "/categories?search=geladeira%20nova&city=3", "/login?redirectTo=%2Fdashboard"])(
    "keeps the same-site path %s",
    (path) => {
      expect(safeRedirect(path)).toBe(path);
    },
  );

  it.each([
    // Absolute and protocol-relative addresses.
    "https://evil.example",
    "http://localhost:3000/x",
    "//evil.example",
    "//evil.example/path",
    "///evil.example",
    "javascript:alert(1)",
    "evil.example",
    "",
    // Backslashes: browsers read them as slashes.
    "/\\evil.example",
    "\\\\evil.example",
    "/x\\y",
    // Control characters, which browsers strip ("/\t/evil.example" is "//evil.example") or headers refuse.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\0/evil.example",
    "/\v/evil.example",
    "/\f/evil.example",
    "/\u007f/evil.example",
    "/\u0085/evil.example",
    // Whitespace of any kind.
    "/ /evil.example",
    "/\u3000/evil.example",
    "/\u00a0/evil.example",
    "/\u2028/evil.example",
    "/\ufeff/evil.example",
    "/\u200b/evil.example",
    // Non-ASCII would not be a valid header value either.
    "/anúncio",
  ])("refuses %j and falls back to /", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });

  it("refuses what is not a string, and anything longer than 2 KB", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(new File(["/x"], "x.txt"))).toBe("/");
    expect(safeRedirect(`/${"a".repeat(2048)}`)).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.example", "/dashboard")).toBe("/dashboard");
  });

  it("never throws, and whatever it returns is a valid Location that stays on the site", () => {
    const samples = ["/%09/evil.example", "/%E3%80%80/evil.example", "/.//evil.example", "/..//evil.example", "/%2F%2Fevil.example", "/?next=//evil.example", "/#//evil.example", "/@evil.example"];
    // Every single character after the slash, and a few pairs around a second slash.
    for (let code = 0; code < 0x3100; code++) {
      const char = String.fromCharCode(code);
      samples.push(`/${char}/evil.example`, `${char}/evil.example`, `/${char}evil.example`);
    }
    const problems: string[] = [];
    for (const value of samples) {
      let location: string;
      try {
        location = safeRedirect(value);
        new Headers({ Location: location });
      } catch (error) {
        problems.push(`${JSON.stringify(value)} threw ${String(error)}`);
        continue;
      }
      if (resolvedOrigin(location) !== "http://localhost:3000") problems.push(`${JSON.stringify(value)} → ${JSON.stringify(location)} leaves the site`);
    }
    expect(problems).toEqual([]);
  });
});

describe("siteOrigin", () => {
  it("is the configured public origin — http://localhost:{PORT} without APP_URL — not any request's", () => {
    expect(siteOrigin()).toBe("http://localhost:3000");
  });
});
