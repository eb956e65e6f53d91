import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
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

// The public pages list the active ones on every request: their SQL is built once (building it with
// Drizzle costs more than running it), on first use, when the database is surely migrated.
let activeCategories: ReturnType<ReturnType<typeof categoriesQuery>["prepare"]> | undefined;
let activeSubcategories: ReturnType<ReturnType<typeof subcategoriesQuery>["prepare"]> | undefined;

export function listCategories({ includeInactive = false } = {}) {
  if (includeInactive) return categoriesQuery(true).all();
  activeCategories ??= categoriesQuery(false).prepare();
  return activeCategories.all();
}

export function getCategory(id: number) {
  return db.select().from(categories).where(eq(categories.id, id)).get() ?? null;
}

export function listSubcategories({ categoryId, includeInactive = false }: { categoryId?: number; includeInactive?: boolean } = {}) {
  if (categoryId === undefined && !includeInactive) {
    activeSubcategories ??= subcategoriesQuery(false).prepare();
    return activeSubcategories.all();
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
