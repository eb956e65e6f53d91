/**
 * The work of <ClientSession> (ClientSession.tsx), loaded after the page is up: nothing of it is needed
 * to show or hydrate a page, so it stays out of every page's first JavaScript.
 */
import {
  browserStorages,
  clearRedirectAfterLogin,
  clearStoredAuth,
  consumeAuthQuery,
  hardRefresh,
  readStoredAuth,
  restoreAuth,
  saveRedirectAfterLogin,
  writeStoredAuth,
  type AuthRecord,
  type StoredUser,
} from "~/lib/client-session";

type ServerUser = StoredUser & { id: number };

function sameUser(a: StoredUser, b: ServerUser) {
  return a.id === undefined ? a.email === b.email : a.id === b.id;
}

async function fetchClientToken(): Promise<AuthRecord | null> {
  try {
    const response = await fetch("/api/auth/client-token", { method: "POST", credentials: "same-origin" });
    if (!response.ok) return null;
    return (await response.json()) as AuthRecord;
  } catch (error) {
    console.error("Não foi possível obter o token da sessão", error);
    return null;
  }
}

async function revoke(token: string) {
  try {
    await fetch("/api/auth/logout", { method: "POST", headers: { Authorization: `Bearer ${token}` }, credentials: "omit" });
  } catch {
    // Offline: the row expires on its own.
  }
}

export async function synchronize(serverUser: ServerUser | null, isCancelled: () => boolean) {
  const storages = browserStorages();
  const fromQuery = consumeAuthQuery(window.location.href);
  if (fromQuery.cleanUrl !== null) window.history.replaceState(window.history.state, "", fromQuery.cleanUrl);
  if (fromQuery.record) writeStoredAuth(fromQuery.record, storages);

  const record = fromQuery.record ?? (await restoreAuth(() => readStoredAuth(storages)));
  if (isCancelled()) return;

  if (serverUser) {
    clearRedirectAfterLogin(storages);
    if (record && sameUser(record.user, serverUser)) {
      writeStoredAuth({ user: serverUser, token: record.token }, storages);
      return;
    }
    const fresh = await fetchClientToken();
    if (isCancelled()) return;
    if (fresh) writeStoredAuth(fresh, storages);
    return;
  }
  if (record) {
    // The cookie session is over (signed out, expired, or a browser-session cookie that ended): the
    // server's answer is the session check's 401 of spec 01 §4, so /login brings the user back here.
    saveRedirectAfterLogin(window.location.pathname + window.location.search, storages);
    await revoke(record.token);
    clearStoredAuth(storages);
  }
}

export { hardRefresh };
