import { describe, expect, it } from "vitest";
import { loader as adPrice } from "~/routes/api.ad-price";
import { loader as categoryById } from "~/routes/api.categories.$id";
import { loader as categoriesList } from "~/routes/api.categories";
import { loader as characteristicsList } from "~/routes/api.characteristics";
import { loader as citiesList } from "~/routes/api.cities";
import { loader as settingByKey } from "~/routes/api.settings.$key";
import { loader as subcategoriesList } from "~/routes/api.subcategories";
import { callRoute } from "../support/route";

type Category = { id: number; name: string; icon: string; isActive: boolean };

async function firstCategory() {
  const response = await callRoute(categoriesList, "/api/categories");
  const list = (await response.json()) as Category[];
  return list[0]!;
}

describe("GET /api/categories", () => {
  it("lists the active categories with id, name and icon", async () => {
    const response = await callRoute(categoriesList, "/api/categories");
    expect(response.status).toBe(200);
    const list = (await response.json()) as Category[];
    expect(list.length).toBeGreaterThanOrEqual(8);
    for (const category of list) {
      expect(category).toMatchObject({ id: expect.any(Number), name: expect.any(String), icon: expect.any(String), isActive: true });
    }
  });
});

describe("GET /api/categories/{id}", () => {
  it("returns one category", async () => {
    const { id, name } = await firstCategory();
    const response = await callRoute(categoryById, `/api/categories/${id}`, { params: { id: String(id) } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id, name });
  });

  it("answers 404 'Categoria não encontrada' for an unknown id", async () => {
    const response = await callRoute(categoryById, "/api/categories/99999", { params: { id: "99999" } });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: "Categoria não encontrada" });
  });

  it.each(["abc", "0", "-1", "1.5"])("answers 400 for the id %s", async (id) => {
    const response = await callRoute(categoryById, `/api/categories/${id}`, { params: { id } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Categoria inválida" });
  });
});

describe("GET /api/subcategories", () => {
  it("lists every subcategory, each with its categoryId", async () => {
    const response = await callRoute(subcategoriesList, "/api/subcategories");
    const list = (await response.json()) as { categoryId: number; name: string }[];
    expect(response.status).toBe(200);
    expect(new Set(list.map((s) => s.categoryId)).size).toBeGreaterThan(1);
  });

  it("filters by categoryId", async () => {
    const { id } = await firstCategory();
    const response = await callRoute(subcategoriesList, `/api/subcategories?categoryId=${id}`);
    const list = (await response.json()) as { categoryId: number }[];
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((s) => s.categoryId === id)).toBe(true);
  });

  it("answers 400 for a categoryId that is not a number", async () => {
    const response = await callRoute(subcategoriesList, "/api/subcategories?categoryId=carros");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Categoria inválida", details: [expect.stringContaining("categoryId")] });
  });
});

describe("GET /api/characteristics", () => {
  it("lists the category's characteristics with their data type", async () => {
    const { id } = await firstCategory();
    const response = await callRoute(characteristicsList, `/api/characteristics?categoryId=${id}`);
    const list = (await response.json()) as { categoryId: number; dataType: string; name: string; label: string }[];
    expect(response.status).toBe(200);
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((c) => c.categoryId === id && ["text", "number", "date", "boolean", "select"].includes(c.dataType))).toBe(true);
  });

  it("requires categoryId", async () => {
    const response = await callRoute(characteristicsList, "/api/characteristics");
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: "Informe uma categoria válida (categoryId)" });
  });
});

describe("GET /api/cities", () => {
  it("lists cities with id, name and state, Patos de Minas - MG among them", async () => {
    const response = await callRoute(citiesList, "/api/cities");
    const list = (await response.json()) as { id: number; name: string; state: string }[];
    expect(response.status).toBe(200);
    expect(list).toContainEqual({ id: expect.any(Number), name: "Patos de Minas", state: "MG" });
    expect(list.every((city) => /^[A-Z]{2}$/.test(city.state) && city.name.length <= 30)).toBe(true);
  });
});

describe("the per-day price", () => {
  it("GET /api/ad-price answers {pricePerDay} with two decimals", async () => {
    const response = await callRoute(adPrice, "/api/ad-price");
    expect(await response.json()).toEqual({ pricePerDay: "2.50" });
  });

  it("GET /api/settings/ad_price_per_day answers its value", async () => {
    const response = await callRoute(settingByKey, "/api/settings/ad_price_per_day", { params: { key: "ad_price_per_day" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ key: "ad_price_per_day", value: "2.50" });
  });

  it("GET /api/settings/{unknown} answers 404", async () => {
    const response = await callRoute(settingByKey, "/api/settings/segredo", { params: { key: "segredo" } });
    expect(response.status).toBe(404);
  });
});
