/** Every city list the app serves (selects and GET /api/cities, the admin list) is in pt-BR order. */
import { describe, expect, it } from "vitest";
import { listCitiesForAdmin } from "~/models/city/admin.server";
import { sortCities } from "~/models/city/city";
import { listCities } from "~/models/city/city.server";

describe("city lists", () => {
  it.each([
    ["listCities (selects, /api/cities)", listCities],
    ["listCitiesForAdmin (/admin/cities)", listCitiesForAdmin],
  ])("%s: São Gonçalo do Abaeté comes before Serra do Salitre, and the whole list is collated", (_, list) => {
    const cities = list();
    const names = cities.map((city) => city.name);
    // Both are in the seed; SQLite's byte order listed Serra first.
    expect(names.indexOf("São Gonçalo do Abaeté")).toBeGreaterThanOrEqual(0);
    expect(names.indexOf("São Gonçalo do Abaeté")).toBeLessThan(names.indexOf("Serra do Salitre"));
    expect(cities).toEqual(sortCities(cities));
  });
});
