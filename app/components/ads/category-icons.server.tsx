/**
 * Category icons rendered to SVG markup on the server. The grid on the public pages sends these
 * strings instead of shipping CategoryIcon's ~50-icon map to the browser (≈ 8 KB gzip of JavaScript
 * the home page would otherwise load only to draw a dozen static pictures).
 */
import { renderToStaticMarkup } from "react-dom/server";
import { CategoryIcon } from "~/components/CategoryIcon";

const cache = new Map<string, string>();

export function categoryIconSvg(icon: string | null | undefined, className = "h-6 w-6"): string {
  const key = `${icon ?? ""}|${className}`;
  let svg = cache.get(key);
  if (svg === undefined) {
    svg = renderToStaticMarkup(<CategoryIcon icon={icon} className={className} />);
    cache.set(key, svg);
  }
  return svg;
}

export function withIconSvg<T extends { icon: string }>(categories: T[], className?: string) {
  return categories.map((category) => ({ ...category, iconSvg: categoryIconSvg(category.icon, className) }));
}
