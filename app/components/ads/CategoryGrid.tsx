import { Link } from "@remix-run/react";
import { CategoryIcon } from "~/components/CategoryIcon";

export type GridCategory = { id: number; name: string; icon: string };

/** The category icon grid of the home page and /categories; each links to /categories?category={id}. */
export function CategoryGrid({ categories, selectedId }: { categories: GridCategory[]; selectedId?: number }) {
  return (
    <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
      {categories.map((category) => {
        const selected = category.id === selectedId;
        return (
          <li key={category.id}>
            <Link
              to={`/categories?category=${category.id}`}
              aria-current={selected ? "true" : undefined}
              className={`flex h-full flex-col items-center gap-2 rounded-xl border p-3 text-center text-sm font-medium shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 ${
                selected
                  ? "border-brand-600 bg-brand-50 text-brand-800"
                  : "border-slate-200 bg-white text-slate-700 hover:border-brand-300 hover:text-brand-800"
              }`}
            >
              <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <CategoryIcon icon={category.icon} className="h-6 w-6" />
              </span>
              {category.name}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
