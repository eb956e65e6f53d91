/**
 * One icon from the sprite file (app/assets/icons.svg, see icon-names.ts). The sprite is a fingerprinted
 * asset cached for a year, so pages carry a short <use> per icon and no icon drawings in their
 * JavaScript or HTML. The stroke style is the `.icon` rule of tailwind.css and the 24×24 viewBox is the
 * symbol's, so each icon is ~120 bytes of HTML (a list page draws dozens). Decorative: label the
 * button or link around it instead.
 */
import spriteHref from "~/assets/icons.svg?url";
import type { IconName } from "./icon-names";

export type { IconName };

export function Icon({ name, className = "h-5 w-5", strokeWidth }: { name: IconName; className?: string; strokeWidth?: number }) {
  return (
    <svg aria-hidden="true" className={className ? `icon ${className}` : "icon"} style={strokeWidth ? { strokeWidth } : undefined}>
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
