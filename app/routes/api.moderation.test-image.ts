/**
 * POST /api/moderation/test-image {imageUrl, categoryName}: the image is fetched safely (http(s), public
 * hosts, size cap, timeout). Administrators without limit, other users against their monthly AI quota.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { moderationImageSchema } from "~/models/moderation/moderation-test";
import { runModerationTest } from "~/models/moderation/moderation-test.server";
import { requireUser } from "~/web/auth.server";
import { flowError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(request);
  const input = await readJsonBody(request, moderationImageSchema);
  const answer = await runModerationTest(user, { kind: "image", ...input });
  if (!answer.ok) return flowError(answer);
  return Response.json(answer.result, { headers: NO_STORE });
}
