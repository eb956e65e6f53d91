/**
 * GET /api/characteristics/{id} (public). PUT (admins): the fields to change → the characteristic
 * (renaming moves the ads' values along). DELETE (admins) → {message}.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { deleteCharacteristic, getCharacteristic, updateCharacteristic } from "~/models/category/admin.server";
import { CATEGORY_MESSAGES, characteristicSchema } from "~/models/category/category-form";
import { requireAdmin } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseBodyOrThrow, parseOrThrow, readJsonObject } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

export function loader({ params }: LoaderFunctionArgs) {
  const { id } = parseOrThrow(paramsSchema, params, "Característica inválida");
  const characteristic = getCharacteristic(id);
  if (!characteristic) return jsonError(404, CATEGORY_MESSAGES.characteristicNotFound);
  return Response.json(characteristic);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("GET, PUT, DELETE");
  await requireAdmin(request);
  const { id } = parseOrThrow(paramsSchema, params, "Característica inválida");
  const current = getCharacteristic(id);
  if (!current) return jsonError(404, CATEGORY_MESSAGES.characteristicNotFound);

  if (request.method === "DELETE") {
    const outcome = deleteCharacteristic(id);
    if (!outcome.ok) return jsonError(outcome.status, outcome.message);
    return Response.json({ message: CATEGORY_MESSAGES.characteristicDeleted, ...outcome.value }, { headers: NO_STORE });
  }

  const body = await readJsonObject(request);
  const { id: _id, createdAt: _createdAt, ...stored } = current;
  const input = parseBodyOrThrow(characteristicSchema, { ...stored, ...body });
  const outcome = updateCharacteristic(id, input);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json(outcome.value, { headers: NO_STORE });
}
