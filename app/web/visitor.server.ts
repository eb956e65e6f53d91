/**
 * Who a visitor is, for counting views once a day and for reports: the signed-in user ("u:{id}"), or
 * else a first-party cookie holding a random id ("v:{id}"), set on the first answer that needs it. The
 * id means nothing but "the same browser as before"; it is not signed (a visitor who forges one only
 * chooses how to be counted), only checked for shape.
 */
import { randomBytes } from "node:crypto";
import { getEnv } from "~/env.server";
import { getOptionalUser } from "~/web/auth.server";

const COOKIE = "vid";
const ID_SHAPE = /^[0-9a-f]{32}$/;
const ONE_YEAR_S = 365 * 86_400;

export type Visitor = {
  /** "u:{userId}" or "v:{cookie id}": what views and reports are counted by. */
  key: string;
  /** The Set-Cookie value to send when the visitor had no id yet (null otherwise). */
  setCookie: string | null;
};

function cookieId(request: Request): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const [name, value] = part.trim().split("=", 2);
    if (name === COOKIE && value && ID_SHAPE.test(value)) return value;
  }
  return null;
}

/** The visitor behind a request: its user, or its cookie id, or a new id (with the cookie to set). */
export async function visitorOf(request: Request): Promise<Visitor> {
  const user = await getOptionalUser(request);
  const existing = cookieId(request);
  // A signed-in visitor keeps the cookie they have; one without it gets it too, for after sign-out.
  const id = existing ?? randomBytes(16).toString("hex");
  const setCookie = existing
    ? null
    : `${COOKIE}=${id}; Path=/; Max-Age=${ONE_YEAR_S}; HttpOnly; SameSite=Lax${getEnv().isHttps ? "; Secure" : ""}`;
  return { key: user ? `u:${user.id}` : `v:${id}`, setCookie };
}

/** Headers carrying the visitor's new cookie, if any (merge into a loader's or action's answer). */
export function visitorHeaders(visitor: Visitor, headers: HeadersInit = {}): Headers {
  const result = new Headers(headers);
  if (visitor.setCookie) result.append("Set-Cookie", visitor.setCookie);
  return result;
}
