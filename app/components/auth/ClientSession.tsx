/**
 * Keeps the browser's `auth` record (spec 01 §4) in step with the server's cookie session. Renders
 * nothing; without JavaScript it simply never runs and every page still works from the cookie.
 *
 * On load: the social sign-in's `token`/`user` query parameters are stored and removed from the
 * address; otherwise the stored record is restored (with the two retries). Then the record is matched
 * with the user the server rendered: a missing or stale record gets a fresh client token, a record
 * without a server session is revoked and cleared.
 */
import { useEffect } from "react";
import {
  browserStorages,
  clearRedirectAfterLogin,
  consumeAuthQuery,
  finishLoading,
  hardRefresh,
  isHardRefreshKey,
  loginClient,
  logoutClient,
  readStoredAuth,
  restoreAuth,
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

async function synchronize(serverUser: ServerUser | null, isCancelled: () => boolean) {
  const storages = browserStorages();
  const fromQuery = consumeAuthQuery(window.location.href);
  if (fromQuery.cleanUrl !== null) window.history.replaceState(window.history.state, "", fromQuery.cleanUrl);
  if (fromQuery.record) loginClient(fromQuery.record, storages);

  const record = fromQuery.record ?? (await restoreAuth(() => readStoredAuth(storages)));
  if (isCancelled()) return;

  if (serverUser) {
    clearRedirectAfterLogin(storages);
    if (record && sameUser(record.user, serverUser)) {
      loginClient({ user: serverUser, token: record.token }, storages);
      return;
    }
    const fresh = await fetchClientToken();
    if (isCancelled()) return;
    if (fresh) loginClient(fresh, storages);
    else finishLoading();
    return;
  }
  if (record) {
    // The cookie session is over (signed out, expired, or a browser-session cookie that ended).
    await revoke(record.token);
    logoutClient({ storages });
    return;
  }
  finishLoading();
}

export function ClientSession({ serverUser }: { serverUser: ServerUser | null }) {
  const serverKey = serverUser ? `${serverUser.id}` : "";
  useEffect(() => {
    let cancelled = false;
    void synchronize(serverUser, () => cancelled);
    return () => {
      cancelled = true;
    };
    // Only a change of who is signed in matters, not a new object for the same user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverKey]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isHardRefreshKey(event)) return;
      event.preventDefault();
      void hardRefresh();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return null;
}
