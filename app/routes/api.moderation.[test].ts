/**
 * POST /api/moderation/test {description, categoryName} → {recommendation, confidence, issues, timestamp} (signed-in users).
 * The file name escapes "test" as "[test]": a file ending in ".test.ts" is a test to vitest and an
 * ignored route file to Remix (remix.config.js ignoredRouteFiles), so the route would not exist.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { moderationTextSchema } from "~/models/ad/moderation-test";
import { testTextModeration } from "~/models/ad/moderation.server";
import { requireUser } from "~/web/auth.server";
import { methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  await requireUser(request);
  const input = await readJsonBody(request, moderationTextSchema);
  return Response.json(await testTextModeration(input), { headers: NO_STORE });
}
