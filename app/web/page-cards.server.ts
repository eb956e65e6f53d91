import type { AppLoadContext } from "@remix-run/node";
import { isCardInHtml, type CardAd, type PageCard } from "~/models/ad/ad";

/**
 * The load context's share (server.ts): on a document request, a map the list loaders fill with the cards
 * the page's HTML shows, by id, for the render (entry.server.tsx); absent on a data request.
 */
export const CARDS_IN_HTML = "cardsInHtml";

export type CardsInHtml = Map<string, CardAd>;

/** Where a list's card is kept for the render: by list and id, since one ad may be in two lists of a page, as two cards. */
const keyOf = (list: string, id: number) => `${list}:${id}`;

const cardsInHtmlOf = (context: AppLoadContext): CardsInHtml | undefined => {
  const cards = context[CARDS_IN_HTML];
  return cards instanceof Map ? (cards as CardsInHtml) : undefined;
};

/**
 * A list's cards as a list loader returns them (PageCard, models/ad/ad.ts): for a document, ids and the
 * list's name (the cards kept for its render); for a data request, or outside a request (tests), the cards
 * themselves.
 */
export function pageCards(context: AppLoadContext, list: string, cards: readonly CardAd[]): PageCard[] {
  const inHtml = cardsInHtmlOf(context);
  if (!inHtml) return [...cards];
  for (const card of cards) inHtml.set(keyOf(list, card.id), card);
  return cards.map((card) => ({ id: card.id, inHtml: list }));
}

/** The render's view of a page card (entry.server.tsx): the whole card, kept for this request by pageCards. */
export function cardForRender(context: AppLoadContext, card: PageCard): CardAd {
  if (!isCardInHtml(card)) return card;
  const kept = cardsInHtmlOf(context)?.get(keyOf(card.inHtml, card.id));
  if (!kept) throw new Error(`card ${card.id} of "${card.inHtml}" is named by id, but no list loader kept it for this render`);
  return kept;
}
