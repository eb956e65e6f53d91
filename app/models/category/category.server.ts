import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { categories, characteristics, subcategories } from "~/db/schema";

export function listCategories({ includeInactive = false } = {}) {
  return db
    .select()
    .from(categories)
    .where(includeInactive ? undefined : eq(categories.isActive, true))
    .orderBy(asc(categories.name))
    .all();
}

export function getCategory(id: number) {
  return db.select().from(categories).where(eq(categories.id, id)).get() ?? null;
}

export function listSubcategories({ categoryId, includeInactive = false }: { categoryId?: number; includeInactive?: boolean } = {}) {
  return db
    .select()
    .from(subcategories)
    .where(
      and(
        categoryId === undefined ? undefined : eq(subcategories.categoryId, categoryId),
        includeInactive ? undefined : eq(subcategories.isActive, true),
      ),
    )
    .orderBy(asc(subcategories.name))
    .all();
}

export function listCharacteristics(categoryId: number) {
  return db
    .select()
    .from(characteristics)
    .where(eq(characteristics.categoryId, categoryId))
    .orderBy(asc(characteristics.id))
    .all();
}

export function getSubcategory(id: number) {
  return db.select().from(subcategories).where(eq(subcategories.id, id)).get() ?? null;
}
