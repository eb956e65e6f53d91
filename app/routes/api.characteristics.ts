/**
 * GET /api/characteristics?categoryId= (public). POST (admins): {name, label, labelValueDefault, helper,
 * dataType, options (a list, or a comma-separated string), minValue, maxValue, charLimit, isRequired,
 * categoryId} → 201 with the characteristic; 400/404/409 with a message; 401/403 for non-admins.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { createCharacteristic } from "~/models/category/admin.server";
import { listCharacteristics } from "~/models/category/category.server";
import { characteristicSchema } from "~/models/category/category-form";
import { requireAdmin } from "~/web/auth.server";
import { jsonError, methodNotAllowed, NO_STORE, parseOrThrow, readJsonBody, searchParamsOf } from "~/web/http.server";

const querySchema = z.object({ categoryId: idSchema });

export function loader({ request }: LoaderFunctionArgs) {
  const { categoryId } = parseOrThrow(querySchema, searchParamsOf(request), "Informe uma categoria válida (categoryId)");
  return Response.json(listCharacteristics(categoryId));
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  await requireAdmin(request);
  const input = await readJsonBody(request, characteristicSchema);
  const outcome = createCharacteristic(input);
  if (!outcome.ok) return jsonError(outcome.status, outcome.message);
  return Response.json(outcome.value, { status: 201, headers: NO_STORE });
}
