/**
 * The category grid's icons are resolved on the server (`categoryIconName`, CategoryIcon.tsx): a list
 * page's loader imports it from here, a server-only module, so the key-to-icon table never reaches
 * those pages' JavaScript.
 */
import type { GridCategory } from "./ads/CategoryGrid";
import { categoryIconName } from "./CategoryIcon";

export { categoryIconName };

type Category = { id: number; name: string; icon: string | null };

/** Per list of categories: the category lists are kept until the reference data changes (reference-version.server.ts). */
const grids = new WeakMap<readonly Category[], GridCategory[]>();

/**
 * The categories as the list pages' grid draws them: name and sprite icon. Worked out once per kept
 * list, not on every list page (issue #35, item 3); callers must not change the array.
 */
export function gridCategories(categories: readonly Category[]): GridCategory[] {
  let grid = grids.get(categories);
  if (!grid) grids.set(categories, (grid = categories.map(({ id, name, icon }) => ({ id, name, icon: categoryIconName(icon) }))));
  return grid;
}
