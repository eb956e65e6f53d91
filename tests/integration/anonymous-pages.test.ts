/**
 * The list pages kept for visitors without a cookie the pages read (web/anonymous-pages.server.ts, ADR 027):
 * only such a GET of `/` or `/categories` is kept, never an answer that sets a cookie, each answer
 * gets its own nonce, and a change of the listing, of the reference data or of the day drops it at once.
 */
import Database from "better-sqlite3";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { sqlite } from "~/db/client.server";
import { anonymousPageKey, anonymousPageState, clearAnonymousPages, keepPage, keptPage } from "~/web/anonymous-pages.server";

/** Another process's connection to the same database, as a second web worker has. */
const otherWorker = new Database(sqlite.name);
afterAll(() => otherWorker.close());
beforeEach(() => clearAnonymousPages());

const ORIGIN = "https://classificados.example";
const request = (overrides: Partial<Parameters<typeof anonymousPageKey>[0]> = {}) => ({
  method: "GET",
  path: "/categories",
  url: "/categories?cityId=1",
  origin: ORIGIN,
  headers: {},
  ...overrides,
});
const RENDER_NONCE = "cmVuZGVyLW5vbmNlLTAwMQ==";
const html = `<html><script nonce="${RENDER_NONCE}">a()</script><p>Anúncios</p><script nonce="${RENDER_NONCE}" type="module"></script></html>`;
const answer = { status: 200, headers: [["content-type", "text/html; charset=utf-8"]] as [string, string][], html, nonce: RENDER_NONCE, identified: false };

describe("list pages kept for visitors without a cookie", () => {
  it("keeps only a cookie-less GET of / or /categories, under its origin and whole address", () => {
    expect(anonymousPageKey(request())).toBe(`${ORIGIN}/categories?cityId=1`);
    expect(anonymousPageKey(request({ path: "/", url: "/?page=2" }))).toBe(`${ORIGIN}/?page=2`);
    expect(anonymousPageKey(request({ headers: { cookie: "favoritos=1.abc" } }))).toBeNull();
    expect(anonymousPageKey(request({ headers: { cookie: "__session=abc" } }))).toBeNull();
    expect(anonymousPageKey(request({ headers: { cookie: "toast=abc" } }))).toBeNull();
    expect(anonymousPageKey(request({ headers: { cookie: "" } }))).toBe(`${ORIGIN}/categories?cityId=1`);
    // Issue #32: the API's bearer token names a person as a session cookie does.
    expect(anonymousPageKey(request({ headers: { authorization: "Bearer abc" } }))).toBeNull();
    expect(anonymousPageKey(request({ headers: { authorization: "" } }))).toBeNull();
    expect(anonymousPageKey(request({ headers: { "accept-language": "pt-BR", "user-agent": "Mozilla/5.0" } }))).not.toBeNull();
    expect(anonymousPageKey(request({ method: "HEAD" }))).toBeNull();
    expect(anonymousPageKey(request({ method: "POST" }))).toBeNull();
    expect(anonymousPageKey(request({ path: "/anuncio/1-casa", url: "/anuncio/1-casa" }))).toBeNull();
    expect(anonymousPageKey(request({ path: "/favoritos", url: "/favoritos" }))).toBeNull();
    expect(anonymousPageKey(request({ origin: "http://other.example" }))).not.toBe(anonymousPageKey(request()));
  });

  it("serves the kept page with each request's own nonce, and nothing else changed", () => {
    const key = anonymousPageKey(request())!;
    const state = anonymousPageState();
    keepPage(key, state, answer);
    const first = keptPage(key, state, "Zmlyc3Qtbm9uY2UtMDAwMDE=")!;
    const second = keptPage(key, state, "c2Vjb25kLW5vbmNlLTAwMDI=")!;
    expect(first.html).toBe(html.replaceAll(RENDER_NONCE, "Zmlyc3Qtbm9uY2UtMDAwMDE="));
    expect(second.html).toBe(html.replaceAll(RENDER_NONCE, "c2Vjb25kLW5vbmNlLTAwMDI="));
    expect(second.html).not.toContain(RENDER_NONCE);
    expect(first.status).toBe(200);
    expect(first.headers).toEqual(answer.headers);
  });

  it("never keeps an answer that sets a cookie, or anything but a 200", () => {
    const key = anonymousPageKey(request())!;
    const state = anonymousPageState();
    keepPage(key, state, { ...answer, headers: [...answer.headers, ["Set-Cookie", "toast=abc; Path=/"]] });
    expect(keptPage(key, state, "bm9uY2U=")).toBeNull();
    keepPage(key, state, { ...answer, status: 404 });
    expect(keptPage(key, state, "bm9uY2U=")).toBeNull();
    keepPage(key, state, { ...answer, nonce: "" });
    expect(keptPage(key, state, "bm9uY2U=")).toBeNull();
  });

  it("keys the page by the chosen city when that cookie is the only one, and keeps its Set-Cookie (ADR 043)", () => {
    const plain = anonymousPageKey(request())!;
    const chosen = anonymousPageKey(request({ headers: { cookie: "cidade=7" } }));
    expect(chosen).toBe(`${ORIGIN}/categories?cityId=1 cidade=7`);
    expect(anonymousPageKey(request({ headers: { cookie: "cidade=todas" } }))).toBe(`${ORIGIN}/categories?cityId=1 cidade=todas`);
    // With a cookie the pages read, one not known, or a value the server never writes, the page is rendered for the request.
    expect(anonymousPageKey(request({ headers: { cookie: "cidade=7; favoritos=abc" } }))).toBeNull();
    expect(anonymousPageKey(request({ headers: { cookie: "_ga=abc; cidade=7" } }))).toBeNull();
    expect(anonymousPageKey(request({ headers: { cookie: "cidade=7%3B%20vid" } }))).toBeNull();
    expect(anonymousPageKey(request({ headers: { cookie: "cidade=7", authorization: "Bearer abc" } }))).toBeNull();

    // The city's Set-Cookie follows from the address and the request's cookie, both in the key: kept with the page.
    const state = anonymousPageState();
    const remembering = { ...answer, headers: [...answer.headers, ["set-cookie", "cidade=1; Path=/; Max-Age=31536000; SameSite=Lax; HttpOnly"]] as [string, string][] };
    keepPage(chosen!, state, remembering);
    expect(keptPage(chosen!, state, "bm9uY2U=")?.headers).toEqual(remembering.headers);
    expect(keptPage(plain, state, "bm9uY2U=")).toBeNull();
    // Beside another cookie it is not kept.
    keepPage(plain, state, { ...remembering, headers: [...remembering.headers, ["set-cookie", "vid=abc; Path=/"]] });
    expect(keptPage(plain, state, "bm9uY2U=")).toBeNull();
  });

  it("ignores the cookies the list pages never read: a returning browser's visitor id and device proofs (issue #35)", () => {
    // Set by the first ad page opened and at every sign-in, kept a year: nearly every returning browser sends them.
    const returning = anonymousPageKey(request({ headers: { cookie: "vid=s%3Aabc.def; __device=j%3A%5B%22p%22%5D" } }));
    expect(returning).toBe(anonymousPageKey(request()));
    expect(anonymousPageKey(request({ headers: { cookie: "__device=x; cidade=7; vid=y" } }))).toBe(`${ORIGIN}/categories?cityId=1 cidade=7`);
    // Beside a cookie the pages read, or with a bearer token, the page is theirs.
    expect(anonymousPageKey(request({ headers: { cookie: "vid=y; __session=abc" } }))).toBeNull();
    expect(anonymousPageKey(request({ headers: { cookie: "vid=y; favoritos=abc" } }))).toBeNull();
    expect(anonymousPageKey(request({ headers: { cookie: "vid=y", authorization: "Bearer abc" } }))).toBeNull();
    // The second lock holds whatever the key: a render for someone the session lookup found is never kept.
    keepPage(returning!, anonymousPageState(), { ...answer, identified: true });
    expect(keptPage(returning!, anonymousPageState(), "bm9uY2U=")).toBeNull();
  });

  it("never keeps a page rendered for someone the session lookup found, whatever carried them", () => {
    const key = anonymousPageKey(request())!;
    const state = anonymousPageState();
    keepPage(key, state, { ...answer, identified: true });
    expect(keptPage(key, state, "bm9uY2U=")).toBeNull();
  });

  it("drops the page when another worker changes the listing or the reference data", () => {
    const key = anonymousPageKey(request())!;
    keepPage(key, anonymousPageState(), answer);
    expect(keptPage(key, anonymousPageState(), "bm9uY2U=")).not.toBeNull();

    // What the triggers on `ads` do when an ad is published, paused, edited or expires.
    otherWorker.prepare("UPDATE ads_listing_version SET version = version + 1 WHERE id = 1").run();
    expect(keptPage(key, anonymousPageState(), "bm9uY2U=")).toBeNull();

    keepPage(key, anonymousPageState(), answer);
    const city = otherWorker.prepare("SELECT id, name FROM cities LIMIT 1").get() as { id: number; name: string };
    otherWorker.prepare("UPDATE cities SET name = ? WHERE id = ?").run(`${city.name} (MG)`, city.id);
    try {
      expect(keptPage(key, anonymousPageState(), "bm9uY2U=")).toBeNull();
    } finally {
      otherWorker.prepare("UPDATE cities SET name = ? WHERE id = ?").run(city.name, city.id);
    }
  });

  it("drops the page at the São Paulo midnight and after five seconds", () => {
    const key = anonymousPageKey(request())!;
    const evening = new Date("2026-11-28T23:59:58-03:00");
    const pastMidnight = new Date("2026-11-29T00:00:01-03:00");
    keepPage(key, anonymousPageState(evening), answer, evening.getTime());
    expect(keptPage(key, anonymousPageState(evening), "bm9uY2U=", evening.getTime() + 1_000)).not.toBeNull();
    expect(keptPage(key, anonymousPageState(pastMidnight), "bm9uY2U=", pastMidnight.getTime())).toBeNull();

    const now = Date.now();
    keepPage(key, anonymousPageState(), answer, now);
    expect(keptPage(key, anonymousPageState(), "bm9uY2U=", now + 4_999)).not.toBeNull();
    expect(keptPage(key, anonymousPageState(), "bm9uY2U=", now + 5_000)).toBeNull();
  });
});
