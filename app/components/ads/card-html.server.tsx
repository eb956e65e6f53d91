import { renderToString } from "react-dom/server";
import type { CardAd } from "~/models/ad/ad";
import { AdCard } from "./AdCard";
import type { HeartState } from "~/components/server-parts";
import { FavouriteHeart } from "./FavouriteButton";

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

/** The heart's state as FavouriteHeart reads it from useFavouriteHearts, fixed (no JavaScript runs on the server). */
const fixedHearts = ({ on, redirectTo }: HeartState) => ({ isOn: () => on, redirectTo, submit: () => {}, toast: undefined });

/**
 * A card's items kept at most (heart on or off × the addresses it is listed at), emptied when full:
 * ~2.6 KB each, so at the card pages' cap (listing.server.ts, 200 pages of 12) ≤ ~25 MB a worker,
 * a few hundred KB in practice (ADR 027, issue #35 amendment).
 */
const MAX_ITEM_VARIANTS = 4;
const items = new WeakMap<CardAd, Map<string, string>>();

/**
 * The inside of a list's `<li>`: the card's kept HTML and its heart, as AdList renders them in the
 * browser (`<div class="contents">` + `<FavouriteHeart>`), kept with the card object for each state of
 * the heart (issue #35, item 3). The hearts were 84 of the ~200 elements React rendered on every list
 * page for a visitor with a cookie; a heart depends only on the ad, whether this visitor likes it and
 * the page's address, so each variant is rendered once per kept page of cards.
 */
export function listItemHtml(ad: CardAd, eager: boolean, priority: boolean, heart: HeartState): string {
  let variants = items.get(ad);
  if (!variants) items.set(ad, (variants = new Map()));
  const key = `${eager}|${priority}|${heart.on}|${heart.className}|${heart.redirectTo ?? ""}`;
  let html = variants.get(key);
  if (html === undefined) {
    if (variants.size >= MAX_ITEM_VARIANTS) variants.clear();
    html = renderToString(
      <>
        <div className="contents" dangerouslySetInnerHTML={{ __html: cardHtml(ad, eager, priority) }} />
        <FavouriteHeart adId={ad.id} hearts={fixedHearts(heart)} className={heart.className} />
      </>,
    );
    variants.set(key, html);
  }
  return html;
}
