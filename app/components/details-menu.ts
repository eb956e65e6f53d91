import type { KeyboardEvent } from "react";

/**
 * Escape closes the open <details> menu the key was pressed in and returns focus to its toggle (keyboard users
 * have no "outside" to click): on the header's menus, whether rendered in the browser or kept as the server sent
 * them (kept-part.tsx).
 */
export function closeMenuOnEscape(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== "Escape" || !(event.target instanceof Element)) return;
  const menu = event.target.closest("details[open]");
  if (!(menu instanceof HTMLDetailsElement)) return;
  menu.open = false;
  menu.querySelector("summary")?.focus();
}
