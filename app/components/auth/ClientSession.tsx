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
import type { StoredUser } from "~/lib/client-session";
import { holdsStoredAuth, isHardRefreshKey } from "~/lib/client-session-keys";

type ServerUser = StoredUser & { id: number };

/** Loaded on first use, after the page is up (see client-session-sync.ts). */
const loadSync = () => import("./client-session-sync");

/**
 * Whether there is anything to keep in step: a signed-in user, a stored record (or the legacy pair), or
 * the social sign-in's query parameters. A visitor with none of them (most buyers) never loads the sync.
 */
function hasAuthToSync(serverUser: ServerUser | null) {
  if (serverUser || /[?&](token|user)=/.test(window.location.search)) return true;
  try {
    return holdsStoredAuth(window.localStorage) || holdsStoredAuth(window.sessionStorage);
  } catch {
    return false;
  }
}

export function ClientSession({ serverUser }: { serverUser: ServerUser | null }) {
  const serverKey = serverUser ? `${serverUser.id}` : "";
  useEffect(() => {
    let cancelled = false;
    // In a task of its own: a page's first read of the browser's storage is a synchronous call to the
    // browser process, which on a cheap phone would lengthen the hydration's effects task (issue 20).
    const check = setTimeout(() => {
      if (!hasAuthToSync(serverUser)) return;
      void loadSync().then(({ synchronize }) => (cancelled ? undefined : synchronize(serverUser, () => cancelled)));
    }, 0);
    return () => {
      cancelled = true;
      clearTimeout(check);
    };
    // Only a change of who is signed in matters, not a new object for the same user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [serverKey]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isHardRefreshKey(event)) return;
      event.preventDefault();
      void loadSync().then(({ hardRefresh }) => hardRefresh());
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return null;
}
