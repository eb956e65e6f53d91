import { renderToString } from "react-dom/server";
import type { CardAd } from "~/models/ad/ad";
import { AdCard } from "./AdCard";

/**
 * The HTML of an ad card, rendered once per card object and reused (ADR 016): the list pages' cards are
 * kept 5 s (listPublicCards), and every visitor of those seconds gets the same objects, so the server
 * renders each card once instead of once per request. Same component, same renderer as the page, so
 * the browser hydrates the cards against exactly what AdCard renders (AdList.tsx).
 */
const rendered = new WeakMap<CardAd, { eager: boolean; priority: boolean; html: string }>();

export function cardHtml(ad: CardAd, eager: boolean, priority: boolean): string {
  const kept = rendered.get(ad);
  if (kept && kept.eager === eager && kept.priority === priority) return kept.html;
  const html = renderToString(<AdCard ad={ad} eager={eager} priority={priority} />);
  rendered.set(ad, { eager, priority, html });
  return html;
}
