import { useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { isCardInHtml, type PageCard } from "~/models/ad/ad";

/**
 * A document's list cards are in its HTML, and its data names them by id only (PageCard, models/ad/ad.ts):
 * the browser leaves their HTML as the server sent it, and a slow phone neither downloads them twice nor
 * hydrates them. This says whether the cards a list holds by id have no HTML here: the list was first
 * rendered in the browser, not hydrated (React rendered the page anew after a failed hydration). The list
 * then shows none of those cards and renders <AskForWholeCards />.
 */
export function useCardsHtmlLost(cards: readonly PageCard[]): boolean {
  const hydrated = useHydrated();
  const [hydratedFromServer] = useState(!hydrated);
  return !hydratedFromServer && cards.some(isCardInHtml);
}

/**
 * Noted while the page's data is asked again for cards whose HTML was lost, forgotten once they came. A
 * page that loses them again on its next load does not ask once more: offline, the service worker answers
 * that request by reloading its kept copy, which would lose them again, and again.
 */
const ASKED_AGAIN_KEY = "classificados:cartoes-pedidos-de-novo";
/** Once per page load, whichever list notices first (the home page has two). */
let askedThisLoad = false;

/** Whether this address asked again on an earlier load, noting that it asks now (storage refused: never). */
function askedOnEarlierLoad(): boolean {
  const here = location.pathname + location.search;
  try {
    if (sessionStorage.getItem(ASKED_AGAIN_KEY) === here) return true;
    sessionStorage.setItem(ASKED_AGAIN_KEY, here);
  } catch {
    // A private window or a full quota: nothing is remembered.
  }
  return false;
}

/**
 * Asks the page's data again, once, for a list whose cards lost their HTML (useCardsHtmlLost): it comes
 * whole. Rendered only then, so the lists do not follow the router's every state the rest of the time.
 */
export function AskForWholeCards() {
  const { revalidate } = useRevalidator();
  useEffect(() => {
    if (askedThisLoad || askedOnEarlierLoad()) return;
    askedThisLoad = true;
    revalidate();
    // Unmounted once the whole cards are shown (or the visitor has gone on): the note is no longer needed.
    return () => {
      try {
        sessionStorage.removeItem(ASKED_AGAIN_KEY);
      } catch {
        // Nothing was remembered.
      }
    };
  }, [revalidate]);
  return null;
}
