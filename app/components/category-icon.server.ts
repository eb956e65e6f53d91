/**
 * The category grid's icons are resolved on the server (`categoryIconName`, CategoryIcon.tsx): a list
 * page's loader imports it from here, a server-only module, so the key-to-icon table never reaches
 * those pages' JavaScript.
 */
import type { GridCategory } from "./ads/CategoryGrid";
import { categoryIconName } from "./CategoryIcon";

export { categoryIconName };

/** The categories as the list pages' grid draws them: name and sprite icon. */
export function gridCategories(categories: { id: number; name: string; icon: string | null }[]): GridCategory[] {
  return categories.map(({ id, name, icon }) => ({ id, name, icon: categoryIconName(icon) }));
}
