import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";

/**
 * The HTML of the kept parts that follow from their props alone (kept-part.tsx, `htmlFollowsProps`): the
 * category chips of the list pages, the home banner, /categories' filter panel, the footer, the ad page's
 * safety tips. Each is rendered once per name and props and then reused by every request, as the cards are
 * (card-html.server.tsx): React rendered the chips' ~60 elements on every list page (issue #35, item 3).
 * Rendered outside the page, such a part can read no router, request or clock: one that calls a router hook
 * throws here, on its first render.
 */
const MAX_KEPT_PER_PART = 200;
const keptByPart = new Map<string, Map<string, string>>();

export function keptPartHtml<P extends object>(name: string, Part: ComponentType<P>, props: P): string {
  let kept = keptByPart.get(name);
  if (!kept) keptByPart.set(name, (kept = new Map()));
  const key = JSON.stringify(props);
  let html = kept.get(key);
  if (html === undefined) {
    // Each part has its own room, emptied when full like the other kept HTML: the footer and the chips need
    // a few dozen entries, while the filter panel's props (any price typed) have no bound and must not push
    // them out.
    if (kept.size >= MAX_KEPT_PER_PART) kept.clear();
    html = renderToString(<Part {...props} />);
    kept.set(key, html);
  }
  return html;
}
