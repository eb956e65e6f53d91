/**
 * The names under which the browser keeps its copy of the session (client-session.ts), and the hard-refresh
 * keys. Apart from client-session.ts so that <ClientSession> can tell, without loading the rest, whether
 * there is anything to keep in step: most buyers have nothing stored and never load it.
 */
export const AUTH_KEY = "auth";
export const REDIRECT_KEY = "redirectAfterLogin";
export const LEGACY_TOKEN_KEY = "token";
export const LEGACY_USER_KEY = "user";

/** F5, Ctrl+R, Cmd+R. */
export function isHardRefreshKey(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey">) {
  return event.key === "F5" || ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "r");
}

/** Whether a storage holds a session record (or the legacy pair). */
export function holdsStoredAuth(storage: Pick<Storage, "getItem">) {
  return [AUTH_KEY, LEGACY_TOKEN_KEY, LEGACY_USER_KEY].some((key) => storage.getItem(key) !== null);
}
