/**
 * A price drop as the public sees it (issue #36, item 4): the old price struck through and "Baixou
 * R$ X" on the card and the page, while the ad's public JSON carries `previousPrice`. When a cut
 * counts and how long it shows are the server's (price-drop.server.ts); this module is what the
 * components need.
 */
import { formatBRL } from "~/lib/brl";

/** A cut counts when the new price is at least this much below the lowest price of the last PRICE_DROP_DAYS days. */
export const PRICE_DROP_MIN_PERCENT = 5;
/** The lowest price is taken over this many days, and a drop shows for as many. */
export const PRICE_DROP_DAYS = 7;

export const PRICE_DROP_MESSAGES = {
  switchLabel: "Avisos de queda de preço",
  switchHelp: "Receba um e-mail quando um anúncio que você salvou baixar de preço (no máximo um por anúncio e por dia).",
  switchOn: "Avisos de queda de preço ativados",
  switchOff: "Avisos de queda de preço desativados",
  badLink: "Link de cancelamento inválido.",
  unsubscribed: "Avisos de queda de preço cancelados",
  unsubscribedDescription: "Você não receberá mais e-mails quando um anúncio salvo baixar de preço. Para voltar a receber, ative-os em Minha conta.",
} as const;

/** Two-decimal prices as the JSON carries them ("1800.00") → cents. */
const centsOf = (price: string) => Math.round(Number(price) * 100);

/** "Baixou R$ 200,00": how much cheaper than the struck price. */
export function priceDropLabel(price: string, previousPrice: string): string {
  return `Baixou ${formatBRL(centsOf(previousPrice) - centsOf(price))}`;
}
