import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema, parseOrThrow, searchParamsOf } from "~/lib/http.server";
import { listCharacteristics } from "~/models/category.server";

const querySchema = z.object({ categoryId: idSchema });

export function loader({ request }: LoaderFunctionArgs) {
  const { categoryId } = parseOrThrow(querySchema, searchParamsOf(request), "Informe uma categoria válida (categoryId)");
  return Response.json(listCharacteristics(categoryId));
}
