import { describe, expect, it } from "vitest";
import type { CardAd } from "~/models/ad/ad";
import { CARDS_IN_HTML, cardForRender, pageCards } from "./page-cards.server";

const card = (id: number): CardAd => ({
  id,
  title: `Anúncio ${id}`,
  description: "Descrição",
  price: "100.00",
  adType: "Vender",
  whatsapp: "(34) 9 9999-0000",
  city: "Patos de Minas",
  state: "MG",
  createdAt: "2026-12-01T12:00:00.000Z",
  views: 0,
  category: { name: "Veículos" },
  images: [],
});

describe("a list page's cards", () => {
  it("travel by id in a document's data, and whole to its render", () => {
    const context = { [CARDS_IN_HTML]: new Map() };
    const cards = [card(1), card(2)];
    const shown = pageCards(context, "featured", cards);
    expect(shown).toEqual([{ id: 1, inHtml: "featured" }, { id: 2, inHtml: "featured" }]);
    expect(shown.map((one) => cardForRender(context, one))).toEqual(cards);
  });

  it("keep an ad that is in two lists of a page as each list's own card", () => {
    const context = { [CARDS_IN_HTML]: new Map() };
    const recent = card(1);
    const featured = { ...card(1), views: 40 };
    const [inRecent] = pageCards(context, "recent", [recent]);
    const [inFeatured] = pageCards(context, "featured", [featured]);
    expect(cardForRender(context, inRecent!)).toBe(recent);
    expect(cardForRender(context, inFeatured!)).toBe(featured);
  });

  it("travel whole in a data request's answer (a client-side navigation renders them), and outside a request", () => {
    const cards = [card(3)];
    expect(pageCards({}, "results", cards)).toEqual(cards);
    expect(pageCards({ [CARDS_IN_HTML]: undefined }, "results", cards)).toEqual(cards);
    expect(cardForRender({}, cards[0]!)).toBe(cards[0]);
  });

  it("refuses to render a card named by id that no loader of the request kept", () => {
    expect(() => cardForRender({ [CARDS_IN_HTML]: new Map() }, { id: 9, inHtml: "results" })).toThrow(/card 9/);
  });
});
