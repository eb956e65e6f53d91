import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema, parseOrThrow, searchParamsOf } from "~/lib/http.server";
import { listSubcategories } from "~/models/category.server";

const querySchema = z.object({ categoryId: idSchema.optional() });

export function loader({ request }: LoaderFunctionArgs) {
  const { categoryId } = parseOrThrow(querySchema, searchParamsOf(request), "Categoria inválida");
  return Response.json(listSubcategories({ categoryId }));
}
