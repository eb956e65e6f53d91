/**
 * The city a visitor chose, remembered for their next list page and their next visit (issue #35,
 * ADR 043). The list pages carry the city in their address (`cityId`); a list asked for without one
 * shows the city this browser chose last, kept in the plain `cidade` cookie (a city's id, or "todas"
 * on /categories): nothing about the person, so a request whose only cookie it is still counts as a
 * first visit for the kept pages of ADR 027, which key their page by it (anonymous-pages.server.ts).
 * Plain GET forms and links set it, so it works without JavaScript.
 */
import { getEnv } from "~/env.server";
import { ALL_CITIES } from "~/models/ad/ad";
import { cookiePairs } from "~/web/cookie-pairs.server";

const CITY_COOKIE = "cidade";
const ONE_YEAR_S = 365 * 86_400;
/** A city's id or "todas": anything else in the cookie is not ours and is ignored. */
const CITY_VALUE = new RegExp(`^(?:[1-9]\\d{0,8}|${ALL_CITIES})$`);

/**
 * What a Cookie header says to a page that reads no cookie but the remembered city, when besides that
 * cookie it holds only cookies named in `unread`: `{ city }` (null without a city cookie, as with no
 * header). Null when it holds anything else: another cookie, the city twice, a value not ours, or a
 * header sent twice. The kept pages of ADR 027 key their page by it (anonymous-pages.server.ts).
 */
export function cityAmongUnreadCookies(cookieHeader: string | string[] | undefined | null, unread: ReadonlySet<string>): { city: string | null } | null {
  if (cookieHeader === undefined || cookieHeader === null) return { city: null };
  if (typeof cookieHeader !== "string") return null;
  let city: string | null = null;
  for (const { name, value } of cookiePairs(cookieHeader)) {
    if (unread.has(name)) continue;
    if (name !== CITY_COOKIE || city !== null || !CITY_VALUE.test(value)) return null;
    city = value;
  }
  return { city };
}

/** The remembered city's value among the request's cookies, or null. */
function rememberedCity(request: Request): string | null {
  return cookiePairs(request.headers.get("Cookie")).find(({ name, value }) => name === CITY_COOKIE && CITY_VALUE.test(value))?.value ?? null;
}

/** The list's address as the visitor means it: the address's own city, else the one this browser chose last. */
export function withRememberedCity(url: URL, request: Request): URL {
  const remembered = rememberedCity(request);
  if (url.searchParams.has("cityId") || remembered === null) return url;
  const meant = new URL(url);
  meant.searchParams.set("cityId", remembered);
  return meant;
}

/**
 * The headers that remember `shown` (the city the page shows: its id, or "todas") when the address
 * asked for it by name and the browser remembers another; undefined otherwise. A page whose address
 * names no city, or a city that does not exist, changes nothing.
 */
export function rememberCity(url: URL, request: Request, shown: string): HeadersInit | undefined {
  if (url.searchParams.get("cityId") !== shown || !CITY_VALUE.test(shown) || rememberedCity(request) === shown) return undefined;
  const secure = getEnv().isHttps ? "; Secure" : "";
  return { "Set-Cookie": `${CITY_COOKIE}=${shown}; Path=/; Max-Age=${ONE_YEAR_S}; SameSite=Lax; HttpOnly${secure}` };
}

/** Whether a Set-Cookie value is the one rememberCity writes (the kept pages may keep it: it depends on the address and the cookie only). */
export function isCityCookie(setCookie: string): boolean {
  return setCookie.startsWith(`${CITY_COOKIE}=`);
}
