import { listCities } from "~/models/city.server";

export function loader() {
  return Response.json(listCities());
}
