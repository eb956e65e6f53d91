/**
 * Links that act without a session (the e-mails' one-click unsubscribe, RFC 8058): a token is an id
 * and an HMAC of it with the server's secret (its caller passes SESSION_SECRET) under a purpose, so only
 * the server makes one, a token for one purpose never works for another, and nobody can make the token
 * of someone else's id.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { parseId } from "~/lib/parse-id";

function signature(secret: string, purpose: string, id: number) {
  return createHmac("sha256", secret).update(`${purpose}:${id}`).digest("base64url");
}

/** The token of `id` for `purpose`: the id and its signature. */
export function signedIdToken(secret: string, purpose: string, id: number): string {
  return `${id}.${signature(secret, purpose, id)}`;
}

/** The id a token names for `purpose`, or null when the server did not make the token. */
export function idOfSignedToken(secret: string, purpose: string, token: string): number | null {
  const [idText, given, extra] = token.split(".");
  const id = parseId(idText);
  if (id === null || !given || extra !== undefined) return null;
  const expected = Buffer.from(signature(secret, purpose, id));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? id : null;
}
