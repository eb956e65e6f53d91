/**
 * The public pages' categories, subcategories and cities are kept in memory (db/reference-version.server.ts):
 * every change must still show at once, whether made here or by another worker's connection.
 */
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db, sqlite } from "~/db/client.server";
import { categories, cities, subcategories } from "~/db/schema";
import { createCategory, deleteCategory, updateCategory, updateSubcategory } from "~/models/category/admin.server";
import { listCategories, listSubcategories } from "~/models/category/category.server";
import { categorySchema, subcategorySchema } from "~/models/category/category-form";
import { listCities } from "~/models/city/city.server";

/** Another process's connection to the same database, as a second web worker has. */
const otherWorker = new Database(sqlite.name);
afterAll(() => otherWorker.close());

describe("reference data kept in memory", () => {
  it("hands the same list to every request while nothing changes", () => {
    expect(listCategories()).toBe(listCategories());
    expect(listSubcategories()).toBe(listSubcategories());
    expect(listCities()).toBe(listCities());
  });

  it("shows an admin's new, renamed, deactivated and deleted category at once", () => {
    const created = createCategory(categorySchema.parse({ name: "Coleções", isActive: "on" }));
    if (!created.ok) throw new Error(created.message);
    expect(listCategories().map((c) => c.name)).toContain("Coleções");

    expect(updateCategory(created.value.id, categorySchema.parse({ name: "Colecionáveis", isActive: "on" })).ok).toBe(true);
    expect(listCategories().map((c) => c.name)).toContain("Colecionáveis");
    expect(listCategories().map((c) => c.name)).not.toContain("Coleções");

    expect(updateCategory(created.value.id, categorySchema.parse({ name: "Colecionáveis", isActive: false })).ok).toBe(true);
    expect(listCategories().map((c) => c.id)).not.toContain(created.value.id);

    expect(deleteCategory(created.value.id).ok).toBe(true);
    expect(db.select().from(categories).where(eq(categories.id, created.value.id)).get()).toBeUndefined();
    expect(listCategories().map((c) => c.id)).not.toContain(created.value.id);
  });

  it("shows a deactivated subcategory leaving at once", () => {
    const subcategory = listSubcategories()[0]!;
    expect(updateSubcategory(subcategory.id, subcategorySchema.parse({ name: subcategory.name, categoryId: subcategory.categoryId, isActive: false })).ok).toBe(true);
    expect(listSubcategories().map((s) => s.id)).not.toContain(subcategory.id);
    db.update(subcategories).set({ isActive: true }).where(eq(subcategories.id, subcategory.id)).run();
    expect(listSubcategories().map((s) => s.id)).toContain(subcategory.id);
  });

  it("shows a change written by another worker at that worker's next request", () => {
    const city = listCities().find((c) => c.name === "Tiros")!;
    otherWorker.prepare("UPDATE cities SET name = 'Tiros (MG)' WHERE id = ?").run(city.id);
    expect(listCities().find((c) => c.id === city.id)!.name).toBe("Tiros (MG)");
    otherWorker.prepare("UPDATE cities SET name = 'Tiros' WHERE id = ?").run(city.id);
    expect(listCities().find((c) => c.id === city.id)!.name).toBe("Tiros");

    const category = listCategories()[0]!;
    otherWorker.prepare("UPDATE categories SET is_active = 0 WHERE id = ?").run(category.id);
    expect(listCategories().map((c) => c.id)).not.toContain(category.id);
    db.update(categories).set({ isActive: true }).where(eq(categories.id, category.id)).run();
    expect(listCategories().map((c) => c.id)).toContain(category.id);
    expect(db.select().from(cities).where(eq(cities.id, city.id)).get()!.name).toBe("Tiros");
  });
});
