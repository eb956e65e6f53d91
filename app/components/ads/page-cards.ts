import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { isCardInHtml, type PageCard } from "~/models/ad/ad";

/**
 * Set while the page's data is asked again for cards whose HTML was lost. A page that loses them again on
 * its next load does not ask once more: offline, the service worker answers that request by reloading its
 * kept copy, which would lose them again, and again.
 */
const ASKED_AGAIN_KEY = "classificados:cartoes-pedidos-de-novo";
const askedAgain = {
  has: () => attempt(() => sessionStorage.getItem(ASKED_AGAIN_KEY) === location.pathname + location.search),
  set: () => attempt(() => sessionStorage.setItem(ASKED_AGAIN_KEY, location.pathname + location.search)),
  clear: () => attempt(() => sessionStorage.removeItem(ASKED_AGAIN_KEY)),
};
/** Storage may be refused (a private window, a full quota): then nothing is remembered. */
function attempt<T>(step: () => T): T | undefined {
  try {
    return step();
  } catch {
    return undefined;
  }
}
/** Once per page load, whichever list notices first (the home page has two). */
let askedThisLoad = false;

/**
 * A document's list cards are in its HTML, and its data names them by id only (PageCard, models/ad/ad.ts):
 * the browser leaves their HTML as the server sent it, and a slow phone neither downloads them twice nor
 * hydrates them. This says whether the cards a list holds by id have no HTML here: the list was first
 * rendered in the browser, not hydrated (React rendered the page anew after a failed hydration). The
 * page's data is then asked again, once, and comes whole; meanwhile the list shows none of those cards.
 */
export function useCardsHtmlLost(cards: readonly PageCard[]): boolean {
  const hydrated = useHydrated();
  const [hydratedFromServer] = useState(!hydrated);
  const lost = !hydratedFromServer && cards.some(isCardInHtml);
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (!lost) return void askedAgain.clear();
    if (askedThisLoad || askedAgain.has()) return;
    askedThisLoad = true;
    askedAgain.set();
    revalidate();
  }, [lost, revalidate]);
  return lost;
}
