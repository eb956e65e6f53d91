/**
 * The /categories price range reads what people type on a phone ("1.500,00", "1500,5", "R$ 1.500")
 * as reais, through the one parser in ~/lib/money: the page's reading of its URL and the address the
 * GET form is written back to agree.
 */
import { describe, expect, it } from "vitest";
import { canonicalSearch } from "~/models/listing/listing-links";
import { pageFilterFromUrl } from "~/models/listing/listing-query.server";

const url = (query: string) => new URL(`http://localhost/categories?${query}`);
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

describe("price range on /categories", () => {
  it.each([
    [{ minPrice: "1.500,00" }, 150_000, undefined],
    [{ minPrice: "1.500", maxPrice: "R$ 2.000" }, 150_000, 200_000],
    [{ minPrice: "1500,5", maxPrice: "1500" }, 150_000, 150_050], // upside down: turned round
    [{ minPrice: "abc", maxPrice: "-10" }, undefined, undefined],
    [{ minPrice: "99999999999" }, undefined, undefined],
  ])("reads %j from the URL", (params, min, max) => {
    const filter = pageFilterFromUrl(url(q(params)));
    expect(filter.minPriceCents).toBe(min);
    expect(filter.maxPriceCents).toBe(max);
  });

  it("writes the submitted form back with plain reais, dropping a bound that is not a price", () => {
    expect(canonicalSearch(url(q({ search: "", prevCategory: "", minPrice: "1.500,00", maxPrice: "R$ 2.000,50" })))).toBe(
      "minPrice=1500&maxPrice=2000.5",
    );
    expect(canonicalSearch(url(q({ prevCategory: "", minPrice: "mil", maxPrice: "1500,5" })))).toBe("maxPrice=1500.5");
  });
});
