/**
 * What server.ts writes to the access log for each request (app/services/access-log-store.server.ts keeps
 * it): the entry, built from plain values, and the signed-in user, which only the routes learn.
 *
 * The user: server.ts runs Remix inside `trackRequestUser`, and the session lookup (auth.server.ts)
 * calls `noteRequestUser` — an AsyncLocalStorage, because Remix hands loaders copies of the Request
 * and the routes' auth calls do not receive the load context. The same record keeps the request's
 * session lookups (`sessionOncePerRequest`), so its loaders ask the database once.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { ServerResponse } from "node:http";
import { normalizeIp, type AccessLogEntry } from "~/services/access-log-store.server";

/**
 * The request header our proxy sets to the client's source port (deploy/Caddyfile:
 * `header_up X-Client-Port {remote_port}`). Not X-Forwarded-Port, which proxies use for their own
 * listening port. Believed only with TRUST_PROXY, like X-Forwarded-For.
 */
export const CLIENT_PORT_HEADER = "x-client-port";

/**
 * Bounds on what a client controls, in bytes of the line as written (JSON, UTF-8), so that a hostile
 * request's line stays under 1 KB (the attack of issue 32 wrote 5.9 KB, the worst 35 KB): every line
 * is kept 183 days, none is dropped. Long enough for what real clients send: an ad's address is under
 * 100 bytes, an in-app browser's agent ~200, the list filters and campaign tags ten names of ≤ 13.
 * The method needs none (Node's parser admits only its known methods, 11 letters at most).
 */
const MAX_PATH_BYTES = 200;
const MAX_USER_AGENT_BYTES = 256;
const MAX_QUERY_NAMES = 10;
const MAX_QUERY_NAME_BYTES = 24;
/** An address is 45 characters at most; only a forged X-Forwarded-For (TRUST_PROXY on a port reachable directly) is longer. */
const MAX_IP_BYTES = 64;

/**
 * The start of `text` whose JSON string (quotes aside) takes at most `maxBytes` bytes of UTF-8, cut
 * between characters: `"` and `\` are written in 2 bytes, a control character in 6 (\u0001), "é" in 2.
 */
export function clipForLine(text: string, maxBytes: number): string {
  // A character takes a byte at least: no more than maxBytes of them can fit.
  const head = text.slice(0, maxBytes);
  if (Buffer.byteLength(JSON.stringify(head)) - 2 <= maxBytes) return head;
  let bytes = 0;
  let end = 0;
  for (const char of head) {
    bytes += Buffer.byteLength(JSON.stringify(char)) - 2;
    if (bytes > maxBytes) break;
    end += char.length;
  }
  return head.slice(0, end);
}

/** What the routes learn of a request: its user, and the sessions looked up for it (`sessionOncePerRequest`). */
type RequestRecord = { userId: number | null; sessions?: Map<string, unknown> };

const requestUser = new AsyncLocalStorage<RequestRecord>();

/** Runs `handle` with a record the session lookup fills in; returns what `handle` returns. */
export function trackRequestUser<T>(record: RequestRecord, handle: () => T): T {
  return requestUser.run(record, handle);
}

/**
 * Who the request being handled is, looked up once for it by its credentials (`key`): Remix runs the
 * root's and the page's loaders with copies of one Request, and both ask (issue #35, item 3: the second
 * lookup was ~5 % of a signed-in home page). Outside a request every call looks it up. The caller uses
 * it for reads only: an action may end the session before the loaders run.
 */
export function sessionOncePerRequest<T>(key: string, lookUp: () => T): T {
  const record = requestUser.getStore();
  if (!record) return lookUp();
  record.sessions ??= new Map();
  if (!record.sessions.has(key)) record.sessions.set(key, lookUp());
  return record.sessions.get(key) as T;
}

/** The session lookup found (or a sign-in started) this user for the request being handled. */
export function noteRequestUser(userId: number) {
  const record = requestUser.getStore();
  if (record) record.userId = userId;
}

/**
 * Has `write` write the request's line once: when the answer's head is made, its status set, before
 * any of it is sent (Node's writeHead only stores the head, which leaves with the first write or end,
 * and `end` without a head calls writeHead first); or, for a request that got no answer (the client
 * left first), when its connection closes. So every answer a client receives has its line with the
 * operating system already (ADR 022).
 */
export function logAnswer(res: ServerResponse, write: () => void) {
  let written = false;
  const once = () => {
    if (written) return;
    written = true;
    write();
  };
  const writeHead = res.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const result = writeHead.apply(this, args);
    once();
    return result;
  } as ServerResponse["writeHead"];
  res.on("close", once);
}

/**
 * The client's source port: with TRUST_PROXY, the one our proxy forwards (null when it sent none —
 * the socket's port would be the proxy's own); without it, the socket's.
 */
export function clientPortOf(input: { trustProxy: boolean; socketPort: number | undefined; forwardedPort: string | undefined }): number | null {
  if (!input.trustProxy) return input.socketPort ?? null;
  const port = Number(input.forwardedPort?.split(",").pop()?.trim());
  return Number.isInteger(port) && port > 0 && port <= 65_535 ? port : null;
}

/** The query's parameter names, each once, in order: never their values (reset tokens, Google's codes). */
export function queryNamesOf(target: string): string[] {
  const at = target.indexOf("?");
  if (at === -1) return [];
  const names = new Set<string>();
  for (const name of new URLSearchParams(target.slice(at + 1)).keys()) {
    if (names.size === MAX_QUERY_NAMES) break;
    names.add(clipForLine(name, MAX_QUERY_NAME_BYTES));
  }
  return [...names];
}

/** One request's line. `target` is the request line's target ("/path?query"); only its path and names are kept. */
export function accessLogEntry(input: {
  time: Date;
  ip: string | undefined;
  port: number | null;
  method: string;
  target: string;
  status: number;
  userId: number | null;
  userAgent: string | undefined;
  requestId: string;
}): AccessLogEntry {
  const at = input.target.indexOf("?");
  const path = at === -1 ? input.target : input.target.slice(0, at);
  return {
    time: input.time.toISOString(),
    ip: normalizeIp(input.ip && clipForLine(input.ip, MAX_IP_BYTES)),
    port: input.port,
    method: input.method,
    path: clipForLine(path, MAX_PATH_BYTES),
    query: queryNamesOf(input.target),
    status: input.status,
    userId: input.userId,
    userAgent: (input.userAgent && clipForLine(input.userAgent, MAX_USER_AGENT_BYTES)) || null,
    requestId: input.requestId,
  };
}
