/**
 * 'Favoritos', the browser-safe half: the limit, the messages and the shapes the heart, /favoritos and
 * the action share. No zod here: the heart is on every list page. Rules: ./favourites.server.ts.
 */
import type { CardAd } from "~/models/ad/ad";

/** How many ads a visitor may keep, in the cookie or on the account (the cookie must stay small). */
export const MAX_FAVOURITES = 100;

export const FAVOURITE_INTENTS = ["add", "remove"] as const;
export type FavouriteIntent = (typeof FAVOURITE_INTENTS)[number];

export const FAVOURITE_MESSAGES = {
  added: "Anúncio salvo nos favoritos",
  removed: "Anúncio removido dos favoritos",
  full: `Você já tem ${MAX_FAVOURITES} favoritos. Remova algum para salvar este.`,
  unavailable: "Este anúncio não está disponível para salvar.",
  invalid: "Não foi possível entender o pedido. Recarregue a página e tente de novo.",
  failedTitle: "Não foi possível salvar",
} as const;

/** The answer of POST /favoritos to the heart's fetcher (with JavaScript). */
export type FavouriteAnswer = { ok: true; adId: number; favourite: boolean } | { ok: false; message: string };

/**
 * A card on /favoritos: an ad that ended (paused, expired, removed from view) stays, greyed, without
 * contact; `sold` when its owner marked it 'Vendido', so the buyer learns it sold (and its page, a 410,
 * still shows what it was).
 */
export type FavouriteCard = CardAd & { available: boolean; sold: boolean };
