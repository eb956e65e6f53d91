import type { AppLoadContext } from "@remix-run/node";
import { isCardInHtml, type CardAd, type PageCard } from "~/models/ad/ad";

/**
 * The load context's share (server.ts): on a document request, a map the list loaders fill with the cards
 * the page's HTML shows, by id, for the render (entry.server.tsx); absent on a data request.
 */
export const CARDS_IN_HTML = "cardsInHtml";

export type CardsInHtml = Map<number, CardAd>;

const cardsInHtmlOf = (context: AppLoadContext): CardsInHtml | undefined => {
  const cards = context[CARDS_IN_HTML];
  return cards instanceof Map ? (cards as CardsInHtml) : undefined;
};

/**
 * A list's cards as a list loader returns them (components/ads/page-cards.ts): for a document, ids (the
 * cards kept for its render); for a data request, or outside a request (tests), the cards themselves.
 */
export function pageCards(context: AppLoadContext, cards: readonly CardAd[]): PageCard[] {
  const inHtml = cardsInHtmlOf(context);
  if (!inHtml) return [...cards];
  for (const card of cards) inHtml.set(card.id, card);
  return cards.map((card) => ({ id: card.id, inHtml: true }));
}

/** The render's view of a page card (entry.server.tsx): the whole card, kept for this request by pageCards. */
export function cardForRender(context: AppLoadContext, card: PageCard): CardAd {
  if (!isCardInHtml(card)) return card;
  const kept = cardsInHtmlOf(context)?.get(card.id);
  if (!kept) throw new Error(`card ${card.id} is named by id, but no list loader kept it for this render`);
  return kept;
}
