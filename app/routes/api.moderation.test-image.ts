/** POST /api/moderation/test-image {imageUrl, categoryName}: the image is fetched safely (http(s), public hosts, size cap, timeout). */
import type { ActionFunctionArgs } from "@remix-run/node";
import { moderationImageSchema } from "~/models/ad/moderation-test";
import { testImageModeration } from "~/models/ad/moderation.server";
import { requireUser } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  await requireUser(request);
  const input = await readJsonBody(request, moderationImageSchema);
  const answer = await testImageModeration(input);
  if (!answer.ok) return jsonError(answer.status, answer.message);
  return Response.json(answer.result, { headers: NO_STORE });
}
