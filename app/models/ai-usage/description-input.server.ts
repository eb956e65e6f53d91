/** What the description helper is told about an ad being written: names and labels, not ids. */
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { categories, subcategories } from "~/db/schema";
import { DESCRIPTION_MAX } from "~/models/ad/ad-form";
import { characteristicDefinitions, type AdInput } from "~/models/ad/write.server";
import type { DescriptionInput } from "~/services/ai/description.server";

export function descriptionInputFor(input: AdInput): DescriptionInput {
  const category = db.select({ name: categories.name }).from(categories).where(eq(categories.id, input.categoryId)).get();
  const subcategory = input.subcategoryId
    ? db.select({ name: subcategories.name }).from(subcategories).where(eq(subcategories.id, input.subcategoryId)).get()
    : undefined;
  const definitions = characteristicDefinitions(input.categoryId);
  const characteristics: DescriptionInput["characteristics"] = {};
  for (const definition of definitions) {
    const value = input.characteristics[definition.name]?.trim();
    if (value) characteristics[definition.name] = { label: definition.label, value, dataType: definition.dataType };
  }
  return {
    adType: input.adType,
    categoryName: category?.name ?? "",
    subcategoryName: subcategory?.name ?? null,
    title: input.title || null,
    characteristics,
    customCharacteristics: input.customPairs.filter((pair) => pair.name && pair.value),
    whatsapp: input.whatsapp || null,
    maxLength: DESCRIPTION_MAX,
  };
}
