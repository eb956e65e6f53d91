/**
 * GET /api/ads (spec 02 §7): the ads the caller manages, newest first → {ads, total}. A user always
 * gets only their own, whatever `userId` says; an admin gets everyone's (and may pass userId or id).
 * Query: status (effective), categoryId, adType, search, page, limit (10, 20, 50, 100), sortBy=createdAt,
 * sortOrder=desc.
 *
 * POST /api/ads (multipart, bearer or cookie; spec 02 §7): creates an ad awaiting payment with its
 * photos (field `images`, up to 5) → 201 with the ad. Refusals: 400/413 with `message`; automatic
 * moderation → 422 with `message`, `details` (reasons) and `suggestion`.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { dashboardQuerySchema, listManagedAds, toDashboardFilter } from "~/models/ad/dashboard.server";
import { getAdForApi } from "~/models/ad/detail.server";
import { apiAdSchema } from "~/models/ad/ad-form";
import { adInputFromApi } from "~/models/ad/ad-input.server";
import { createAdWithUploads } from "~/models/ad/write.server";
import { requireUser } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseBodyOrThrow, parseOrThrow, searchParamsOf } from "~/web/http.server";
import { readUploadForm } from "~/web/upload.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const query = parseOrThrow(dashboardQuerySchema, searchParamsOf(request));
  const result = listManagedAds(user, toDashboardFilter(query, user));
  return Response.json({ ads: result.ads, total: result.total, page: query.page, limit: query.limit }, { headers: NO_STORE });
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(request);
  const upload = await readUploadForm(request);
  if (!upload.ok) return jsonError(upload.status, upload.message);
  const fields = parseBodyOrThrow(apiAdSchema, Object.fromEntries([...upload.form].filter(([, value]) => typeof value === "string")));
  const parsed = adInputFromApi(fields);
  if (!parsed.ok) return jsonError(parsed.status, parsed.message);
  const result = await createAdWithUploads(user.id, parsed.input, upload.files);
  if (!result.ok) return jsonError(result.status, result.message, result.details ?? Object.values(result.fieldErrors ?? {}), { suggestion: result.suggestion });
  return Response.json(getAdForApi(result.adId, user), { status: 201, headers: NO_STORE });
}
