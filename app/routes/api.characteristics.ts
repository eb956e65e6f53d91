import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { idSchema } from "~/lib/id";
import { parseOrThrow, searchParamsOf } from "~/web/http.server";
import { listCharacteristics } from "~/models/category/category.server";

const querySchema = z.object({ categoryId: idSchema });

export function loader({ request }: LoaderFunctionArgs) {
  const { categoryId } = parseOrThrow(querySchema, searchParamsOf(request), "Informe uma categoria válida (categoryId)");
  return Response.json(listCharacteristics(categoryId));
}
