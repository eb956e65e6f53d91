/**
 * GET /robots.txt — where the sitemap is, and what crawlers should leave alone: the signed-in areas,
 * the API, the ad wizard, the payment pages and the contact redirect (counted per visitor: a
 * crawler following it would only reach WhatsApp).
 */
import { siteOrigin } from "~/web/auth.server";

const DISALLOWED = ["/admin", "/dashboard", "/api", "/conta", "/create-ad", "/edit-ad", "/payment", "/anuncio/*/contato", "/anuncio/*/denunciar"];

export function loader() {
  const lines = ["User-agent: *", ...DISALLOWED.map((path) => `Disallow: ${path}`), "", `Sitemap: ${siteOrigin()}/sitemap.xml`, ""];
  return new Response(lines.join("\n"), { headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
