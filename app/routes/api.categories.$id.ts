/**
 * GET /api/categories/{id} (public). PUT (admins): the fields to change, the others kept → the
 * category. DELETE (admins): removes it with its subcategories and characteristics → {message, …};
 * 409 while ads use it (they are never orphaned or deleted with it).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { deleteCategory, updateCategory } from "~/models/category/admin.server";
import { getCategory } from "~/models/category/category.server";
import { CATEGORY_MESSAGES, categorySchema } from "~/models/category/category-form";
import { requireAdmin } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseBodyOrThrow, parseOrThrow, readJsonObject } from "~/web/http.server";

const paramsSchema = z.object({ id: idSchema });

export function loader({ params }: LoaderFunctionArgs) {
  const { id } = parseOrThrow(paramsSchema, params, "Categoria inválida");
  const category = getCategory(id);
  if (!category) return jsonError(404, CATEGORY_MESSAGES.categoryNotFound);
  return Response.json(category);
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed("GET, PUT, DELETE");
  await requireAdmin(request);
  const { id } = parseOrThrow(paramsSchema, params, "Categoria inválida");
  const current = getCategory(id);
  if (!current) return jsonError(404, CATEGORY_MESSAGES.categoryNotFound);

  if (request.method === "DELETE") {
    const outcome = deleteCategory(id);
    if (!outcome.ok) return jsonError(outcome.status, outcome.message);
    return Response.json({ message: CATEGORY_MESSAGES.categoryDeleted, ...outcome.value }, { headers: NO_STORE });
  }

  const body = await readJsonObject(request);
  const { name, label, description, icon, isActive } = current;
  const input = parseBodyOrThrow(categorySchema, { name, label, description, icon, isActive, ...body });
  const outcome = updateCategory(id, input);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json(outcome.value, { headers: NO_STORE });
}
