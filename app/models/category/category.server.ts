import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { keptUntilReferenceChanges } from "~/db/reference-version.server";
import { categories, characteristics, subcategories } from "~/db/schema";

function categoriesQuery(includeInactive: boolean) {
  return db
    .select()
    .from(categories)
    .where(includeInactive ? undefined : eq(categories.isActive, true))
    .orderBy(asc(categories.name));
}

function subcategoriesQuery(includeInactive: boolean) {
  return db
    .select()
    .from(subcategories)
    .where(includeInactive ? undefined : eq(subcategories.isActive, true))
    .orderBy(asc(subcategories.name));
}

// The public pages list the active ones on every request: kept in memory until an admin changes them.
const activeCategories = keptUntilReferenceChanges(() => categoriesQuery(false).all());
const activeSubcategories = keptUntilReferenceChanges(() => subcategoriesQuery(false).all());

export function listCategories({ includeInactive = false } = {}) {
  if (includeInactive) return categoriesQuery(true).all();
  return activeCategories();
}

export function getCategory(id: number) {
  return db.select().from(categories).where(eq(categories.id, id)).get() ?? null;
}

export function listSubcategories({ categoryId, includeInactive = false }: { categoryId?: number; includeInactive?: boolean } = {}) {
  if (categoryId === undefined && !includeInactive) {
    return activeSubcategories();
  }
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
