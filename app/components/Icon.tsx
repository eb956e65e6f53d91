/**
 * One icon from the sprite file (app/assets/icons.svg, see icon-names.ts). The sprite is a fingerprinted
 * asset cached for a year, so pages carry a short <use> per icon and no icon drawings in their
 * JavaScript or HTML. Decorative: label the button or link around it instead.
 */
import spriteHref from "~/assets/icons.svg";
import type { IconName } from "./icon-names";

export type { IconName };

export function Icon({ name, className = "h-5 w-5", strokeWidth = 2 }: { name: IconName; className?: string; strokeWidth?: number }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}
