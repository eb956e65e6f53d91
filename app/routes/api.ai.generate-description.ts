/**
 * POST /api/ai/generate-description (spec 02 §7) → {description, source, usage}. Providers in order
 * Gemini, OpenAI, local; the monthly quota is counted before generating (source 'limit_reached' with
 * a 429 when spent, Retry-After at the month's turn); a per-user burst limit stops scripts without
 * bothering a person. Both refusals are answered as the pages answer them (web/http.server.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { aiDescriptionRequestSchema } from "~/models/ai-usage/ai-usage";
import { generateDescriptionFor } from "~/models/ai-usage/ai-usage.server";
import { requireUser } from "~/web/auth.server";
import { aiRefusalJson, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireUser(request);
  const input = await readJsonBody(request, aiDescriptionRequestSchema);
  // The request's price (spec 02 §7) is read and left out: the page shows the price beside the
  // description, so the text never states it.
  const result = await generateDescriptionFor(user, input);
  if (!result.ok) return aiRefusalJson(result);
  const { description, source, usage } = result;
  return Response.json({ description, source, usage }, { headers: NO_STORE });
}
