import { listCategories } from "~/models/category.server";

export function loader() {
  return Response.json(listCategories());
}
