/**
 * The session cookie's one definition (it holds only the session token, signed): auth.server.ts makes
 * the server's from the environment, and the e2e tests sign theirs with it to start a session without
 * going through a sign-in.
 */
import { createCookie } from "@remix-run/node";
import { namesCookie } from "~/web/cookie-pairs.server";

const SESSION_COOKIE_NAME = "__session";

/** Whether a request's Cookie header names the session cookie: what a signed-in browser sends (its signature is checked where the session is read). */
export function carriesSessionCookie(cookieHeader: string | undefined): boolean {
  return namesCookie(cookieHeader, SESSION_COOKIE_NAME);
}

export function createSessionCookie({ secret, secure }: { secret: string; secure: boolean }) {
  return createCookie(SESSION_COOKIE_NAME, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    secrets: [secret],
  });
}
