import { useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useHydrated } from "~/components/use-hydrated";
import { isCardInHtml, type PageCard } from "~/models/ad/ad";

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
  const asked = useRef(false);
  useEffect(() => {
    if (!lost || asked.current) return;
    asked.current = true;
    revalidate();
  }, [lost, revalidate]);
  return lost;
}
