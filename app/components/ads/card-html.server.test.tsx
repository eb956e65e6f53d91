import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CardAd } from "~/models/ad/ad";
import { AdCard } from "./AdCard";
import { cardHtml, listItemHtml } from "./card-html.server";
import { FavouriteHeart } from "./FavouriteButton";

const ad: CardAd = {
  id: 7,
  title: "Bicicleta aro 29 <nova> & revisada",
  description: "Quadro de alumínio, 21 marchas, freio a disco. Acompanha capacete.",
  price: "1250.00",
  adType: "Vender",
  whatsapp: "(34) 9 9988-7766",
  city: "Patos de Minas",
  state: "MG",
  createdAt: "2026-11-20T13:00:00.000Z",
  views: 42,
  category: { name: "Esportes e Lazer" },
  images: [{ id: 3, publicId: "abc123" }],
  imageCount: 2,
};

describe("cardHtml", () => {
  it("is exactly what AdCard renders, so the browser hydrates it", () => {
    expect(cardHtml({ ...ad }, true, true)).toBe(renderToString(<AdCard ad={ad} eager priority />));
    expect(cardHtml({ ...ad }, false, false)).toBe(renderToString(<AdCard ad={ad} />));
  });

  it("renders a card object once, and again when its place in the list asks for other loading hints", () => {
    const card = { ...ad };
    const first = cardHtml(card, false, false);
    expect(cardHtml(card, false, false)).toBe(first);
    expect(cardHtml({ ...card, views: 43 }, false, false)).toContain(">43<");
    const eager = cardHtml(card, true, true);
    expect(eager).toContain('fetchpriority="high"');
    expect(first).toContain('loading="lazy"');
  });
});

describe("listItemHtml", () => {
  const heartsOf = (on: boolean, redirectTo: string | undefined) => ({ isOn: () => on, redirectTo, submit: () => {}, toast: undefined });
  /** What AdList renders inside an item in the browser, before hydration ends. */
  const inBrowser = (on: boolean, redirectTo: string | undefined, eager = false) =>
    renderToString(
      <>
        <div className="contents">
          <AdCard ad={ad} eager={eager} priority={eager} />
        </div>
        <FavouriteHeart adId={ad.id} hearts={heartsOf(on, redirectTo)} className="absolute left-4 top-4" />
      </>,
    );

  it("is exactly the card and the heart as the browser renders them, heart on or off, so it hydrates", () => {
    const card = { ...ad };
    expect(listItemHtml(card, false, false, { on: false, redirectTo: "/?cityId=1", className: "absolute left-4 top-4" })).toBe(inBrowser(false, "/?cityId=1"));
    expect(listItemHtml(card, true, true, { on: true, redirectTo: "/categories?search=bicicleta", className: "absolute left-4 top-4" })).toBe(
      inBrowser(true, "/categories?search=bicicleta", true),
    );
  });

  it("keeps one item per heart state: one visitor's liked heart is never another's", () => {
    const card = { ...ad };
    const off = listItemHtml(card, false, false, { on: false, redirectTo: "/", className: "absolute left-4 top-4" });
    const on = listItemHtml(card, false, false, { on: true, redirectTo: "/", className: "absolute left-4 top-4" });
    expect(off).toContain('aria-pressed="false"');
    expect(off).toContain('name="intent" value="add"');
    expect(on).toContain('aria-pressed="true"');
    expect(on).toContain('name="intent" value="remove"');
    expect(listItemHtml(card, false, false, { on: false, redirectTo: "/", className: "absolute left-4 top-4" })).toBe(off);
    // The form comes back to the page it was sent from.
    expect(listItemHtml(card, false, false, { on: false, redirectTo: "/categories?category=2", className: "absolute left-4 top-4" })).toContain(
      'name="redirectTo" value="/categories?category=2"',
    );
  });
});
