import type { LoaderFunctionArgs } from "@remix-run/node";
import { NO_STORE, parseOrThrow, searchParamsOf } from "~/web/http.server";
import { publicAdsQuerySchema, toPublicAdsFilter, withConsistentCategory } from "~/models/listing/listing-query.server";
import { listPublicAds } from "~/models/listing/listing.server";

/** GET /api/ads/public — the public list (spec 01 §7): active ads by views, `{ ads, total }`. */
export function loader({ request }: LoaderFunctionArgs) {
  const query = parseOrThrow(publicAdsQuerySchema, searchParamsOf(request), "Parâmetros de busca inválidos");
  return Response.json(listPublicAds(withConsistentCategory(toPublicAdsFilter(query))), {
    // Views change the order all the time: never serve a stale page from a cache.
    headers: NO_STORE,
  });
}
