/**
 * GET /sitemap.xml — every public ad's canonical address and the list pages, or, past 50 000
 * addresses, the index of /sitemaps/*.xml (models/listing/sitemap.server.ts). Streamed.
 */
import { SITEMAP_HEADERS, sitemapRoot } from "~/models/listing/sitemap.server";
import { siteOrigin } from "~/web/auth.server";

export function loader() {
  return new Response(sitemapRoot(siteOrigin()), { headers: SITEMAP_HEADERS });
}
