/**
 * A plain left click: no other button, no modifier key. Anything else on a link (a new tab, a new
 * window, a download) belongs to the browser, so a handler that takes over a link's click checks this first.
 */
export function isPlainLeftClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
