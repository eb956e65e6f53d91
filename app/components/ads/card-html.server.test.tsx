import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CardAd } from "~/models/ad/ad";
import { AdCard } from "./AdCard";
import { cardHtml } from "./card-html.server";

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
