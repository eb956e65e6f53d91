import { Icon, type IconName } from "~/components/Icon";

/** `icon`: the sprite icon, resolved from the category's key on the server (CategoryIcon.tsx `categoryIconName`), so the key table stays out of the page's JavaScript. */
export type GridCategory = { id: number; name: string; icon: IconName };

/**
 * The categories of the home page and /categories; each links to /categories?category={id}. On a
 * phone a single row of chips that scrolls sideways (the ads start right below); from sm up a grid of tiles.
 * Plain anchors, followed in the app by the kept part's wrapper (KeptCategoryGrid.tsx): as fast to follow
 * as `<Link>`s, and the same for every visitor, so the server renders them once per list of categories.
 */
export function CategoryGrid({ categories, selectedId }: { categories: GridCategory[]; selectedId?: number }) {
  return (
    <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-4 sm:gap-3 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-6">
      {categories.map((category) => (
        <li key={category.id} className="shrink-0">
          {/* Colours and sizes in tailwind.css (.cat-chip…), the chosen one by its aria-current. */}
          <a href={`/categories?category=${category.id}`} aria-current={category.id === selectedId ? "true" : undefined} className="cat-chip">
            <span className="cat-chip-icon">
              <Icon name={category.icon} className="" />
            </span>
            {category.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
