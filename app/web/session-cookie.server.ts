/**
 * The session cookie's one definition (it holds only the session token, signed): auth.server.ts makes
 * the server's from the environment, and the e2e tests sign theirs with it to start a session without
 * going through a sign-in.
 */
import { createCookie } from "@remix-run/node";

export function createSessionCookie({ secret, secure }: { secret: string; secure: boolean }) {
  return createCookie("__session", {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure,
    secrets: [secret],
  });
}
