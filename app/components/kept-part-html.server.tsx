import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";

/**
 * The HTML of the kept parts that follow from their props alone (kept-part.tsx, `htmlFollowsProps`): the
 * category chips of the list pages, the footer, the ad page's safety tips. Each is rendered once per name
 * and props and then reused by every request, as the cards are (card-html.server.tsx): React rendered the
 * chips' ~60 elements on every list page (issue #35, item 3). Rendered outside the page, such a part can
 * read no router, request or clock: one that calls a router hook throws here, on its first render.
 */
const MAX_KEPT = 200;
const kept = new Map<string, string>();

export function keptPartHtml<P extends object>(name: string, Part: ComponentType<P>, props: P): string {
  const key = `${name}\u0000${JSON.stringify(props)}`;
  let html = kept.get(key);
  if (html === undefined) {
    // A few dozen in practice (the chips once per chosen category): emptied when full, like the other kept HTML.
    if (kept.size >= MAX_KEPT) kept.clear();
    html = renderToString(<Part {...props} />);
    kept.set(key, html);
  }
  return html;
}
