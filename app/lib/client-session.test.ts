import { afterEach, describe, expect, it, vi } from "vitest";
import {
  AUTH_KEY,
  clearAllButAuth,
  clearStoredAuth,
  consumeAuthQuery,
  hardRefreshUrl,
  isHardRefreshKey,
  readRedirectAfterLogin,
  readStoredAuth,
  restoreAuth,
  saveRedirectAfterLogin,
  writeStoredAuth,
  type AuthRecord,
  type Storages,
  type StorageLike,
} from "./client-session";

class MemoryStorage implements StorageLike {
  data = new Map<string, string>();
  failWrites = false;
  get length() {
    return this.data.size;
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.failWrites) throw new Error("QuotaExceededError");
    this.data.set(key, value);
  }
  removeItem(key: string) {
    this.data.delete(key);
  }
}

const user = { id: 7, fullName: "Ana", username: "ana", email: "ana@x.com", isAdmin: false, avatar: null };
const record: AuthRecord = { user, token: "tok-123" };

function storages(): Storages & { local: MemoryStorage; session: MemoryStorage } {
  return { local: new MemoryStorage(), session: new MemoryStorage() };
}

afterEach(() => vi.restoreAllMocks());

describe("readStoredAuth", () => {
  it("reads the persistent copy first, then the session copy", () => {
    const s = storages();
    s.session.setItem(AUTH_KEY, JSON.stringify({ user, token: "from-session" }));
    expect(readStoredAuth(s)?.token).toBe("from-session");
    s.local.setItem(AUTH_KEY, JSON.stringify(record));
    expect(readStoredAuth(s)?.token).toBe("tok-123");
  });

  it("migrates the legacy token/user pair into `auth` and removes the old entries", () => {
    const s = storages();
    s.local.setItem("token", "legacy-token");
    s.local.setItem("user", JSON.stringify(user));
    expect(readStoredAuth(s)).toEqual({ user, token: "legacy-token" });
    expect(s.local.getItem("token")).toBeNull();
    expect(s.local.getItem("user")).toBeNull();
    expect(JSON.parse(s.local.getItem(AUTH_KEY)!)).toEqual({ user, token: "legacy-token" });
  });

  it("falls back to the session copy when the persistent one is broken", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const s = storages();
    s.local.setItem(AUTH_KEY, "{quebrado");
    s.session.setItem(AUTH_KEY, JSON.stringify(record));
    expect(readStoredAuth(s)).toEqual(record);
  });

  it("clears the stored auth when both copies are broken", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const s = storages();
    s.local.setItem(AUTH_KEY, "{quebrado");
    s.session.setItem(AUTH_KEY, JSON.stringify({ token: 5 }));
    expect(readStoredAuth(s)).toBeNull();
    expect(s.local.getItem(AUTH_KEY)).toBeNull();
    expect(s.session.getItem(AUTH_KEY)).toBeNull();
  });

  it("returns null when nothing is stored", () => {
    expect(readStoredAuth(storages())).toBeNull();
  });
});

describe("restoreAuth", () => {
  it("retries after 100 ms and then after a further 200 ms", async () => {
    const delays: number[] = [];
    const read = vi.fn().mockReturnValueOnce(null).mockReturnValueOnce(null).mockReturnValueOnce(record);
    const found = await restoreAuth(read, async (ms) => {
      delays.push(ms);
    });
    expect(found).toEqual(record);
    expect(delays).toEqual([100, 200]);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("gives up with null after the two retries", async () => {
    const read = vi.fn().mockReturnValue(null);
    expect(await restoreAuth(read, async () => {})).toBeNull();
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("does not wait when the record is there", async () => {
    const sleep = vi.fn(async () => {});
    await restoreAuth(() => record, sleep);
    expect(sleep).not.toHaveBeenCalled();
  });
});

describe("login and logout", () => {
  it("login writes both copies; logout clears both", () => {
    const s = storages();
    writeStoredAuth(record, s);
    expect(s.local.getItem(AUTH_KEY)).toBe(JSON.stringify(record));
    expect(s.session.getItem(AUTH_KEY)).toBe(JSON.stringify(record));
    clearStoredAuth(s);
    expect(s.local.getItem(AUTH_KEY)).toBeNull();
    expect(s.session.getItem(AUTH_KEY)).toBeNull();
  });

  it("keeps the session copy when persistent storage fails (and logs it)", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const s = storages();
    s.local.failWrites = true;
    writeStoredAuth(record, s);
    expect(s.session.getItem(AUTH_KEY)).toBe(JSON.stringify(record));
    expect(error).toHaveBeenCalled();
  });
});

describe("consumeAuthQuery", () => {
  it("reads token and the URL-encoded user and removes them, keeping other parameters", () => {
    const href = `http://x/?a=1&token=abc&user=${encodeURIComponent(JSON.stringify(user))}#top`;
    expect(consumeAuthQuery(href)).toEqual({ record: { user, token: "abc" }, cleanUrl: "/?a=1#top" });
  });

  it("logs 'Erro ao processar login do Google' for an unparsable user and still cleans the URL", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(consumeAuthQuery("http://x/?token=abc&user=%7Bnope")).toEqual({ record: null, cleanUrl: "/" });
    expect(error.mock.calls[0]![0]).toBe("Erro ao processar login do Google");
  });

  it("does nothing without both parameters", () => {
    expect(consumeAuthQuery("http://x/?token=abc")).toEqual({ record: null, cleanUrl: null });
  });
});

describe("redirectAfterLogin", () => {
  it("stores path and query, but never /login or /register", () => {
    const s = storages();
    saveRedirectAfterLogin("/login?x=1", s);
    expect(readRedirectAfterLogin(s)).toBeNull();
    saveRedirectAfterLogin("/register", s);
    expect(readRedirectAfterLogin(s)).toBeNull();
    saveRedirectAfterLogin("/minha-conta?aba=2", s);
    expect(readRedirectAfterLogin(s)).toBe("/minha-conta?aba=2");
  });

  it("ignores a stored value that is not a same-site path", () => {
    const s = storages();
    s.local.setItem("redirectAfterLogin", "//evil.example");
    expect(readRedirectAfterLogin(s)).toBeNull();
  });
});

describe("hard refresh", () => {
  it("recognises F5, Ctrl+R and Cmd+R only", () => {
    expect(isHardRefreshKey({ key: "F5", ctrlKey: false, metaKey: false })).toBe(true);
    expect(isHardRefreshKey({ key: "r", ctrlKey: true, metaKey: false })).toBe(true);
    expect(isHardRefreshKey({ key: "R", ctrlKey: false, metaKey: true })).toBe(true);
    expect(isHardRefreshKey({ key: "r", ctrlKey: false, metaKey: false })).toBe(false);
  });

  it("clears every entry but `auth`", () => {
    const s = storages();
    s.local.setItem(AUTH_KEY, JSON.stringify(record));
    s.local.setItem("redirectAfterLogin", "/x");
    s.local.setItem("cache", "1");
    clearAllButAuth(s.local);
    expect([...s.local.data.keys()]).toEqual([AUTH_KEY]);
  });

  it("reloads with _t and _nocache=1", () => {
    expect(hardRefreshUrl("http://x/categories?category=2", 123)).toBe("/categories?category=2&_t=123&_nocache=1");
  });
});
