/**
 * Who is asking: the session cookie (pages) or `Authorization: Bearer` (the JSON API and the browser's
 * `auth` record), both resolved against the sessions table. Guards for every later route:
 * `getOptionalUser`, `requireUser`, `requireAdmin`. Cookie-authenticated writes must come from our own
 * origin (SameSite=Lax does the rest; there are no CSRF tokens). See docs/decisions/003-*.md.
 */
import { createCookie, redirect } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { MESSAGES, tooManyAttemptsMessage } from "~/lib/auth-schemas";
import { jsonError } from "~/lib/http.server";
import {
  clearAttempts,
  createSession,
  findSessionUser,
  PERSISTENT_SESSION_MS,
  recordAttempt,
  revokeSession,
  throttledFor,
  type CreatedSession,
  type SessionWithUser,
} from "~/models/session.server";
import {
  createPasswordResetToken,
  normalizeEmail,
  resetPasswordWithToken,
  verifyLogin,
  type PublicUser,
} from "~/models/user.server";
import { sendMail } from "~/services/mail.server";

export type { PublicUser };

const env = getEnv();

/** Holds only the session token (whose SHA-256 is the row id), signed with SESSION_SECRET. */
export const sessionCookie = createCookie("__session", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.isHttps,
  secrets: [env.SESSION_SECRET],
});

export type AuthContext = SessionWithUser & { via: "cookie" | "bearer"; token: string };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function bearerTokenOf(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

export async function cookieTokenOf(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}

/** The site's origin: APP_URL when set (behind a proxy), the request's own origin otherwise. */
export function siteOrigin(request: Request) {
  return env.APP_URL ? new URL(env.APP_URL).origin : new URL(request.url).origin;
}

/** True when the request says it comes from one of our pages (Origin, or Referer when Origin is absent). */
export function isSameOrigin(request: Request) {
  const allowed = new Set([new URL(request.url).origin, siteOrigin(request)]);
  const origin = request.headers.get("Origin");
  if (origin) return allowed.has(origin);
  const referer = request.headers.get("Referer");
  if (!referer) return false;
  try {
    return allowed.has(new URL(referer).origin);
  } catch {
    return false;
  }
}

/** Answers 403 for a write that carries an Origin from another site (used by the sign-in forms too). */
export function assertNotCrossSite(request: Request) {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("Origin");
  if (origin && !isSameOrigin(request)) throw forbidden(request, "Origem da requisição não permitida.");
}

function isApiRequest(request: Request) {
  return new URL(request.url).pathname.startsWith("/api/");
}

function forbidden(request: Request, message: string) {
  return isApiRequest(request) ? jsonError(403, message) : new Response(message, { status: 403 });
}

/**
 * The session behind the request, or null. A valid bearer token wins; otherwise the cookie, which
 * for writes (POST, PUT…) only counts when the request comes from our own origin.
 */
export async function getAuthContext(request: Request): Promise<AuthContext | null> {
  const bearer = bearerTokenOf(request);
  if (bearer) {
    const found = findSessionUser(bearer);
    if (found) return { ...found, via: "bearer", token: bearer };
  }
  const cookieToken = await cookieTokenOf(request);
  if (!cookieToken) return null;
  const found = findSessionUser(cookieToken);
  if (!found) return null;
  if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request)) return null;
  return { ...found, via: "cookie", token: cookieToken };
}

export async function getOptionalUser(request: Request): Promise<PublicUser | null> {
  return (await getAuthContext(request))?.user ?? null;
}

/** A safe place to return to: a same-site path ("/x?y"), never "//evil" or an absolute URL. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/") {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
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
  if (!SAFE_METHODS.has(request.method) && !bearerTokenOf(request) && (await cookieTokenOf(request)) && !isSameOrigin(request)) {
    throw forbidden(request, "Origem da requisição não permitida.");
  }
  if (isApiRequest(request)) throw jsonError(401, "Unauthorized");
  throw redirect(loginPath(request));
}

export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireUser(request);
  if (!user.isAdmin) throw forbidden(request, "Acesso restrito a administradores.");
  return user;
}

/** Starts a session for the user and returns it with the Set-Cookie header value for it. */
export async function startSession(userId: number, { persistent }: { persistent: boolean }) {
  const session: CreatedSession = createSession(userId, { persistent });
  const setCookie = await sessionCookie.serialize(session.token, {
    // A browser-session cookie has no Max-Age: it ends when the browser closes.
    maxAge: persistent ? PERSISTENT_SESSION_MS / 1000 : undefined,
  });
  return { ...session, setCookie };
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

// ---------------------------------------------------------------------------------------------
// The account flows shared by the pages and their /api twins.

export type FlowResult<T> = { ok: true; value: T } | { ok: false; status: 400 | 401 | 409 | 429; message: string; retryAfterMinutes?: number };

function throttleKeys(kind: "login" | "forgot", email: string, ip: string | null) {
  const keys = [`${kind}-email:${normalizeEmail(email)}`];
  if (ip) keys.push(`${kind}-ip:${ip}`);
  return keys;
}

/**
 * Checks e-mail and password. Wrong e-mail and wrong password are the same 401; ten failures for one
 * e-mail or one address within 15 minutes turn into 429 until the window passes.
 */
export async function signIn(request: Request, context: unknown, input: { email: string; password: string }): Promise<FlowResult<PublicUser>> {
  const keys = throttleKeys("login", input.email, clientIp(request, context));
  const wait = throttledFor(keys);
  if (wait) return { ok: false, status: 429, message: tooManyAttemptsMessage(wait), retryAfterMinutes: wait };
  const user = await verifyLogin(input.email, input.password);
  if (!user) {
    recordAttempt(keys);
    return { ok: false, status: 401, message: MESSAGES.invalidCredentialsApi };
  }
  // Only the e-mail's counter: a correct password says nothing about other accounts tried from this address.
  clearAttempts(keys.slice(0, 1));
  return { ok: true, value: user };
}

/** Always the same answer for a known or unknown e-mail; every request counts toward the throttle. */
export async function forgotPassword(request: Request, context: unknown, email: string): Promise<FlowResult<string>> {
  const keys = throttleKeys("forgot", email, clientIp(request, context));
  const wait = throttledFor(keys);
  if (wait) return { ok: false, status: 429, message: tooManyAttemptsMessage(wait), retryAfterMinutes: wait };
  recordAttempt(keys);
  const reset = createPasswordResetToken(email);
  if (reset) {
    const link = `${siteOrigin(request)}/reset-password?${new URLSearchParams({ token: reset.token })}`;
    const name = reset.user.fullName?.trim() || reset.user.username;
    // Not awaited: a slow SMTP server must not make known e-mails answer slower than unknown ones.
    sendMail({
      to: reset.user.email,
      subject: "Redefinição de senha — Classificados Patos",
      text: [
        `Olá, ${name}!`,
        "",
        "Recebemos um pedido para redefinir a senha da sua conta no Classificados Patos.",
        "Para criar uma nova senha, abra o link abaixo (válido por 1 hora, uma única vez):",
        "",
        link,
        "",
        "Se você não pediu a redefinição, ignore este email: sua senha continua a mesma.",
      ].join("\n"),
    }).catch((error: unknown) => {
      // Logged, not shown: the answer must not reveal that this e-mail has an account.
      console.error("[auth] could not send the password reset e-mail", error);
    });
  }
  return { ok: true, value: MESSAGES.forgotPasswordSent };
}

/** Sets a new password from a reset token; the request's own session (if any) survives, every other ends. */
export async function resetPassword(request: Request, input: { token: string; password: string }): Promise<FlowResult<PublicUser>> {
  const current = await getAuthContext(request);
  const user = await resetPasswordWithToken(input.token, input.password, { keepSessionId: current?.sessionId });
  if (!user) return { ok: false, status: 400, message: MESSAGES.resetTokenInvalid };
  return { ok: true, value: user };
}

/** A 429 answer's Retry-After header. */
export function retryAfterHeaders(result: { retryAfterMinutes?: number }): Record<string, string> {
  return result.retryAfterMinutes ? { "Retry-After": String(result.retryAfterMinutes * 60) } : {};
}
