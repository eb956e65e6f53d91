/**
 * Which cookies a request's Cookie header names, and their raw values: for the places that only look
 * at what came — the kept pages' key (anonymous-pages.server.ts), whether a session or a toast is there
 * at all — without reading any. Remix's cookies parse and verify a value where it is used.
 */

/** The header's `name=value` pairs in order, names and values trimmed, empty pieces skipped (a pair without `=` has the value ""). */
export function cookiePairs(cookieHeader: string | null | undefined): { name: string; value: string }[] {
  if (!cookieHeader) return [];
  return cookieHeader.split(";").flatMap((pair) => {
    if (!pair.trim()) return [];
    const equals = pair.indexOf("=");
    return [{ name: (equals < 0 ? pair : pair.slice(0, equals)).trim(), value: equals < 0 ? "" : pair.slice(equals + 1).trim() }];
  });
}

/** Whether the header names the cookie `name`. */
export function namesCookie(cookieHeader: string | null | undefined, name: string): boolean {
  return cookiePairs(cookieHeader).some((pair) => pair.name === name);
}
