import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiQuery, apiRequest, isSessionCheck, queryUrl } from "./api-client";
import { getAuthState, loginClient } from "./client-session";

const user = { id: 1, fullName: "Ana", username: "ana", email: "ana@x.com", isAdmin: false };

class MemoryStorage {
  data = new Map<string, string>();
  get length() {
    return this.data.size;
  }
  key(i: number) {
    return [...this.data.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.data.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.data.set(k, v);
  }
  removeItem(k: string) {
    this.data.delete(k);
  }
}

let fetchMock: ReturnType<typeof vi.fn>;
let local: MemoryStorage;

beforeEach(() => {
  local = new MemoryStorage();
  vi.stubGlobal("window", { localStorage: local, sessionStorage: new MemoryStorage(), location: { pathname: "/painel", search: "?aba=1" } });
  fetchMock = vi.fn();
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("apiRequest", () => {
  it("sends JSON only with a body, the bearer token when stored, and credentials always", async () => {
    loginClient({ user, token: "tok" });
    fetchMock.mockResolvedValue(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/x", { a: 1 });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init).toMatchObject({ method: "POST", credentials: "include", body: '{"a":1}' });
    expect(init.headers).toEqual({ "Content-Type": "application/json", Authorization: "Bearer tok" });

    await apiRequest("GET", "/api/y");
    expect(fetchMock.mock.calls[1]![1].headers).toEqual({ Authorization: "Bearer tok" });
  });

  it("throws 'status: body' on a non-OK answer", async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Erro"}', { status: 400, statusText: "Bad Request" }));
    await expect(apiRequest("POST", "/api/x", {})).rejects.toThrow('400: {"message":"Erro"}');
    fetchMock.mockResolvedValue(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(apiRequest("GET", "/api/x")).rejects.toThrow("500: Internal Server Error");
  });
});

describe("401 handling", () => {
  it("a 401 on /api/auth/me signs out and saves the current path as redirectAfterLogin", async () => {
    loginClient({ user, token: "tok" });
    fetchMock.mockResolvedValue(new Response("", { status: 401, statusText: "Unauthorized" }));
    await expect(apiQuery("/api/auth/me")).rejects.toThrow("401: Unauthorized");
    expect(getAuthState().token).toBeNull();
    expect(local.getItem("auth")).toBeNull();
    expect(local.getItem("redirectAfterLogin")).toBe("/painel?aba=1");
  });

  it("returns null on 401 when asked to", async () => {
    fetchMock.mockResolvedValue(new Response("", { status: 401 }));
    expect(await apiQuery("/api/me", null, { on401: "returnNull" })).toBeNull();
  });

  it("a 401 elsewhere only throws", async () => {
    loginClient({ user, token: "tok" });
    fetchMock.mockResolvedValue(new Response("nope", { status: 401 }));
    await expect(apiRequest("GET", "/api/ads/1")).rejects.toThrow("401: nope");
    expect(getAuthState().token).toBe("tok");
  });

  it("knows the two session-check paths", () => {
    expect(isSessionCheck("/api/auth/me")).toBe(true);
    expect(isSessionCheck("/api/me?_nocache=1")).toBe(true);
    expect(isSessionCheck("/api/ads")).toBe(false);
  });
});

describe("queries", () => {
  it("add non-null params and _nocache, with no-cache headers", async () => {
    expect(queryUrl("/api/ads/public", { cityId: 3, search: null, page: 1 }, 99)).toBe("/api/ads/public?cityId=3&page=1&_nocache=99");
    fetchMock.mockResolvedValue(Response.json([1]));
    expect(await apiQuery("/api/cities")).toEqual([1]);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/^\/api\/cities\?_nocache=\d+$/);
    expect(init).toMatchObject({ method: "GET", credentials: "include", cache: "no-store" });
    expect(init.headers["Cache-Control"]).toBe("no-cache");
  });
});
