import { describe, expect, it } from "vitest";
import { foldText, searchWords, stemText, stemWord, synonymsOf } from "./pt-stem";

const stem = (word: string) => stemWord(foldText(word));

/** Pairs a buyer expects to find each other: plural/singular, feminine/masculine, with and without accents. */
const SAME_STEM: [string, string][] = [
  ["carro", "carros"],
  ["cachorro", "cachorros"],
  ["cachorra", "Cachorros"],
  ["cão", "cães"],
  ["cães", "caes"],
  ["geladeira", "geladeiras"],
  ["celular", "celulares"],
  ["motor", "motores"],
  ["vendedor", "vendedora"],
  ["vendedores", "vendedoras"],
  ["professor", "professora"],
  ["usado", "usada"],
  ["usados", "usadas"],
  ["seminovo", "seminova"],
  ["bonito", "bonitas"],
  ["filhote", "filhotes"],
  ["grande", "grandes"],
  ["fogão", "fogões"],
  ["colchão", "colchões"],
  ["caminhão", "caminhões"],
  ["televisão", "televisões"],
  ["mão", "mãos"],
  ["pão", "pães"],
  ["animal", "animais"],
  ["real", "reais"],
  ["móvel", "móveis"],
  ["imóvel", "imóveis"],
  ["automóvel", "automoveis"],
  ["portátil", "portáteis"],
  ["papel", "papéis"],
  ["lençol", "lençóis"],
  ["azul", "azuis"],
  ["infantil", "infantis"],
  ["garagem", "garagens"],
  ["jardim", "jardins"],
  ["luz", "luzes"],
  ["flor", "flores"],
  ["cor", "cores"],
  ["mês", "meses"],
  ["mãe", "mães"],
  ["pneu", "pneus"],
  ["peça", "peças"],
  ["bicicleta", "bicicletas"],
  ["apartamento", "apartamentos"],
  ["eletrônico", "eletronicas"],
  ["elétrico", "elétrica"],
  ["tv", "tvs"],
  ["classe", "classes"],
  ["base", "bases"],
  ["ônibus", "onibus"],
  ["tênis", "tenis"],
  ["notebook", "notebooks"],
  ["iPhone", "iphones"],
  ["CAMINHONETE", "caminhonetes"],
  ["promoção", "promoções"],
];

/** Words that must not meet: a light stemmer leaves them apart. */
const DIFFERENT_STEM: [string, string][] = [
  ["carro", "carreta"],
  ["mesa", "mês"],
  ["casa", "caso"],
  ["cama", "caminho"],
  ["moto", "motor"],
  ["pasta", "pastel"],
  ["cão", "cama"],
  ["venda", "vender"],
];

describe("foldText / searchWords", () => {
  it("folds case, accents and the cedilla", () => {
    expect(foldText("Cães Ótimos, PEÇAS e Eletrônicos")).toBe("caes otimos, pecas e eletronicos");
  });

  it("keeps letters and digits of any script as words, drops punctuation", () => {
    expect(searchWords('iPhone 13 "usado"! - R$ 1.800,00 · 日本')).toEqual(["iphone", "13", "usado", "r", "1", "800", "00", "日本"]);
  });
});

describe("stemWord", () => {
  it.each(SAME_STEM)("%s and %s share a stem", (a, b) => {
    expect(stem(a)).toBe(stem(b));
  });

  it("has a table of at least 40 pairs", () => {
    expect(SAME_STEM.length).toBeGreaterThanOrEqual(40);
  });

  it.each(DIFFERENT_STEM)("%s and %s stay apart", (a, b) => {
    expect(stem(a)).not.toBe(stem(b));
  });

  it("leaves numbers, models and short words alone", () => {
    for (const word of ["2019", "v10", "s10", "375", "de", "mel", "gas", "pes"]) expect(stemWord(word)).toBe(word);
  });

  it("gives stems that are prefixes of the word or its singular (so a stem never invents letters)", () => {
    expect(stem("cachorros")).toBe("cachorr");
    expect(stem("carros")).toBe("carr");
    expect(stem("geladeira")).toBe("geladeir");
    expect(stem("cães")).toBe("cao");
  });
});

describe("stemText", () => {
  it("stems every word of a text", () => {
    expect(stemText("Filhotes de Shih Tzu, cachorros vacinados")).toBe("filhot de shih tzu cachorr vacinad");
  });
});

describe("synonymsOf", () => {
  it("links cão and cachorro both ways, by stem", () => {
    expect(synonymsOf(stem("cães"))).toContain(stem("cachorro"));
    expect(synonymsOf(stem("cachorros"))).toContain(stem("cão"));
  });

  it("answers nothing for a word without synonyms", () => {
    expect(synonymsOf(stem("geladeira"))).toContain(stem("refrigerador"));
    expect(synonymsOf(stem("banqueta"))).toEqual([]);
  });
});
