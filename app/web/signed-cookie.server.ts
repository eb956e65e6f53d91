/**
 * The one shape of the site's own year-long cookies (the visitor id, a visitor's favourites): first
 * party, httpOnly, SameSite=Lax, Secure under https, signed with SESSION_SECRET so that a value the
 * server did not write reads as no cookie.
 */
import { createCookie } from "@remix-run/node";
import { getEnv } from "~/env.server";

const ONE_YEAR_S = 365 * 86_400;

export function yearLongSignedCookie(name: string) {
  const env = getEnv();
  return createCookie(name, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.isHttps,
    secrets: [env.SESSION_SECRET],
    maxAge: ONE_YEAR_S,
  });
}
