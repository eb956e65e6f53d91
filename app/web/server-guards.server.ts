/**
 * What server.ts decides about a request before Remix sees it — which methods exist, what the site's
 * origin is, whether a write comes from another site — and the plain answers it gives when it refuses
 * one or something breaks (pt-BR; JSON `{message}` under /api, a small HTML page elsewhere; never a
 * stack trace or a path). Pure functions of plain values; the Express wiring is in server.ts (ADR 008).
 */

/** The methods the site answers; anything else (TRACE, PROPFIND…) is a 405 before it reaches Remix. */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export const ALLOW_HEADER = ALLOWED_METHODS.join(", ");

export function isAllowedMethod(method: string) {
  return (ALLOWED_METHODS as readonly string[]).includes(method);
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const MESSAGES = {
  internal: "Erro interno do servidor",
  badRequest: "Requisição inválida.",
  badHost: "Requisição inválida: cabeçalho Host ausente ou malformado.",
  methodNotAllowed: "Método não permitido.",
  crossSite: "Origem da requisição não permitida.",
} as const;

/** A hostname (or [IPv6]) with an optional port; nothing else may be in a Host header. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_](?:[A-Za-z0-9_.-]{0,252}))(?::\d{1,5})?$/;

/**
 * The site's origin for one request, or null when the request names no usable host (a 400).
 *  - APP_URL when set: the operator's word for the public address, whatever the request says.
 *  - Otherwise the address the client used: the Host header over the socket's protocol — or, with
 *    TRUST_PROXY, the X-Forwarded-Host and X-Forwarded-Proto the proxy sends (first entry of each).
 * server.ts builds the URL Remix sees from it, so routes' `new URL(request.url).origin` agrees.
 */
export function siteOriginOf(input: {
  appUrl: string | undefined;
  trustProxy: boolean;
  /** "http" or "https": the socket's, or X-Forwarded-Proto's when the proxy is trusted (Express's req.protocol). */
  protocol: string;
  host: string | undefined;
  forwardedHost: string | undefined;
}): string | null {
  const forwarded = input.trustProxy ? input.forwardedHost?.split(",")[0]?.trim() : undefined;
  const host = forwarded || input.host;
  if (!host || !HOST.test(host)) return null;
  if (input.appUrl) return new URL(input.appUrl).origin;
  const protocol = input.protocol === "https" ? "https" : "http";
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return null;
  }
}

/** Methods that never change anything, so they need no origin check. */
export function isSafeMethod(method: string) {
  return SAFE_METHODS.has(method);
}

/**
 * The one cross-site rule: where a browser says a request comes from. "same" when its Origin (or, without
 * one, its Referer) is one of `ourOrigins`; "cross" when it names any other page, "null" (sandboxed
 * frames, data: pages) and unreadable Referers included; "unknown" when it carries neither — not a
 * browser acting for another site's page (browsers send Origin on every cross-origin POST): curl, the
 * mobile app. server.ts refuses every "cross" write; a session cookie counts for a write only when "same".
 */
export function requestSource(headers: { origin?: string | null; referer?: string | null }, ourOrigins: readonly string[]): "same" | "cross" | "unknown" {
  let source = headers.origin;
  if (!source && headers.referer) {
    try {
      source = new URL(headers.referer).origin;
    } catch {
      return "cross";
    }
  }
  if (!source) return "unknown";
  return ourOrigins.includes(source) ? "same" : "cross";
}

export function isApiPath(pathname: string) {
  return pathname === "/api" || pathname.startsWith("/api/");
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A small self-contained pt-BR page (no scripts, no styles to load) for answers given outside Remix. */
export function errorPage(status: number, message: string) {
  const title = status >= 500 ? "Algo deu errado" : "Não foi possível atender ao pedido";
  const hint = status >= 500 ? "<p>Tente de novo em instantes. Se continuar, fale com a gente.</p>" : "";
  return `<!DOCTYPE html>
<html lang="pt-BR">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Classificados Patos</title></head>
<body>
<h1>${title}</h1>
<p>${escapeHtml(message)}</p>
${hint}<p><a href="/">Voltar para a página inicial</a></p>
</body>
</html>
`;
}

/** The body and type of a refusal or failure answered outside Remix: JSON `{message}` for /api, a page otherwise. */
export function errorAnswer(pathname: string, status: number, message: string): { contentType: string; body: string } {
  if (isApiPath(pathname)) return { contentType: "application/json; charset=utf-8", body: JSON.stringify({ message }) };
  return { contentType: "text/html; charset=utf-8", body: errorPage(status, message) };
}
