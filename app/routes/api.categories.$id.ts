import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema, jsonError, parseOrThrow } from "~/lib/http.server";
import { getCategory } from "~/models/category.server";

export function loader({ params }: LoaderFunctionArgs) {
  const { id } = parseOrThrow(z.object({ id: idSchema }), params, "Categoria inválida");
  const category = getCategory(id);
  if (!category) return jsonError(404, "Categoria não encontrada");
  return Response.json(category);
}
