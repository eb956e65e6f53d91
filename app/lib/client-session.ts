/**
 * The browser's copy of the session (spec 01 §3–4): the `auth` record {user, token} in localStorage and
 * sessionStorage, restored on load (legacy pair migrated, two retries at 100 ms and 200 ms), the
 * `redirectAfterLogin` path and the F5 / Ctrl+R hard refresh that keeps `auth`.
 *
 * An enhancement only: the server renders every page from the httpOnly cookie session; this record
 * carries a separate bearer token for JSON calls (docs/decisions/003-sessions-and-client-token.md).
 * Every function takes its storages as arguments so it can be tested without a browser.
 */

import { AUTH_KEY, LEGACY_TOKEN_KEY, LEGACY_USER_KEY, REDIRECT_KEY } from "./client-session-keys";

export type StoredUser = {
  id?: number;
  fullName: string | null;
  username: string;
  email: string;
  isAdmin: boolean;
  avatar?: string | null;
};

export type AuthRecord = { user: StoredUser; token: string };

export { AUTH_KEY, REDIRECT_KEY, isHardRefreshKey } from "./client-session-keys";

export const RESTORE_RETRY_DELAYS_MS = [100, 200] as const;

export type StorageLike = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;
export type Storages = { local: StorageLike | null; session: StorageLike | null };

/** The page's storages; null for one the browser refuses (private mode, disabled cookies). */
export function browserStorages(): Storages {
  const get = (name: "localStorage" | "sessionStorage") => {
    try {
      return typeof window === "undefined" ? null : window[name];
    } catch {
      return null;
    }
  };
  return { local: get("localStorage"), session: get("sessionStorage") };
}

function isStoredUser(value: unknown): value is StoredUser {
  if (!value || typeof value !== "object") return false;
  const user = value as Record<string, unknown>;
  return typeof user.email === "string" && typeof user.username === "string";
}

/** A record from its JSON; throws on anything that is not {user, token}. */
export function parseAuthRecord(raw: string): AuthRecord {
  const parsed: unknown = JSON.parse(raw);
  const record = parsed as Partial<AuthRecord> | null;
  if (!record || typeof record.token !== "string" || !record.token || !isStoredUser(record.user)) {
    throw new Error("Registro de sessão inválido");
  }
  return { user: record.user, token: record.token };
}

/** An old version kept `token` and `user` apart: fold them into `auth` and drop the old entries. */
function migrateLegacyPair(storage: StorageLike | null) {
  if (!storage) return;
  try {
    const token = storage.getItem(LEGACY_TOKEN_KEY);
    const user = storage.getItem(LEGACY_USER_KEY);
    if (token === null && user === null) return;
    if (token && user && storage.getItem(AUTH_KEY) === null) {
      storage.setItem(AUTH_KEY, JSON.stringify({ user: JSON.parse(user) as unknown, token }));
    }
    storage.removeItem(LEGACY_TOKEN_KEY);
    storage.removeItem(LEGACY_USER_KEY);
  } catch (error) {
    console.error("Erro ao migrar a sessão antiga", error);
  }
}

/**
 * The stored record: persistent storage first, then the session copy; a broken persistent copy falls
 * back to the session one, and when both are broken the stored auth is cleared.
 */
export function readStoredAuth({ local, session }: Storages): AuthRecord | null {
  migrateLegacyPair(local);
  migrateLegacyPair(session);
  let broken = false;
  for (const storage of [local, session]) {
    if (!storage) continue;
    try {
      const raw = storage.getItem(AUTH_KEY);
      if (raw === null) continue;
      return parseAuthRecord(raw);
    } catch (error) {
      broken = true;
      console.error("Erro ao ler a sessão armazenada", error);
    }
  }
  if (broken) clearStoredAuth({ local, session });
  return null;
}

/** Both copies; when persistent storage fails, the failure is logged and the session copy still works. */
export function writeStoredAuth(record: AuthRecord, { local, session }: Storages) {
  const json = JSON.stringify(record);
  try {
    local?.setItem(AUTH_KEY, json);
  } catch (error) {
    console.error("Não foi possível salvar a sessão no armazenamento persistente", error);
  }
  try {
    session?.setItem(AUTH_KEY, json);
  } catch (error) {
    console.error("Não foi possível salvar a sessão", error);
  }
}

export function clearStoredAuth({ local, session }: Storages) {
  for (const storage of [local, session]) {
    try {
      storage?.removeItem(AUTH_KEY);
      storage?.removeItem(LEGACY_TOKEN_KEY);
      storage?.removeItem(LEGACY_USER_KEY);
    } catch (error) {
      console.error("Não foi possível limpar a sessão armazenada", error);
    }
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Reads the record; when none is there, tries again after 100 ms and then after a further 200 ms. */
export async function restoreAuth(read: () => AuthRecord | null, sleep: (ms: number) => Promise<void> = wait) {
  let record = read();
  for (const delay of RESTORE_RETRY_DELAYS_MS) {
    if (record) break;
    await sleep(delay);
    record = read();
  }
  return record;
}

/**
 * The `token` and `user` query parameters a social sign-in returns with (spec 01 §2 Home): the record
 * they make (null when absent or unparsable — logged) and the address without them (null when absent).
 */
export function consumeAuthQuery(href: string): { record: AuthRecord | null; cleanUrl: string | null } {
  const url = new URL(href);
  const token = url.searchParams.get("token");
  const userParam = url.searchParams.get("user");
  if (!token || !userParam) return { record: null, cleanUrl: null };
  url.searchParams.delete("token");
  url.searchParams.delete("user");
  const cleanUrl = url.pathname + url.search + url.hash;
  try {
    const user: unknown = JSON.parse(userParam);
    if (!isStoredUser(user)) throw new Error("usuário inválido");
    return { record: { user, token }, cleanUrl };
  } catch (error) {
    console.error("Erro ao processar login do Google", error);
    return { record: null, cleanUrl };
  }
}

// ---------------------------------------------------------------------------------------------
// redirectAfterLogin: where a 401 on a session check left the user.

export function saveRedirectAfterLogin(pathWithQuery: string, storages: Storages = browserStorages()) {
  const path = pathWithQuery.split("?")[0];
  if (path === "/login" || path === "/register") return;
  try {
    storages.local?.setItem(REDIRECT_KEY, pathWithQuery);
  } catch (error) {
    console.error("Não foi possível salvar o redirecionamento", error);
  }
}

/** The stored path, only when it is a same-site path. */
export function readRedirectAfterLogin(storages: Storages = browserStorages()): string | null {
  try {
    const value = storages.local?.getItem(REDIRECT_KEY) ?? null;
    return value && value.startsWith("/") && !value.startsWith("//") ? value : null;
  } catch {
    return null;
  }
}

export function clearRedirectAfterLogin(storages: Storages = browserStorages()) {
  try {
    storages.local?.removeItem(REDIRECT_KEY);
  } catch {
    // Nothing to do: storage is unavailable.
  }
}

// ---------------------------------------------------------------------------------------------
// F5 / Ctrl+R: a hard refresh that empties caches and storage but keeps `auth`.

/** Removes every entry but `auth` from a storage. */
export function clearAllButAuth(storage: StorageLike | null) {
  if (!storage) return;
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && key !== AUTH_KEY) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch (error) {
    console.error("Não foi possível limpar o armazenamento", error);
  }
}

/** The address to reload: the same page with `_t` (timestamp) and `_nocache=1`. */
export function hardRefreshUrl(href: string, now = Date.now()) {
  const url = new URL(href);
  url.searchParams.set("_t", String(now));
  url.searchParams.set("_nocache", "1");
  return url.pathname + url.search + url.hash;
}

export async function hardRefresh(win: Window = window) {
  try {
    if ("caches" in win) {
      const names = await win.caches.keys();
      await Promise.all(names.map((name) => win.caches.delete(name)));
    }
  } catch (error) {
    console.error("Não foi possível limpar o cache", error);
  }
  const storages = browserStorages();
  clearAllButAuth(storages.local);
  clearAllButAuth(storages.session);
  win.location.replace(hardRefreshUrl(win.location.href));
}
