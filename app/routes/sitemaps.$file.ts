/** GET /sitemaps/pages.xml and /sitemaps/ads-{n}.xml — the files /sitemap.xml lists once it is an index. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { SITEMAP_HEADERS, sitemapFile } from "~/models/listing/sitemap.server";
import { siteOrigin } from "~/web/auth.server";
import { notFoundPage } from "~/web/http.server";

export function loader({ params }: LoaderFunctionArgs) {
  const name = /^([a-z0-9-]+)\.xml$/.exec(params.file ?? "")?.[1];
  const body = name ? sitemapFile(name, siteOrigin()) : null;
  if (!body) throw notFoundPage("Arquivo não encontrado");
  return new Response(body, { headers: SITEMAP_HEADERS });
}
