/**
 * GET /api/categories: the active categories (public). POST (admins): {name, label, description, icon,
 * isActive} → 201 with the category; 400 with the first problem ('Nome deve ter pelo menos 2
 * caracteres'…), 409 for a name in use; 401 without a session, 403 for a non-admin.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { createCategory } from "~/models/category/admin.server";
import { listCategories } from "~/models/category/category.server";
import { categorySchema } from "~/models/category/category-form";
import { requireAdmin } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, readJsonBody } from "~/web/http.server";

export function loader() {
  return Response.json(listCategories());
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  await requireAdmin(request);
  const input = await readJsonBody(request, categorySchema);
  const outcome = createCategory(input);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json(outcome.value, { status: 201, headers: NO_STORE });
}
