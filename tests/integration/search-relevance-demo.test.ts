/**
 * Issue #35 (item 5): 'Mais relevantes' over the demo ads, as a buyer types them. What the ad is — its
 * title or subcategory — weighs most, then its category (its name or one of its subcategories'), then
 * the characteristics, then the description: 'carro' lists the vehicles first (not "Casa 3 quartos",
 * which has 'carros' in its description and the most views), 'celular' the phones first (not the PS5,
 * whose category only is "Eletrônicos e Celulares"). One row a query: the titles expected first, in
 * order, and the group that must come before everything else, where there is one.
 */
import { describe, expect, it } from "vitest";
import { listCities } from "~/models/city/city.server";
import { loader as publicAds } from "~/routes/api.ads.public";
import { callRoute } from "../support/route";

type Card = { title: string; category: { name: string }; subcategory: { name: string } | null };

async function relevance(search: string, extra = ""): Promise<Card[]> {
  const response = await callRoute(publicAds, `/api/ads/public?search=${encodeURIComponent(search)}&sortBy=relevance&limit=50${extra}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { ads: Card[] }).ads;
}

type Row = {
  search: string;
  /** The first titles, in this order. */
  first: string[];
  /** Every ad this holds for comes before every ad it does not. */
  groupFirst?: { name: string; holds: (ad: Card) => boolean };
};

const vehicles = { name: "Veículos", holds: (ad: Card) => ad.category.name === "Veículos" };
const phones = { name: "Celulares e Smartphones", holds: (ad: Card) => ad.subcategory?.name === "Celulares e Smartphones" };
const furniture = { name: "Móveis", holds: (ad: Card) => ad.subcategory?.name === "Móveis" };
const houses = { name: "Casas", holds: (ad: Card) => ad.subcategory?.name === "Casas" };

const TABLE: Row[] = [
  // The subcategory "Carros" and its family: the cars by views, then the other vehicles, then the rest.
  { search: "carro", first: ["Chevrolet Onix LT 2020", "Compro carro popular", "Fiat Strada 2019", "Mercedes-Benz Atego 2426"], groupFirst: vehicles },
  { search: "carros", first: ["Chevrolet Onix LT 2020", "Compro carro popular", "Fiat Strada 2019"], groupFirst: vehicles },
  { search: "automóvel", first: ["Chevrolet Onix LT 2020", "Compro carro popular"], groupFirst: vehicles },
  // Subcategory and category both say it: the phones, then the repair shop (title), then the PS5 (category only).
  { search: "celular", first: ["iPhone 13 128 GB", "Samsung Galaxy A54 5G", "Compro iPhone com defeito", "Conserto de celulares", "PlayStation 5 + 2 controles"], groupFirst: phones },
  { search: "celulares", first: ["iPhone 13 128 GB", "Samsung Galaxy A54 5G", "Compro iPhone com defeito", "Conserto de celulares"], groupFirst: phones },
  { search: "smartphone", first: ["iPhone 13 128 GB", "Samsung Galaxy A54 5G", "Compro iPhone com defeito"], groupFirst: phones },
  // 'casa' as a whole word (the houses) before 'casal' (a prefix) and the category "Casa e Móveis".
  { search: "casa", first: ["Casa 3 quartos com área gourmet", "Casa 2 quartos em São Gotardo", "Procuro casa até R$ 300 mil"], groupFirst: houses },
  { search: "apartamento", first: ["Apartamento 2 quartos no Centro"] },
  { search: "moveis", first: ["Sofá retrátil 3 lugares", "Guarda-roupa casal 6 portas", "Rack com painel para TV", "Geladeira Brastemp Frost Free"], groupFirst: furniture },
  { search: "moto", first: ["Honda CG 160 Fan 2022", "Mercedes-Benz Atego 2426"], groupFirst: vehicles },
  { search: "caminhonete", first: ["Fiat Strada 2019", "Toyota Hilux SRV 2017", "Chevrolet Onix LT 2020"], groupFirst: vehicles },
  { search: "trator", first: ["Trator Massey Ferguson 275", "Compro trator 4x4"] },
  { search: "bicicleta", first: ["Bicicleta Caloi aro 29"] },
  { search: "bike", first: ["Bicicleta Caloi aro 29"] },
  { search: "geladeira", first: ["Geladeira Brastemp Frost Free"] },
  { search: "fogões", first: ["Fogão Atlas 5 bocas"] },
  { search: "cães", first: ["Filhotes de Shih Tzu"] },
  { search: "notebook", first: ["Notebook Dell Inspiron i5", "PlayStation 5 + 2 controles"] },
  { search: "tv", first: ["Smart TV LG 55\" 4K", "Rack com painel para TV"] },
  { search: "lote", first: ["Lote 300 m² no Planalto", "Lote de eletrônicos", "Lote de roupas de menina"] },
  { search: "vaga", first: ["Vaga: vendedor(a) de loja", "Vaga: auxiliar administrativo", "Apartamento 2 quartos no Centro"] },
  { search: "iphone", first: ["iPhone 13 128 GB", "Compro iPhone com defeito"] },
];

describe("relevance over the demo ads", () => {
  it.each(TABLE)("$search lists $first.0 first", async ({ search, first, groupFirst }) => {
    const ads = await relevance(search);
    expect(ads.slice(0, first.length).map((ad) => ad.title)).toEqual(first);
    if (groupFirst) {
      const lastOfGroup = ads.findLastIndex(groupFirst.holds);
      const firstOther = ads.findIndex((ad) => !groupFirst.holds(ad));
      expect(lastOfGroup, `every ${groupFirst.name} ad before the others`).toBeGreaterThanOrEqual(0);
      if (firstOther >= 0) expect(firstOther, `every ${groupFirst.name} ad before the others`).toBeGreaterThan(lastOfGroup);
    }
  });

  it("'carro' in Patos de Minas, as /categories shows it: the vehicles, then the house", async () => {
    const patos = listCities().find((city) => city.name === "Patos de Minas")!;
    const titles = (await relevance("carro", `&cityId=${patos.id}`)).map((ad) => ad.title);
    expect(titles.slice(0, 3)).toEqual(["Compro carro popular", "Fiat Strada 2019", "Casa 3 quartos com área gourmet"]);
  });

  it("the most viewed ad, with 'carros' in its description only, comes right after the last vehicle", async () => {
    const ads = await relevance("carro");
    const house = ads.findIndex((ad) => ad.title === "Casa 3 quartos com área gourmet");
    expect(house).toBe(ads.filter(vehicles.holds).length);
  });
});
