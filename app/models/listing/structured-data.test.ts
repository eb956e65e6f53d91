import { describe, expect, it } from "vitest";
import { adItemListJsonLd } from "./structured-data.server";

describe("adItemListJsonLd", () => {
  const ads = [
    { id: 7, title: "Fiat Strada 2019" },
    { id: 9, title: "Casa 3 quartos com área gourmet" },
  ];

  it("lists the ads in the order shown, each at its own page", () => {
    expect(adItemListJsonLd(ads, "https://patos.example", "Anúncios em Destaque")).toEqual({
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: "Anúncios em Destaque",
      itemListElement: [
        { "@type": "ListItem", position: 1, url: "https://patos.example/anuncio/7-fiat-strada-2019", name: "Fiat Strada 2019" },
        { "@type": "ListItem", position: 2, url: "https://patos.example/anuncio/9-casa-3-quartos-com-area-gourmet", name: "Casa 3 quartos com área gourmet" },
      ],
    });
  });

  it("is made once per kept page of cards, and again for another origin, title or page", () => {
    const first = adItemListJsonLd(ads, "https://patos.example", "Anúncios em Destaque");
    expect(adItemListJsonLd(ads, "https://patos.example", "Anúncios em Destaque")).toBe(first);
    const otherName = adItemListJsonLd(ads, "https://patos.example", "Veículos em Patos de Minas");
    expect(otherName).not.toBe(first);
    expect(otherName.name).toBe("Veículos em Patos de Minas");
    expect(adItemListJsonLd(ads, "http://127.0.0.1:3000", "Veículos em Patos de Minas").itemListElement).toContainEqual(
      expect.objectContaining({ url: "http://127.0.0.1:3000/anuncio/7-fiat-strada-2019" }),
    );
    expect(adItemListJsonLd([...ads], "https://patos.example", "Anúncios em Destaque")).not.toBe(first);
  });
});
