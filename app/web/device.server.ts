/**
 * How a device carries its proofs of past sign-ins (models/account/device-proof.server.ts; ADR 010,
 * second amendment): a browser in the `__device` cookie, an API client — which has no cookie jar — in
 * the `X-Device-Token` header, the `deviceToken` that `POST /api/auth/login` and
 * `POST /api/auth/reset-password` return.
 *
 * The cookie keeps the proofs of the last few accounts signed in on that browser (a shared family
 * computer), newest first; it outlives the session (a year) because it grants nothing but a sign-in
 * that is not held by someone else's guesses, and a password change revokes it. Not signed: each proof
 * is an HMAC already, and anything else in the cookie simply matches no account.
 */
import { createCookie } from "@remix-run/node";
import { getEnv } from "~/env.server";

export const DEVICE_TOKEN_HEADER = "X-Device-Token";
const MAX_ACCOUNTS = 5;
/** A proof is 43 base64url characters; anything much longer is not one. */
const MAX_PROOF_LENGTH = 64;
const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The cookie's name: the kept list pages ignore it (anonymous-pages.server.ts), as they read nothing in it. */
export const DEVICE_COOKIE = "__device";

const deviceCookie = createCookie(DEVICE_COOKIE, {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: getEnv().isHttps,
  maxAge: YEAR_SECONDS,
});

async function cookieProofs(request: Request): Promise<string[]> {
  let value: unknown;
  try {
    value = await deviceCookie.parse(request.headers.get("Cookie"));
  } catch {
    return []; // a mangled cookie is no proof
  }
  if (!Array.isArray(value)) return [];
  return value.filter((proof): proof is string => typeof proof === "string" && proof.length <= MAX_PROOF_LENGTH).slice(0, MAX_ACCOUNTS);
}

/** Every proof the request carries: its `X-Device-Token` header and its `__device` cookie. */
export async function deviceProofsOf(request: Request): Promise<string[]> {
  const header = request.headers.get(DEVICE_TOKEN_HEADER)?.trim();
  const proofs = await cookieProofs(request);
  return header && header.length <= MAX_PROOF_LENGTH ? [header, ...proofs] : proofs;
}

/** The `Set-Cookie` that adds `proof` to the browser's device cookie (first; the oldest account dropped past five). */
export async function rememberDevice(request: Request, proof: string): Promise<string> {
  const kept = (await cookieProofs(request)).filter((other) => other !== proof);
  return deviceCookie.serialize([proof, ...kept].slice(0, MAX_ACCOUNTS));
}
