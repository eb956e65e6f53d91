/**
 * GET /api/cities/{id} (public). PUT (admins): {name?, state?} → the city (its ads follow the new
 * name). DELETE (admins) → {message}; 409 for Patos de Minas - MG (the default city) and for a city
 * ads are in.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { deleteCity, getCity, updateCity } from "~/models/city/admin.server";
import { CITY_MESSAGES, citySchema } from "~/models/city/city-form";
import { requireAdmin } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseBodyOrThrow, parseOrThrow, readJsonObject } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

export function loader({ params }: LoaderFunctionArgs) {
  const { id } = parseOrThrow(paramsSchema, params, "Cidade inválida");
  const city = getCity(id);
  if (!city) return jsonError(404, CITY_MESSAGES.notFound);
  return Response.json({ id: city.id, name: city.name, state: city.state });
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("GET, PUT, DELETE");
  await requireAdmin(request);
  const { id } = parseOrThrow(paramsSchema, params, "Cidade inválida");
  const current = getCity(id);
  if (!current) return jsonError(404, CITY_MESSAGES.notFound);

  if (request.method === "DELETE") {
    const outcome = deleteCity(id);
    if (!outcome.ok) return jsonError(outcome.status, outcome.message);
    return Response.json({ message: CITY_MESSAGES.deleted, ...outcome.value }, { headers: NO_STORE });
  }

  const body = await readJsonObject(request);
  const input = parseBodyOrThrow(citySchema, { name: current.name, state: current.state, ...body });
  const outcome = updateCity(id, input);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json({ id: outcome.value.id, name: outcome.value.name, state: outcome.value.state }, { headers: NO_STORE });
}
