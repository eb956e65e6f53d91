/**
 * GET /api/subcategories (optional categoryId; public). POST (admins): {name, description, isActive,
 * categoryId} → 201 with the subcategory; 400/404/409 with a message; 401/403 for non-admins.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { optionalIdSchema } from "~/lib/id";
import { createSubcategory } from "~/models/category/admin.server";
import { listSubcategories } from "~/models/category/category.server";
import { subcategorySchema } from "~/models/category/category-form";
import { requireAdmin } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseOrThrow, readJsonBody, searchParamsOf } from "~/web/http.server";

const querySchema = z.object({ categoryId: optionalIdSchema });

export function loader({ request }: LoaderFunctionArgs) {
  const { categoryId } = parseOrThrow(querySchema, searchParamsOf(request), "Categoria inválida");
  return Response.json(listSubcategories({ categoryId }));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  await requireAdmin(request);
  const input = await readJsonBody(request, subcategorySchema);
  const outcome = createSubcategory(input);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json(outcome.value, { status: 201, headers: NO_STORE });
}
