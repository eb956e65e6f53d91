/**
 * Security headers for every response; the CSP allows only our own scripts plus the per-request nonce.
 * Cross-Origin-Opener-Policy goes only to a signed-in visitor (one whose request carries the session
 * cookie): it cuts another site's window handle on our pages, which guards what a session shows, while
 * on a public page it only cost a phone a fresh renderer process on every first visit (ADR 008, amended).
 */
export function securityHeaders({
  nonce,
  isHttps,
  isDevelopment,
  signedIn,
}: {
  nonce: string;
  isHttps: boolean;
  isDevelopment: boolean;
  signedIn: boolean;
}) {
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // React writes style attributes (e.g. widths); Tailwind itself is a file.
    "style-src 'self' 'unsafe-inline'",
    // Google profile pictures are the only third-party images.
    "img-src 'self' data: blob: https://lh3.googleusercontent.com",
    `connect-src 'self'${isDevelopment ? " ws://localhost:*" : ""}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self' https://accounts.google.com",
    "frame-ancestors 'none'",
  ].join("; ");
  const headers: Record<string, string> = {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
  if (signedIn) headers["Cross-Origin-Opener-Policy"] = "same-origin";
  if (isHttps) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
