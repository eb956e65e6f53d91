/**
 * A select under its label, as the filter forms (the dashboard's, the admin's) draw it, and the
 * category options they all list.
 */
import type { SelectHTMLAttributes } from "react";
import { inputClass } from "~/components/ad-form/fields";

export function LabelledSelect({
  label,
  className,
  ...select
}: { id: string; label: string; className?: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "className">) {
  return (
    <div className={className}>
      <label htmlFor={select.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select {...select} className={inputClass(false)} />
    </div>
  );
}

/** One option a category, its id as the value. */
export function CategoryOptions({ categories }: { categories: { id: number; name: string }[] }) {
  return categories.map((category) => (
    <option key={category.id} value={category.id}>
      {category.name}
    </option>
  ));
}
