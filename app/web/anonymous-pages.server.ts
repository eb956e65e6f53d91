/**
 * The list pages' whole document, kept a few seconds for visitors who send no cookie (ADR 027).
 *
 * `/` and `/categories` look the same to everyone who sends no cookie: no session, no favourites, no
 * toast. Their data is already kept (ADR 016), but React's render and the serialisation of the cards
 * into the page still cost every request, which held them at ~0.70× the static /sobre's throughput
 * (issue #24). A first visit — from a search engine, a shared link, a phone on 3G — is the common case
 * on a classifieds site, so its document is kept for KEPT_MS under the same state as the cards it shows:
 * an ad published, paused, edited or expired, a category or city changed, or a new São Paulo day is
 * seen at once; only views (which do not change the listing version) may lag, as on the cards.
 *
 * Each answer still gets its own CSP nonce: the kept HTML is cut at the nonce it was rendered with and
 * joined with the new request's, so no two visitors ever see the same one.
 *
 * A page is someone's as soon as the request names anyone (issue #32: a `GET /` with a bearer token and
 * no cookie was kept and shown the account's name and e-mail to the next first visits). Two locks, each
 * enough alone: a request carrying a bearer token or any cookie the pages read is neither served a kept
 * page nor kept, and a render during which the session lookup found a user is never kept, whatever header
 * carried it.
 */
import { referenceVersion } from "~/db/reference-version.server";
import { listingState } from "~/models/listing/listing.server";
import { cityAmongUnreadCookies, isCityCookie } from "~/web/city-choice.server";
import { DEVICE_COOKIE } from "~/web/device.server";
import { VISITOR_COOKIE } from "~/web/visitor.server";

/** The pages that may be kept: the same for every visitor without a cookie, and the most visited. */
const ANONYMOUS_PAGE_PATHS = new Set(["/", "/categories"]);
/**
 * A request that sends the API's bearer token (web/auth.server.ts) says who it is. So does one with any
 * cookie the root or list loaders read: the session, favourites and toast cookies. The others say
 * nothing to these pages: the city the browser chose last (city-choice.server.ts, ADR 043), which
 * becomes part of the page's key, and those in UNREAD_COOKIES. A cookie not listed, known or not, has
 * the page rendered for its request: a cookie added one day is someone's until it is listed here.
 */
const UNREAD_COOKIES: ReadonlySet<string> = new Set([
  // Each kept a year, so nearly every returning browser sends one (issue #35, item 3):
  // the visitor id, read where a view, contact, save or report is counted (visitor.server.ts), set by the first ad page opened;
  VISITOR_COOKIE,
  // the device's proofs of past sign-ins (device.server.ts), read by the sign-in forms only, sent long after the session ended.
  DEVICE_COOKIE,
]);
/** As long as a page of cards is kept (listing.server.ts): the views on a card lag by no more. */
const KEPT_MS = 5_000;
/** Each one ~75–85 KB of HTML: ~16 MB a web worker at most (ADR 016's table). Emptied when full. */
const MAX_PAGES = 200;

export type AnonymousPageRequest = {
  method: string;
  /** The path without the query string. */
  path: string;
  /** The path with the query string, as the client asked. */
  url: string;
  /** The site's origin this request was answered for (the canonical link and JSON-LD carry it). */
  origin: string;
  /** The request's headers, by lower-case name (Node's `IncomingHttpHeaders`). */
  headers: Partial<Record<string, string | string[]>>;
};

export type PageAnswer = { status: number; headers: [string, string][]; html: string };

/** A rendered answer as server.ts hands it over to be kept. */
export type RenderedPage = PageAnswer & {
  /** The nonce the page was rendered with. */
  nonce: string;
  /** The session lookup found a user while rendering it (access-log-entry.server.ts notes it): the page is theirs. */
  identified: boolean;
};

type KeptPage = { at: number; state: string; status: number; headers: [string, string][]; pieces: string[] };

const pages = new Map<string, KeptPage>();

/** The key under which this request's answer may be kept, or null when it must be rendered for it. */
export function anonymousPageKey(request: AnonymousPageRequest): string | null {
  if (request.method !== "GET" || !ANONYMOUS_PAGE_PATHS.has(request.path)) return null;
  if (request.headers.authorization !== undefined) return null;
  const cookies = cityAmongUnreadCookies(request.headers.cookie, UNREAD_COOKIES);
  if (cookies === null) return null;
  return cookies.city === null ? `${request.origin}${request.url}` : `${request.origin}${request.url} cidade=${cookies.city}`;
}

/**
 * What the kept pages depend on besides their address. Read before rendering: a change made during
 * the render leaves the page under the older state, so the next request renders again.
 */
export function anonymousPageState(now: Date = new Date()): string {
  return `${listingState(now)}|${referenceVersion()}`;
}

/** The kept answer for `key`, with `nonce` in its scripts, while it is fresh and `state` has not changed. */
export function keptPage(key: string, state: string, nonce: string, now: number = Date.now()): PageAnswer | null {
  const page = pages.get(key);
  if (!page) return null;
  if (now - page.at >= KEPT_MS || page.state !== state) {
    pages.delete(key);
    return null;
  }
  return { status: page.status, headers: page.headers, html: page.pieces.join(nonce) };
}

/**
 * Whether an answer may be kept beyond its request and shown again: a 200 rendered for nobody that sets
 * no cookie (a page that writes to its visitor — a visitor id, a toast shown once — or that a user was
 * found for, is theirs). The one rule for both places that keep pages: here, for the strangers after
 * it, and the service worker on the visitor's own phone (offline-copies.server.ts, ADR 036).
 */
export function mayBeKept(answer: Pick<RenderedPage, "status" | "headers" | "identified">): boolean {
  if (answer.identified || answer.status !== 200) return false;
  // The chosen city's cookie follows from the address and the request's city cookie, both in the key.
  return !answer.headers.some(([name, value]) => name.toLowerCase() === "set-cookie" && !isCityCookie(value));
}

/** Keeps a rendered answer when `mayBeKept` allows it. */
export function keepPage(key: string, state: string, answer: RenderedPage, now: number = Date.now()) {
  if (!answer.nonce || !mayBeKept(answer)) return;
  if (pages.size >= MAX_PAGES) pages.clear();
  pages.set(key, { at: now, state, status: answer.status, headers: answer.headers, pieces: answer.html.split(answer.nonce) });
}

/** For tests: forget every kept page. */
export function clearAnonymousPages() {
  pages.clear();
}
