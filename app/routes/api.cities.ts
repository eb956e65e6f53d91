import { listCities } from "~/models/city/city.server";

export function loader() {
  return Response.json(listCities());
}
