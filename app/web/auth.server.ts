/**
 * Who is asking: the session cookie (pages) or `Authorization: Bearer` (the JSON API and the browser's
 * `auth` record), both resolved against the sessions table. Guards for every later route:
 * `getOptionalUser`, `requireUser`, `requireAdmin`. Cookie-authenticated writes must come from our own
 * origin (SameSite=Lax does the rest; there are no CSRF tokens). See docs/decisions/003-*.md.
 */
import { redirect } from "@remix-run/node";
import { getEnv } from "~/env.server";
import type { PublicUser } from "~/models/account/users.server";
import {
  createSession,
  findSessionUser,
  PERSISTENT_SESSION_MS,
  revokeSession,
  type CreatedSession,
  type SessionWithUser,
} from "~/models/session/session.server";
import { noteRequestUser, sessionOncePerRequest } from "~/web/access-log-entry.server";
import { forbiddenText, jsonError } from "~/web/http.server";
import { isSafeMethod, MESSAGES, requestSource } from "~/web/server-guards.server";
import { mergeFavouritesAtSignIn } from "~/web/favourites-cookie.server";
import { createSessionCookie } from "~/web/session-cookie.server";

export type { PublicUser };

const env = getEnv();

/** Holds only the session token (whose SHA-256 is the row id), signed with SESSION_SECRET. */
export const sessionCookie = createSessionCookie({ secret: env.SESSION_SECRET, secure: env.isHttps });

export type AuthContext = SessionWithUser & { via: "cookie" | "bearer"; token: string };


export function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

export async function cookieTokenOf(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/**
 * The site's public origin, for every absolute link (e-mails, the Google callback, and what is
 * published or cached: canonical links, og:url, structured data, the sitemap, robots.txt): APP_URL, or
 * http://localhost:{PORT} when it is unset (env.server.ts warns at start-up). Never derived from a
 * request: its Host and X-Forwarded-Host are whatever the client chose to send.
 */
export function siteOrigin() {
  return env.publicOrigin;
}

/** Where the request says it comes from (server-guards' one rule), against the origin it addressed and the public one. */
function sourceOf(request: Request) {
  const ours = [new URL(request.url).origin, siteOrigin()];
  return requestSource({ origin: request.headers.get("Origin"), referer: request.headers.get("Referer") }, ours);
}

/** Answers 403 for a write from another site's page (the sign-in forms call it: they have no session to check). */
export function assertNotCrossSite(request: Request) {
  if (!isSafeMethod(request.method) && sourceOf(request) === "cross") throw forbidden(request, MESSAGES.crossSite);
}

/** Answers 403 unless a write comes from one of our pages: for writes that only a session cookie authorizes (sign-out, the client token). */
export function assertFromOurPages(request: Request) {
  if (!isSafeMethod(request.method) && sourceOf(request) !== "same") throw forbidden(request, MESSAGES.crossSite);
}

function isApiRequest(request: Request) {
  return new URL(request.url).pathname.startsWith("/api/");
}

function forbidden(request: Request, message: string) {
  return isApiRequest(request) ? jsonError(403, message) : forbiddenText(message);
}

/**
 * The session behind the request, or null. A valid bearer token wins; otherwise the cookie, which
 * for writes (POST, PUT…) only counts when the request comes from our own origin.
 */
export function getAuthContext(request: Request): Promise<AuthContext | null> {
  // A read is answered once for the whole request (its loaders each ask, with copies of one Request): the
  // cookie's signature checked and the session looked up once. A write looks again every time.
  if (!isSafeMethod(request.method)) return lookUpAuthContext(request);
  const credentials = `${request.headers.get("Authorization") ?? ""}\n${request.headers.get("Cookie") ?? ""}`;
  return sessionOncePerRequest(credentials, () => lookUpAuthContext(request));
}

async function lookUpAuthContext(request: Request): Promise<AuthContext | null> {
  const bearer = bearerTokenOf(request);
  if (bearer) {
    const found = findSessionUser(bearer);
    if (found) {
      noteRequestUser(found.user.id);
      return { ...found, via: "bearer", token: bearer };
    }
  }
  const cookieToken = await cookieTokenOf(request);
  if (!cookieToken) return null;
  const found = findSessionUser(cookieToken);
  if (!found) return null;
  if (!isSafeMethod(request.method) && sourceOf(request) !== "same") return null;
  noteRequestUser(found.user.id);
  return { ...found, via: "cookie", token: cookieToken };
}

export async function getOptionalUser(request: Request): Promise<PublicUser | null> {
  return (await getAuthContext(request))?.user ?? null;
}

/** For the sign-in and registration pages: a signed-in visitor is sent on (to `to`, or home). */
export async function requireAnonymous(request: Request, to = "/") {
  if (await getOptionalUser(request)) throw redirect(safeRedirect(to));
}

/** Printable ASCII but the backslash: no control character, no whitespace of any script, nothing a header refuses. */
const REDIRECT_CHARACTERS = /^[\x21-\x5b\x5d-\x7e]+$/;
const REDIRECT_MAX_LENGTH = 2048;

/**
 * A safe place to return to: a path on this site ("/x?y#z") as given, or `fallback`. Refused: absolute
 * and protocol-relative URLs ("//evil", "https://evil"), and anything with a control character, a
 * backslash or whitespace — browsers drop tabs and newlines and read "\" as "/", so "/\t/evil.example"
 * would leave the site, and such characters make an invalid Location header (a 500). What is returned
 * only ever holds printable ASCII, so it is always a valid header value. Never throws.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof to !== "string" || to.length > REDIRECT_MAX_LENGTH || !REDIRECT_CHARACTERS.test(to)) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  try {
    // Resolved the way a browser would resolve the Location: it must stay on this origin.
    return new URL(to, siteOrigin()).origin === siteOrigin() ? to : fallback;
  } catch {
    return fallback;
  }
}

export function loginPath(request: Request) {
  const url = new URL(request.url);
  return `/login?${new URLSearchParams({ redirectTo: url.pathname + url.search })}`;
}

/**
 * The signed-in user, or: 401 JSON for /api paths, a redirect to /login?redirectTo=… for pages.
 * A cookie-authenticated write from another origin is refused with 403.
 */
export async function requireUser(request: Request): Promise<PublicUser> {
  const context = await getAuthContext(request);
  if (context) return context.user;
  if (!isSafeMethod(request.method) && !bearerTokenOf(request) && (await cookieTokenOf(request)) && sourceOf(request) !== "same") {
    throw forbidden(request, MESSAGES.crossSite);
  }
  if (isApiRequest(request)) throw jsonError(401, "Unauthorized");
  throw redirect(loginPath(request));
}

export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw forbidden(request, "Acesso restrito a administradores.");
  return user;
}

/**
 * Starts a session for the user — every sign-in (the form, the JSON login, Google) comes through here —
 * and returns it with the session's Set-Cookie value and `headers` carrying every cookie the sign-in
 * sets: the session's, and the clearing of the favourites cookie, whose favourites join the account's here.
 */
export async function startSession(request: Request, userId: number, { persistent }: { persistent: boolean }) {
  const session: CreatedSession = createSession(userId, { persistent });
  // A sign-in's line names who signed in.
  noteRequestUser(userId);
  const setCookie = await sessionCookie.serialize(session.token, {
    // A browser-session cookie has no Max-Age: it ends when the browser closes.
    maxAge: persistent ? PERSISTENT_SESSION_MS / 1000 : undefined,
  });
  const headers = new Headers();
  headers.append("Set-Cookie", setCookie);
  const clearFavourites = await mergeFavouritesAtSignIn(request, userId);
  if (clearFavourites) headers.append("Set-Cookie", clearFavourites);
  return { ...session, setCookie, headers };
}

/** Ends the request's cookie session (and its client token) and its bearer session; returns the clearing cookie. */
export async function endSession(request: Request) {
  const cookieToken = await cookieTokenOf(request);
  if (cookieToken) revokeSession(cookieToken);
  const bearer = bearerTokenOf(request);
  if (bearer) revokeSession(bearer);
  return sessionCookie.serialize("", { maxAge: 0 });
}

/** The client's address for throttling: the rightmost X-Forwarded-For entry (added by our proxy), if any. */
export function clientIp(request: Request, context?: unknown): string | null {
  const fromContext = (context as { clientIp?: unknown } | undefined)?.clientIp;
  if (typeof fromContext === "string" && fromContext) return fromContext;
  const forwarded = request.headers.get("X-Forwarded-For");
  const last = forwarded?.split(",").pop()?.trim();
  return last || null;
}

