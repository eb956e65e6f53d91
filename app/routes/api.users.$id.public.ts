/**
 * GET /api/users/{id}/public (issue #36, item 3): the seller page's JSON twin, {id, name, memberSince
 * ("YYYY-MM"), activeAds, soldAds, ads: [public cards]} (plus cities, page and totalPages), one page of
 * PUBLIC_PAGE_SIZE ads (?page=N). 404 for an account with no public ad, the same as for none at all.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema, optionalIdSchema } from "~/lib/id";
import { SELLER_NOT_FOUND } from "~/models/listing/seller";
import { publicSeller } from "~/models/listing/seller.server";
import { jsonError, NO_STORE, parseOrThrow, searchParamsOf } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });
const querySchema = z.object({ page: z.preprocess((value) => (value === "" ? undefined : value), optionalIdSchema) });

export function loader({ request, params }: LoaderFunctionArgs) {
  const { id } = parseOrThrow(paramsSchema, params, "Anunciante inválido");
  const { page } = parseOrThrow(querySchema, searchParamsOf(request));
  const seller = publicSeller(id, page ?? 1);
  if (!seller) return jsonError(404, SELLER_NOT_FOUND);
  return Response.json(seller, { headers: NO_STORE });
}
