import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { jsonError, parseOrThrow } from "~/web/http.server";
import { getCategory } from "~/models/category/category.server";

export function loader({ params }: LoaderFunctionArgs) {
  const { id } = parseOrThrow(z.object({ id: idSchema }), params, "Categoria inválida");
  const category = getCategory(id);
  if (!category) return jsonError(404, "Categoria não encontrada");
  return Response.json(category);
}
