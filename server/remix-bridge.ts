/**
 * Between Express and Remix in a web worker (server.ts): what each request carries along (its id,
 * nonce, origin, body cap…), the answers given outside Remix, and the conversion of a request into the
 * Fetch Request Remix handles and of its Response back onto the socket.
 */
import type { IncomingHttpHeaders } from "node:http";
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable, writeReadableStreamToWritable } from "@remix-run/node";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { PageAnswer } from "~/web/anonymous-pages.server";
import { bodyTooLargeMessage, type BodyLimit } from "~/web/body-limits.server";
import { errorAnswer } from "~/web/server-guards.server";

export type Locals = {
  requestId: string;
  /** The signed-in user, once the session lookup has found one (for the access log). */
  user: { userId: number | null };
  cspNonce: string;
  /** The site's origin for this request (server-guards siteOriginOf): the origin of the URL Remix sees. */
  origin: string;
  bodyLimit: BodyLimit;
  /** A 413 was sent while the body was streaming in; whatever Remix answers after that is dropped. */
  bodyTooLarge?: boolean;
  /** The cause of this request's failure has been logged (so the 5xx line need not say it is unknown). */
  errorLogged?: boolean;
  /** The metrics' route label, for answers given outside Remix (static files, /healthz, /metrics); else the Remix route's id. */
  route?: string;
};

export const locals = (res: ExpressResponse) => res.locals as Locals;

/** Logs an error with the request it broke (id, method, path — never the query string, which may hold tokens). */
export function logRequestError(req: ExpressRequest, res: ExpressResponse, error: unknown) {
  locals(res).errorLogged = true;
  console.error(`[error] ${locals(res).requestId} ${req.method} ${req.path}`, error);
}

/** A refusal or failure answered here, outside Remix: JSON `{message}` under /api, a small pt-BR page elsewhere. */
export function answer(req: ExpressRequest, res: ExpressResponse, status: number, message: string) {
  const { contentType, body } = errorAnswer(req.path, status, message);
  lingerOnUnreadBody(req, res);
  res.status(status).set("Cache-Control", "no-store").type(contentType).send(body);
}

/** How long, at most, the unread rest of a request body is read and dropped after the answer (nginx's lingering_time). */
const UNREAD_BODY_LINGER_MS = 30_000;

export function answerTooLarge(req: ExpressRequest, res: ExpressResponse, limit: BodyLimit) {
  answer(req, res, 413, bodyTooLargeMessage(limit));
}

/**
 * Some answers go out before the request body has been read: a 413, a redirect to /login or a 401 for
 * photos posted without a session. Closing the connection then, with the client still sending, ends
 * it in a reset, and the reset can wipe the answer before the client reads it (the browser shows a
 * network error, a script gets EPIPE). So, like nginx's lingering close, the connection stays open,
 * even when the client asked to close it, while the rest is read and dropped; a client still sending
 * after UNREAD_BODY_LINGER_MS is cut off. Call it before the answer's headers go out.
 */
export function lingerOnUnreadBody(req: ExpressRequest, res: ExpressResponse) {
  if (req.complete) return;
  res.setHeader("Connection", "keep-alive");
  res.once("finish", () => {
    if (req.complete || req.destroyed) return;
    req.unpipe();
    req.resume();
    const cut = setTimeout(() => req.socket?.destroy(), UNREAD_BODY_LINGER_MS);
    req.once("close", () => clearTimeout(cut));
    req.once("end", () => {
      clearTimeout(cut);
      // Now the connection closes as the client asked.
      if (/\bclose\b/i.test(req.headers.connection ?? "")) req.socket?.end();
    });
  });
}

/**
 * The Fetch Request Remix handles (what @remix-run/express's adapter does, with our origin): its URL
 * is the site's origin plus the path, and its Host header that origin's host, so Remix's own
 * Origin-versus-Host check agrees with the one above instead of failing same-site posts behind a proxy.
 */
export function remixRequest(req: ExpressRequest, res: ExpressResponse, controller: AbortController): Request {
  const { origin } = locals(res);
  const headers = remixHeaders(req.headers);
  headers.set("host", new URL(origin).host);
  headers.delete("x-forwarded-host");
  const init: RequestInit & { duplex?: "half" } = { method: req.method, headers, signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(cappedBody(req, res, controller));
    init.duplex = "half";
  }
  // Concatenated, not resolved: "//evil.example/x" stays a path on our origin.
  return new Request(`${origin}${req.originalUrl}`, init);
}

function remixHeaders(incoming: IncomingHttpHeaders) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

/**
 * The request body as Remix reads it, counted on the way: past the cap (a chunked body declares no
 * length), the reading fails, Remix's work is aborted and the client gets the 413 at once.
 */
export function cappedBody(req: ExpressRequest, res: ExpressResponse, controller: AbortController) {
  const limit = locals(res).bodyLimit;
  const body = new PassThrough();
  let received = 0;
  req.on("data", (chunk: Buffer) => {
    received += chunk.length;
    if (received <= limit.bytes || locals(res).bodyTooLarge) return;
    locals(res).bodyTooLarge = true;
    req.unpipe(body);
    body.destroy(new Error(`request body over ${limit.label}`));
    controller.abort();
    if (!res.headersSent) answerTooLarge(req, res, limit);
  });
  // A client that disconnects mid-body must not leave the reader waiting for an end that never comes.
  req.on("close", () => {
    if (!req.complete) body.destroy(new Error("the client closed the connection before the body ended"));
  });
  req.pipe(body);
  return body;
}

/** A whole page read into memory (a GET: there is no unread body to linger on). */
export function sendPage(res: ExpressResponse, page: PageAnswer) {
  res.status(page.status);
  for (const [name, value] of page.headers) res.append(name, value);
  res.end(page.html);
}

export async function sendRemixResponse(req: ExpressRequest, res: ExpressResponse, response: Response) {
  lingerOnUnreadBody(req, res);
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) res.append(name, value);
  if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) res.flushHeaders();
  if (response.body) await writeReadableStreamToWritable(response.body, res);
  else res.end();
}
