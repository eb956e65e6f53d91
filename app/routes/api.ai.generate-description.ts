/**
 * POST /api/ai/generate-description (spec 02 §7) → {description, source, usage}. Providers in order
 * Gemini, OpenAI, local; the monthly quota is counted before generating (source 'limit_reached' with
 * a 429 when spent); a per-user burst limit stops scripts without bothering a person.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { aiDescriptionRequestSchema } from "~/models/ai-usage/ai-usage";
import { generateDescriptionFor } from "~/models/ai-usage/ai-usage.server";
import { requireUser } from "~/web/auth.server";
import { flowError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(request);
  const input = await readJsonBody(request, aiDescriptionRequestSchema);
  // The request's price (spec 02 §7) is read and left out: the page shows the price beside the
  // description, so the text never states it.
  const result = await generateDescriptionFor(user, input);
  if ("tooFast" in result) return flowError({ status: 429, message: result.message, retryAfterMinutes: result.retryAfterMinutes });
  return Response.json(result, { status: result.source === "limit_reached" ? 429 : 200, headers: NO_STORE });
}
