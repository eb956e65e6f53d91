/**
 * GET /api/cities (public). POST (admins): {name, state} → 201 with the city; 400 for a name over 30
 * characters or a state that is not one of the 27, 409 for a city already there; 401/403 for non-admins.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { createCity } from "~/models/city/admin.server";
import { listCities } from "~/models/city/city.server";
import { citySchema } from "~/models/city/city-form";
import { requireAdmin } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export function loader() {
  return Response.json(listCities());
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  await requireAdmin(request);
  const input = await readJsonBody(request, citySchema);
  const outcome = createCity(input);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json(outcome.value, { status: 201, headers: NO_STORE });
}
