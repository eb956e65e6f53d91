import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { parseOrThrow, searchParamsOf } from "~/web/http.server";
import { listSubcategories } from "~/models/category/category.server";

const querySchema = z.object({ categoryId: idSchema.optional() });

export function loader({ request }: LoaderFunctionArgs) {
  const { categoryId } = parseOrThrow(querySchema, searchParamsOf(request), "Categoria inválida");
  return Response.json(listSubcategories({ categoryId }));
}
