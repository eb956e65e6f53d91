import { useNavigate } from "@remix-run/react";
import { useCallback, type MouseEvent } from "react";
import { isPlainLeftClick } from "~/lib/plain-click";

/**
 * One click handler for a list of plain `<a href>` links: a plain left click becomes Remix's client-side
 * navigation, as `<Link>` does, and anything else (a modifier key, another button, a link opening
 * elsewhere) is left to the browser. Put it on the list (`<ul onClick={…}>`): a page with many links,
 * such as the category chips on every list page, then renders plain anchors instead of one `<Link>` and
 * its hooks per link (~5 µs each on the server). Before hydration and without JavaScript the anchors are
 * ordinary links.
 */
export function useInAppLinks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || !isPlainLeftClick(event)) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || !event.currentTarget.contains(link)) return;
      if (link.target || link.hasAttribute("download") || link.origin !== window.location.origin) return;
      event.preventDefault();
      const to = link.pathname + link.search + link.hash;
      // As <Link> does: following a link to the page already shown replaces it in the history.
      const here = window.location.pathname + window.location.search + window.location.hash;
      navigate(to, { replace: to === here });
    },
    [navigate],
  );
}
