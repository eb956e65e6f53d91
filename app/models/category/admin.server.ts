/**
 * The admin's writes on categories, subcategories and characteristics (spec 02 §7), shared by the
 * admin pages and the JSON API. Input is already validated by the schemas of ./category-form.ts.
 *
 * Rules kept here and nowhere else:
 * - names are unique (a category's among categories, a subcategory's and a characteristic's within
 *   their category), compared without regard to case;
 * - deleting a category removes its subcategories and characteristics (spec 02 §3), but a category or
 *   a subcategory that ads still use is never deleted (409): ads would be orphaned or lose their
 *   classification. Deactivating hides it from new ads instead;
 * - renaming a characteristic moves the values ads hold under the old name to the new one.
 *
 * Every check and its write run in one IMMEDIATE transaction, so an ad created by another worker in
 * between cannot slip past the in-use check. The public pages keep the active lists in memory under a
 * version that triggers bump on every write (db/reference-version.server.ts), so changes show at once
 * in every worker.
 */
import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { db, writeTransaction } from "~/db/client.server";
import { ads, categories, characteristics, subcategories } from "~/db/schema";
import {
  CATEGORY_MESSAGES,
  normaliseCharacteristic,
  type CategoryInput,
  type CharacteristicInput,
  type SubcategoryInput,
} from "~/models/category/category-form";

export type Refusal = { ok: false; status: 404 | 409; message: string; field?: string };
export type Outcome<T> = { ok: true; value: T } | Refusal;

const sameName = (column: AnySQLiteColumn, name: string) => sql`lower(${column}) = lower(${name})`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

// ---------------------------------------------------------------------------------------------
// Reads for the admin screens
// ---------------------------------------------------------------------------------------------

/** Every category (active or not) with how many subcategories, characteristics and ads it has. */
export function listCategoriesForAdmin() {
  const subCounts = db
    .select({ categoryId: subcategories.categoryId, n: count().as("sub_n") })
    .from(subcategories)
    .groupBy(subcategories.categoryId)
    .as("sub_counts");
  const charCounts = db
    .select({ categoryId: characteristics.categoryId, n: count().as("char_n") })
    .from(characteristics)
    .groupBy(characteristics.categoryId)
    .as("char_counts");
  const adCounts = db.select({ categoryId: ads.categoryId, n: count().as("ad_n") }).from(ads).groupBy(ads.categoryId).as("ad_counts");
  return db
    .select({
      id: categories.id,
      name: categories.name,
      label: categories.label,
      description: categories.description,
      icon: categories.icon,
      isActive: categories.isActive,
      subcategoryCount: sql<number>`coalesce(${subCounts.n}, 0)`,
      characteristicCount: sql<number>`coalesce(${charCounts.n}, 0)`,
      adCount: sql<number>`coalesce(${adCounts.n}, 0)`,
    })
    .from(categories)
    .leftJoin(subCounts, eq(subCounts.categoryId, categories.id))
    .leftJoin(charCounts, eq(charCounts.categoryId, categories.id))
    .leftJoin(adCounts, eq(adCounts.categoryId, categories.id))
    .orderBy(asc(categories.name))
    .all();
}

/** The subcategories of a category (active or not) with how many ads use each. */
export function listSubcategoriesForAdmin(categoryId: number) {
  const adCounts = db
    .select({ subcategoryId: ads.subcategoryId, n: count().as("ad_n") })
    .from(ads)
    .where(eq(ads.categoryId, categoryId))
    .groupBy(ads.subcategoryId)
    .as("ad_counts");
  return db
    .select({
      id: subcategories.id,
      name: subcategories.name,
      description: subcategories.description,
      isActive: subcategories.isActive,
      categoryId: subcategories.categoryId,
      adCount: sql<number>`coalesce(${adCounts.n}, 0)`,
    })
    .from(subcategories)
    .leftJoin(adCounts, eq(adCounts.subcategoryId, subcategories.id))
    .where(eq(subcategories.categoryId, categoryId))
    .orderBy(asc(subcategories.name))
    .all();
}

/** How many ads (any status) are in the category: while any are, it cannot be deleted. */
export function countAdsInCategory(categoryId: number): number {
  return db.select({ n: count() }).from(ads).where(eq(ads.categoryId, categoryId)).get()?.n ?? 0;
}

export function getCharacteristic(id: number) {
  return db.select().from(characteristics).where(eq(characteristics.id, id)).get() ?? null;
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

function categoryNameTaken(tx: Pick<typeof db, "select">, name: string, exceptId?: number) {
  return Boolean(
    tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(sameName(categories.name, name), exceptId === undefined ? undefined : ne(categories.id, exceptId)))
      .get(),
  );
}

const categoryTaken: Refusal = { ok: false, status: 409, message: "Já existe uma categoria com este nome", field: "name" };

export function createCategory(input: CategoryInput): Outcome<typeof categories.$inferSelect> {
  return writeTransaction((tx) => {
    if (categoryNameTaken(tx, input.name)) return categoryTaken;
    const row = tx
      .insert(categories)
      .values({
        name: input.name,
        label: input.label,
        description: input.description,
        icon: input.icon ?? "home",
        isActive: input.isActive ?? true,
      })
      .returning()
      .get();
    return { ok: true as const, value: row };
  });
}

/** Replaces the category's fields; `isActive` undefined keeps it as it is. */
export function updateCategory(id: number, input: CategoryInput): Outcome<typeof categories.$inferSelect> {
  return writeTransaction((tx) => {
    const current = tx.select().from(categories).where(eq(categories.id, id)).get();
    if (!current) return { ok: false as const, status: 404 as const, message: CATEGORY_MESSAGES.categoryNotFound };
    if (categoryNameTaken(tx, input.name, id)) return categoryTaken;
    const row = tx
      .update(categories)
      .set({
        name: input.name,
        label: input.label,
        description: input.description,
        icon: input.icon ?? current.icon,
        isActive: input.isActive ?? current.isActive,
      })
      .where(eq(categories.id, id))
      .returning()
      .get();
    return { ok: true as const, value: row! };
  });
}

export type CategoryDeletion = { id: number; name: string; subcategories: number; characteristics: number };

/** Deletes a category with its subcategories and characteristics; refused (409) while ads use it. */
export function deleteCategory(id: number): Outcome<CategoryDeletion> {
  return writeTransaction((tx) => {
    const current = tx.select({ id: categories.id, name: categories.name }).from(categories).where(eq(categories.id, id)).get();
    if (!current) return { ok: false as const, status: 404 as const, message: CATEGORY_MESSAGES.categoryNotFound };
    const used = tx.select({ n: count() }).from(ads).where(eq(ads.categoryId, id)).get()?.n ?? 0;
    if (used > 0) {
      return {
        ok: false as const,
        status: 409 as const,
        message: `Não é possível excluir a categoria "${current.name}": ${plural(used, "anúncio usa", "anúncios usam")} esta categoria. Desative-a para que não receba novos anúncios.`,
      };
    }
    const subs = tx.select({ n: count() }).from(subcategories).where(eq(subcategories.categoryId, id)).get()?.n ?? 0;
    const chars = tx.select({ n: count() }).from(characteristics).where(eq(characteristics.categoryId, id)).get()?.n ?? 0;
    // The foreign keys cascade, but say it here too: the rule does not depend on the schema's ON DELETE.
    tx.delete(subcategories).where(eq(subcategories.categoryId, id)).run();
    tx.delete(characteristics).where(eq(characteristics.categoryId, id)).run();
    tx.delete(categories).where(eq(categories.id, id)).run();
    return { ok: true as const, value: { id, name: current.name, subcategories: subs, characteristics: chars } };
  });
}

// ---------------------------------------------------------------------------------------------
// Subcategories
// ---------------------------------------------------------------------------------------------

const subcategoryTaken: Refusal = { ok: false, status: 409, message: "Já existe uma subcategoria com este nome nesta categoria", field: "name" };
const noCategory: Refusal = { ok: false, status: 404, message: CATEGORY_MESSAGES.categoryNotFound, field: "categoryId" };

function subcategoryNameTaken(tx: Pick<typeof db, "select">, categoryId: number, name: string, exceptId?: number) {
  return Boolean(
    tx
      .select({ id: subcategories.id })
      .from(subcategories)
      .where(
        and(
          eq(subcategories.categoryId, categoryId),
          sameName(subcategories.name, name),
          exceptId === undefined ? undefined : ne(subcategories.id, exceptId),
        ),
      )
      .get(),
  );
}

function categoryExists(tx: Pick<typeof db, "select">, id: number) {
  return Boolean(tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).get());
}

export function createSubcategory(input: SubcategoryInput): Outcome<typeof subcategories.$inferSelect> {
  return writeTransaction((tx) => {
    if (!categoryExists(tx, input.categoryId)) return noCategory;
    if (subcategoryNameTaken(tx, input.categoryId, input.name)) return subcategoryTaken;
    const row = tx
      .insert(subcategories)
      .values({ name: input.name, description: input.description, categoryId: input.categoryId, isActive: input.isActive ?? true })
      .returning()
      .get();
    return { ok: true as const, value: row };
  });
}

/** Moving a subcategory to another category is refused while ads use it (they would disagree with their category). */
export function updateSubcategory(id: number, input: SubcategoryInput): Outcome<typeof subcategories.$inferSelect> {
  return writeTransaction((tx) => {
    const current = tx.select().from(subcategories).where(eq(subcategories.id, id)).get();
    if (!current) return { ok: false as const, status: 404 as const, message: CATEGORY_MESSAGES.subcategoryNotFound };
    if (input.categoryId !== current.categoryId) {
      if (!categoryExists(tx, input.categoryId)) return noCategory;
      const used = tx.select({ n: count() }).from(ads).where(eq(ads.subcategoryId, id)).get()?.n ?? 0;
      if (used > 0) {
        return {
          ok: false as const,
          status: 409 as const,
          message: `Não é possível mudar a categoria: ${plural(used, "anúncio usa", "anúncios usam")} esta subcategoria.`,
          field: "categoryId",
        };
      }
    }
    if (subcategoryNameTaken(tx, input.categoryId, input.name, id)) return subcategoryTaken;
    const row = tx
      .update(subcategories)
      .set({ name: input.name, description: input.description, categoryId: input.categoryId, isActive: input.isActive ?? current.isActive })
      .where(eq(subcategories.id, id))
      .returning()
      .get();
    return { ok: true as const, value: row! };
  });
}

/** Refused (409) while ads use the subcategory: the schema would quietly empty their subcategory. */
export function deleteSubcategory(id: number): Outcome<{ id: number; name: string; categoryId: number }> {
  return writeTransaction((tx) => {
    const current = tx.select().from(subcategories).where(eq(subcategories.id, id)).get();
    if (!current) return { ok: false as const, status: 404 as const, message: CATEGORY_MESSAGES.subcategoryNotFound };
    const used = tx.select({ n: count() }).from(ads).where(eq(ads.subcategoryId, id)).get()?.n ?? 0;
    if (used > 0) {
      return {
        ok: false as const,
        status: 409 as const,
        message: `Não é possível excluir a subcategoria "${current.name}": ${plural(used, "anúncio usa", "anúncios usam")} esta subcategoria. Desative-a para que não receba novos anúncios.`,
      };
    }
    tx.delete(subcategories).where(eq(subcategories.id, id)).run();
    return { ok: true as const, value: { id, name: current.name, categoryId: current.categoryId } };
  });
}

// ---------------------------------------------------------------------------------------------
// Characteristics
// ---------------------------------------------------------------------------------------------

const characteristicTaken: Refusal = {
  ok: false,
  status: 409,
  message: "Já existe uma característica com este nome nesta categoria",
  field: "name",
};

function characteristicNameTaken(tx: Pick<typeof db, "select">, categoryId: number, name: string, exceptId?: number) {
  return Boolean(
    tx
      .select({ id: characteristics.id })
      .from(characteristics)
      .where(
        and(
          eq(characteristics.categoryId, categoryId),
          sameName(characteristics.name, name),
          exceptId === undefined ? undefined : ne(characteristics.id, exceptId),
        ),
      )
      .get(),
  );
}

export function createCharacteristic(input: CharacteristicInput): Outcome<typeof characteristics.$inferSelect> {
  const values = normaliseCharacteristic(input);
  return writeTransaction((tx) => {
    if (!categoryExists(tx, values.categoryId)) return noCategory;
    if (characteristicNameTaken(tx, values.categoryId, values.name)) return characteristicTaken;
    const row = tx.insert(characteristics).values(values).returning().get();
    return { ok: true as const, value: row };
  });
}

export function updateCharacteristic(id: number, input: CharacteristicInput): Outcome<typeof characteristics.$inferSelect> {
  const values = normaliseCharacteristic(input);
  return writeTransaction((tx) => {
    const current = tx.select().from(characteristics).where(eq(characteristics.id, id)).get();
    if (!current) return { ok: false as const, status: 404 as const, message: CATEGORY_MESSAGES.characteristicNotFound };
    if (values.categoryId !== current.categoryId && !categoryExists(tx, values.categoryId)) return noCategory;
    if (characteristicNameTaken(tx, values.categoryId, values.name, id)) return characteristicTaken;
    const row = tx.update(characteristics).set(values).where(eq(characteristics.id, id)).returning().get();
    if (values.name !== current.name && values.categoryId === current.categoryId) {
      // Names hold no quote (the schema refuses it), so the JSON path needs no escaping.
      const from = `$."${current.name}"`;
      const to = `$."${values.name}"`;
      tx.run(sql`UPDATE ${ads} SET characteristics = json_set(json_remove(characteristics, ${from}), ${to}, json_extract(characteristics, ${from}))
        WHERE ${ads.categoryId} = ${current.categoryId} AND json_type(characteristics, ${from}) IS NOT NULL AND json_type(characteristics, ${to}) IS NULL`);
    }
    return { ok: true as const, value: row! };
  });
}

/** Ads keep the value they hold under this name (shown as a plain name and value from then on). */
export function deleteCharacteristic(id: number): Outcome<{ id: number; name: string; categoryId: number }> {
  return writeTransaction((tx) => {
    const current = tx.select().from(characteristics).where(eq(characteristics.id, id)).get();
    if (!current) return { ok: false as const, status: 404 as const, message: CATEGORY_MESSAGES.characteristicNotFound };
    tx.delete(characteristics).where(eq(characteristics.id, id)).run();
    return { ok: true as const, value: { id, name: current.name, categoryId: current.categoryId } };
  });
}
