import { listCategories } from "~/models/category/category.server";

export function loader() {
  return Response.json(listCategories());
}
