/**
 * POST /api/moderation/test {description, categoryName} → {recommendation, confidence, issues, timestamp}:
 * administrators without limit, other signed-in users against their monthly AI quota (429 when spent).
 * The file name escapes "test" as "[test]": a file ending in ".test.ts" is a test to vitest and an
 * ignored route file to Remix (remix.config.js ignoredRouteFiles), so the route would not exist.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { moderationTextSchema } from "~/models/moderation/moderation-test";
import { runModerationTest } from "~/models/moderation/moderation-test.server";
import { requireUser } from "~/web/auth.server";
import { flowError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(request);
  const input = await readJsonBody(request, moderationTextSchema);
  const answer = await runModerationTest(user, { kind: "text", ...input });
  if (!answer.ok) return flowError(answer);
  return Response.json(answer.result, { headers: NO_STORE });
}
