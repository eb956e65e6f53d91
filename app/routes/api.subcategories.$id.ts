/**
 * GET /api/subcategories/{id} (public). PUT (admins): the fields to change → the subcategory.
 * DELETE (admins) → {message}; 409 while ads use it.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { deleteSubcategory, updateSubcategory } from "~/models/category/admin.server";
import { getSubcategory } from "~/models/category/category.server";
import { CATEGORY_MESSAGES, subcategorySchema } from "~/models/category/category-form";
import { requireAdmin } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseBodyOrThrow, parseOrThrow, readJsonObject } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

export function loader({ params }: LoaderFunctionArgs) {
  const { id } = parseOrThrow(paramsSchema, params, "Subcategoria inválida");
  const subcategory = getSubcategory(id);
  if (!subcategory) return jsonError(404, CATEGORY_MESSAGES.subcategoryNotFound);
  return Response.json(subcategory);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("GET, PUT, DELETE");
  await requireAdmin(request);
  const { id } = parseOrThrow(paramsSchema, params, "Subcategoria inválida");
  const current = getSubcategory(id);
  if (!current) return jsonError(404, CATEGORY_MESSAGES.subcategoryNotFound);

  if (request.method === "DELETE") {
    const outcome = deleteSubcategory(id);
    if (!outcome.ok) return jsonError(outcome.status, outcome.message);
    return Response.json({ message: CATEGORY_MESSAGES.subcategoryDeleted, ...outcome.value }, { headers: NO_STORE });
  }

  const body = await readJsonObject(request);
  const { name, description, categoryId, isActive } = current;
  const input = parseBodyOrThrow(subcategorySchema, { name, description, categoryId, isActive, ...body });
  const outcome = updateSubcategory(id, input);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json(outcome.value, { headers: NO_STORE });
}
