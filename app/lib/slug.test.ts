import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("slugify", () => {
  it("lower-cases, drops accents and joins words with hyphens", () => {
    expect(slugify("Bicicleta Caloi Aro 29")).toBe("bicicleta-caloi-aro-29");
    expect(slugify("Ação: Fogão 4 bocas, ÓTIMO estado!!")).toBe("acao-fogao-4-bocas-otimo-estado");
    expect(slugify("  --Çà et là--  ")).toBe("ca-et-la");
  });

  it("is empty for a text without letters or digits (emoji, punctuation)", () => {
    expect(slugify("🚲 !!!")).toBe("");
  });

  it("cuts a long title at a word boundary", () => {
    const slug = slugify("palavra ".repeat(30));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith("palavra")).toBe(true);
  });
});
