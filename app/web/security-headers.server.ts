/** Security headers for every response; the CSP allows only our own scripts plus the per-request nonce. */
export function securityHeaders({ nonce, isHttps, isDevelopment }: { nonce: string; isHttps: boolean; isDevelopment: boolean }) {
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
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
  if (isHttps) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}
