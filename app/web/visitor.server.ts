/**
 * The visitor cookie (`vid`) and the person a request stands for, for counting views, contacts and
 * saves and for reports. The cookie holds a random id and the São Paulo day it was minted, signed with
 * SESSION_SECRET (Remix's signed cookie, as the favourites cookie): the server can tell a browser it
 * gave an id to yesterday from one that made an id up. A cookie that does not verify — forged, or
 * the unsigned ids given before issue 32 — counts as no cookie and is replaced. Who counts as whom
 * from there is models/ad/people.server.ts's rule.
 */
import { randomBytes } from "node:crypto";
import { personOf, viewDay, type Person } from "~/models/ad/people.server";
import { clientIp, getOptionalUser } from "~/web/auth.server";
import { yearLongSignedCookie } from "~/web/signed-cookie.server";

/** "{32 hex}.{YYYYMMDD}": the id and its mint day, inside the signed value. */
const VALUE_SHAPE = /^([0-9a-f]{32})\.(\d{8})$/;

/** The cookie's name: the kept list pages ignore it (anonymous-pages.server.ts), as they count nothing. */
export const VISITOR_COOKIE = "vid";

const cookie = yearLongSignedCookie(VISITOR_COOKIE);

export type Visitor = {
  /** Who this request counts as. */
  person: Person;
  /** The Set-Cookie value to send when the request had no valid visitor cookie (null otherwise). */
  setCookie: string | null;
};

/** The request's verified visitor id and mint day, or null (no cookie, or one the server did not sign). */
async function cookieVisitor(request: Request): Promise<{ id: string; mintedDay: number } | null> {
  let value: unknown;
  try {
    value = await cookie.parse(request.headers.get("Cookie"));
  } catch {
    return null;
  }
  const match = typeof value === "string" ? VALUE_SHAPE.exec(value) : null;
  return match ? { id: match[1]!, mintedDay: Number(match[2]) } : null;
}

/**
 * The person behind a request (its account, its visitor cookie, or its address: models/ad/people.server.ts)
 * and, when it came without a valid cookie, a new one to set — signed-in visitors get one too, for after
 * they sign out.
 */
export async function visitorOf(request: Request, context?: unknown, now: Date = new Date()): Promise<Visitor> {
  const user = await getOptionalUser(request);
  const visitor = await cookieVisitor(request);
  const person = personOf({ userId: user?.id ?? null, visitor, ip: clientIp(request, context) }, now);
  const setCookie = visitor ? null : await cookie.serialize(`${randomBytes(16).toString("hex")}.${viewDay(now)}`);
  return { person, setCookie };
}

/** Whether a Set-Cookie value is the visitor id's (a page that gives it holds nothing of the visitor's). */
export function isVisitorCookie(setCookie: string): boolean {
  return setCookie.startsWith(`${VISITOR_COOKIE}=`);
}

/** Headers carrying the visitor's new cookie, if any (merge into a loader's or action's answer). */
export function visitorHeaders(visitor: Visitor, headers: HeadersInit = {}): Headers {
  const result = new Headers(headers);
  if (visitor.setCookie) result.append("Set-Cookie", visitor.setCookie);
  return result;
}
