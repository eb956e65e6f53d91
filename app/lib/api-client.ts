/**
 * The browser's request helpers (spec 01 §7): a bearer header when a token is stored, credentials
 * always, JSON only when there is a body, `_nocache` on queries, and the 401 rules of §4 and §8.
 */
import { getAuthState, logoutClient, saveRedirectAfterLogin } from "~/lib/client-session";

/** Query defaults of spec 01 §7, for any query layer built on these helpers. */
export const QUERY_DEFAULTS = { retry: false, staleTime: 0, refetchOnWindowFocus: false, refetchInterval: false } as const;

export const SESSION_CHECK_PATHS = ["/api/auth/me", "/api/me"] as const;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

function pathOf(url: string) {
  return new URL(url, "http://localhost").pathname;
}

export function isSessionCheck(url: string) {
  return (SESSION_CHECK_PATHS as readonly string[]).includes(pathOf(url));
}

function isAuthUrl(url: string) {
  const path = pathOf(url);
  return path.startsWith("/api/auth/") || path === "/api/me";
}

/**
 * A 401 on a session check signs the browser out and remembers where the user was (not on /login or
 * /register); anywhere else it is only logged (the caller throws).
 */
export function handleUnauthorized(url: string) {
  console.warn(`401 em ${url}`);
  if (!isSessionCheck(url)) {
    if (!isAuthUrl(url)) console.warn("Requisição não autorizada fora das rotas de autenticação:", url);
    return;
  }
  if (typeof window !== "undefined") {
    const { pathname, search } = window.location;
    if (pathname !== "/login" && pathname !== "/register") saveRedirectAfterLogin(pathname + search);
  }
  logoutClient();
}

function headersFor(hasBody: boolean, extra?: Record<string, string>) {
  const headers: Record<string, string> = { ...extra };
  if (hasBody) headers["Content-Type"] = "application/json";
  const { token } = getAuthState();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function throwIfNotOk(response: Response, url: string) {
  if (response.ok) return;
  if (response.status === 401) handleUnauthorized(url);
  const text = await response.text().catch(() => "");
  throw new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
}

/** The write/read helper: method, URL, optional JSON body; throws "status: body" on a non-OK answer. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await fetch(url, {
    method,
    headers: headersFor(hasBody),
    body: hasBody ? JSON.stringify(body) : undefined,
    credentials: "include",
  });
  await throwIfNotOk(response, url);
  return response;
}

/** The default mutation: the shared request helper, parsed as JSON when there is a body. */
export async function apiMutation<T = unknown>({ method, url, data }: { method: string; url: string; data?: unknown }): Promise<T | null> {
  const response = await apiRequest(method, url, data);
  const text = await response.text();
  return text ? (JSON.parse(text) as T) : null;
}

/** A query's address: non-null params as a query string plus `_nocache` (a timestamp). */
export function queryUrl(url: string, params?: Record<string, unknown> | null, now = Date.now()) {
  const target = new URL(url, "http://localhost");
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== null && value !== undefined && value !== "") target.searchParams.set(key, String(value));
  }
  target.searchParams.set("_nocache", String(now));
  return /^https?:\/\//.test(url) ? target.toString() : target.pathname + target.search;
}

/**
 * The default query: GET with no-cache headers, bypassing the HTTP cache, parsed as JSON. With
 * `on401: "returnNull"` a 401 gives null; otherwise it throws "401: Unauthorized".
 */
export async function apiQuery<T>(
  url: string,
  params?: Record<string, unknown> | null,
  { on401 = "throw" }: { on401?: "throw" | "returnNull" } = {},
): Promise<T | null> {
  const response = await fetch(queryUrl(url, params), {
    method: "GET",
    headers: headersFor(false, { "Cache-Control": "no-cache", Pragma: "no-cache" }),
    credentials: "include",
    cache: "no-store",
  });
  if (response.status === 401) {
    handleUnauthorized(url);
    if (on401 === "returnNull") return null;
    throw new ApiError(401, "401: Unauthorized");
  }
  await throwIfNotOk(response, url);
  return (await response.json()) as T;
}
