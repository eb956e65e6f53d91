/**
 * Which answers the service worker may keep on the visitor's phone and show again without a network
 * (public/sw.js's source, app/service-worker.js; docs/decisions/036).
 *
 * A service worker cannot read `Set-Cookie` nor tell who a page was rendered for, so it keeps nothing
 * unless the server says so with OFFLINE_COPY_HEADER. The server says so for a GET of a page every
 * visitor sees alike — `/`, `/categories` with any query, an ad's page — when the answer passes the same
 * rule as the first-visit pages kept for strangers (`mayBeKept`, ADR 027: a 200 rendered for nobody that
 * sets no cookie) and the request carries no credential at all (the session cookie, a bearer token): a
 * page rendered while someone is signed in never reaches the phone's cache, even one whose lookup found
 * nobody. Other cookies (favourites, the visitor id) may come along: the page is then this browser's
 * own, and it stays on this browser. For the same reason the visitor id an ad page gives a browser on
 * its first opening does not keep that page off the phone (the worker cannot see the cookie, and the
 * page holds nothing of it), though it keeps it from the strangers after it.
 */
import { mayBeKept, type RenderedPage } from "~/web/anonymous-pages.server";
import { carriesSessionCookie } from "~/web/session-cookie.server";
import { isVisitorCookie } from "~/web/visitor.server";

/** The response header by which the server lets the service worker keep an answer (its value: "1"). */
export const OFFLINE_COPY_HEADER = "X-Offline-Copy";

/** The pages every visitor sees alike: the list pages and an ad's page (not its /contato, /denunciar). */
const OFFLINE_PAGE = /^\/(?:categories|anuncio\/[^/]+)?$/;

export type OfflineCopyRequest = {
  method: string;
  /** The path without the query string. */
  path: string;
  /** The request's headers, by lower-case name (Node's `IncomingHttpHeaders`). */
  headers: Partial<Record<string, string | string[]>>;
};

/** Whether this answer to this request may be kept by the service worker (and so carries OFFLINE_COPY_HEADER). */
export function mayKeepOffline(request: OfflineCopyRequest, answer: Pick<RenderedPage, "status" | "headers" | "identified">): boolean {
  if (request.method !== "GET" || !OFFLINE_PAGE.test(request.path)) return false;
  const cookie = request.headers.cookie;
  if (request.headers.authorization !== undefined || carriesSessionCookie(Array.isArray(cookie) ? cookie.join("; ") : cookie)) return false;
  const givesVisitorId = ([name, value]: [string, string]) => name.toLowerCase() === "set-cookie" && isVisitorCookie(value);
  return mayBeKept({ ...answer, headers: answer.headers.filter((header) => !givesVisitorId(header)) });
}
