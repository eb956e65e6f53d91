import { describe, expect, it } from "vitest";
import type { CharacteristicDataType, CharacteristicValue } from "./describe-characteristics";
import { generateLocalDescription, truncateAtBoundary, type DescriptionInput } from "./local-description";

/** Category fields as the wizard sends them, written as name: [label, value, data type]. */
function fields(byName: Record<string, [label: string, value: CharacteristicValue, dataType: CharacteristicDataType]>): DescriptionInput["characteristics"] {
  return Object.fromEntries(Object.entries(byName).map(([name, [label, value, dataType]]) => [name, { label, value, dataType }]));
}

const car: DescriptionInput = {
  adType: "Vender",
  categoryName: "Veículos",
  subcategoryName: "Carros",
  title: "Fiat Strada 2019",
  characteristics: fields({
    marca: ["Marca", "Fiat", "select"],
    modelo: ["Modelo", "Strada Freedom 1.3 CD", "text"],
    ano: ["Ano", "2019", "number"],
    quilometragem: ["Quilometragem (km)", "62000", "number"],
    combustivel: ["Combustível", "Flex", "select"],
    cambio: ["Câmbio", "Manual", "select"],
    unicoDono: ["Único dono", "true", "boolean"],
    dataUltimaRevisao: ["Data da última revisão", "2026-08-14", "date"],
  }),
  customCharacteristics: { "Ar-condicionado": "sim", Pneus: "novos" },
  whatsapp: "(34) 9 9876-5432",
};

const apartment: DescriptionInput = {
  adType: "Vender",
  categoryName: "Imóveis",
  subcategoryName: "Apartamentos",
  city: "Patos de Minas",
  characteristics: fields({
    quartos: ["Quartos", 3, "number"],
    banheiros: ["Banheiros", 1, "number"],
    vagas: ["Vagas de garagem", 0, "number"],
    area: ["Área (m²)", "82", "number"],
    mobiliado: ["Mobiliado", false, "boolean"],
    aceitaFinanciamento: ["Aceita financiamento", true, "boolean"],
    condominio: ["Condomínio (R$/mês)", 350, "number"],
    bairro: ["Bairro", "Caiçaras", "text"],
  }),
};

const phone: DescriptionInput = {
  adType: "Vender",
  categoryName: "Eletrônicos e Celulares",
  subcategoryName: "Celulares e Smartphones",
  title: "iPhone 13 128 GB azul",
  characteristics: fields({
    marca: ["Marca", "Apple", "select"],
    armazenamento: ["Armazenamento", "128 GB", "select"],
    estadoConservacao: ["Estado de conservação", "Usado - ótimo estado", "select"],
    notaFiscal: ["Possui nota fiscal", "true", "boolean"],
  }),
  whatsapp: "(34) 9 9123-8841",
};

const pet: DescriptionInput = {
  adType: "Vender",
  categoryName: "Animais e Pet",
  subcategoryName: "Cachorros",
  characteristics: fields({
    raca: ["Raça", "Shih-tzu", "text"],
    idadeMeses: ["Idade (meses)", 3, "number"],
    vacinado: ["Vacinado", true, "boolean"],
    castrado: ["Castrado", false, "boolean"],
  }),
};

const minimal: DescriptionInput = { adType: "Comprar", categoryName: "Casa e Móveis" };

const ALL = { car, apartment, phone, pet, minimal };

/** Traces of a template with blanks. */
const BLANKS = /undefined|null|NaN|\[object|\{|\}|\s[,.]|,,|\.\.|:\s*[.,]|\s{2,}/;

describe("generateLocalDescription", () => {
  it.each(Object.entries(ALL))("%s: natural pt-BR within 400 characters, no blanks", (_, input) => {
    const text = generateLocalDescription(input);
    expect(text.length).toBeGreaterThan(40);
    expect(text.length).toBeLessThanOrEqual(400);
    expect(text).not.toMatch(BLANKS);
    expect(text).toMatch(/^[A-ZÀ-Ú]/);
    expect(text).toMatch(/[.!]$/);
  });

  it("is deterministic for the same input and varies between inputs", () => {
    expect(generateLocalDescription(car)).toBe(generateLocalDescription({ ...car }));
    const openings = new Set(
      ["Carros", "Motos", "Caminhões", "Tratores", "Bicicletas", "Cavalos", "Casas", "Tablets"].map((sub) =>
        generateLocalDescription({ adType: "Vender", categoryName: "X", subcategoryName: sub }).split(" ")[0],
      ),
    );
    expect(openings.size).toBeGreaterThan(1);
  });

  it("opens by ad type: selling, buying or swapping", () => {
    const base = { categoryName: "Veículos", subcategoryName: "Motos" };
    expect(generateLocalDescription({ ...base, adType: "Vender" })).toMatch(/^(Vendo|Estou vendendo|Coloco à venda|À venda:) moto\b/);
    expect(generateLocalDescription({ ...base, adType: "Comprar" })).toMatch(/^(Compro|Procuro|Estou procurando|Quero comprar) moto\b/);
    expect(generateLocalDescription({ ...base, adType: "Trocar" })).toMatch(/^(Troco moto|Quero trocar moto|Moto para troca)\b/);
  });

  it("weaves the car's characteristics into sentences with units, and skips what the title says", () => {
    const text = generateLocalDescription(car);
    expect(text).toContain("Fiat Strada 2019");
    expect(text).toContain("62.000 km");
    expect(text).toContain("câmbio manual");
    expect(text).toContain("última revisão em 14/08/2026");
    expect(text).toContain("Único dono");
    expect(text).toMatch(/(Vem com|Tem|Conta com) ar-condicionado/);
    expect(text).toContain("pneus novos");
    expect(text).toContain("WhatsApp (34) 9 9876-5432");
    expect(text).not.toContain("marca Fiat"); // already in the title
    expect(text).not.toContain("ano 2019");
  });

  it("counts rooms, states booleans with com/sem/não and shows money per month", () => {
    const text = generateLocalDescription(apartment);
    expect(text).toMatch(/^(Vendo|Estou vendendo|Coloco à venda|À venda:) apartamento em Patos de Minas\./);
    expect(text).toContain("3 quartos");
    expect(text).toContain("1 banheiro");
    expect(text).toContain("área de 82 m²");
    expect(text).toContain("Sem vagas de garagem");
    expect(text).toContain("aceita financiamento");
    expect(text).toMatch(/[Nn]ão mobiliado/);
    expect(text).toContain("condomínio de R$ 350,00 por mês");
  });

  it("describes a phone's condition and a pet's age in plain words", () => {
    expect(generateLocalDescription(phone)).toContain("Usado, em ótimo estado");
    expect(generateLocalDescription(phone)).toContain("possui nota fiscal");
    const petText = generateLocalDescription(pet);
    expect(petText).toContain("cachorro");
    expect(petText).toContain("3 meses de idade");
    expect(petText).toMatch(/[Vv]acinado e não castrado/);
  });

  it("writes a complete ad from the minimum (type and category) with a contact invitation", () => {
    const text = generateLocalDescription(minimal);
    expect(text).toMatch(/item de casa e móveis/);
    expect(text).toMatch(/(contato|me chama)/);
  });

  it("writes services and job ads as offers, not as sales", () => {
    const service = generateLocalDescription({
      adType: "Vender",
      categoryName: "Serviços",
      subcategoryName: "Reformas e Construção",
      characteristics: fields({ experienciaAnos: ["Anos de experiência", 15, "number"] }),
    });
    expect(service).toMatch(/serviços de reformas e construção/);
    expect(service).toContain("15 anos de experiência");
    const job = generateLocalDescription({ adType: "Vender", categoryName: "Empregos", subcategoryName: "Administrativo" });
    expect(job).toMatch(/área de administrativo/);
    expect(job).not.toMatch(/salário/i);
  });

  it.each([60, 80, 120, 200])("never exceeds maxLength %i and ends on a boundary", (maxLength) => {
    for (const input of Object.values(ALL)) {
      const text = generateLocalDescription({ ...input, maxLength });
      expect(text.length).toBeLessThanOrEqual(maxLength);
      expect(text).toMatch(/[.!…]$/);
      expect(text).not.toMatch(BLANKS);
    }
  });

  it("drops details before cutting, keeping the contact", () => {
    const text = generateLocalDescription({ ...car, maxLength: 160 });
    expect(text).toContain("WhatsApp (34) 9 9876-5432");
  });

  it("ignores empty values, 'Não se aplica' and unnamed custom pairs", () => {
    const text = generateLocalDescription({
      adType: "Vender",
      categoryName: "Eletrônicos e Celulares",
      subcategoryName: "Tablets",
      characteristics: fields({
        marca: ["Marca", "", "select"],
        armazenamento: ["Armazenamento", "Não se aplica", "select"],
        garantia: ["Garantia até", null, "date"],
      }),
      customCharacteristics: [{ name: " ", value: "x" }, { name: "Capinha", value: "" }],
    });
    expect(text).not.toMatch(/marca|armazenamento|garantia|capinha|Não se aplica/i);
    expect(text).toMatch(/tablet/);
  });
});

/**
 * Ads as the wizard sends them (values in their stored form: "148000", "false"), written in full:
 * the whole text is asserted, so a clumsy phrase ("Não único dono.") or a price shows up here.
 */
describe("realistic ads, read as whole sentences", () => {
  const usedCar: DescriptionInput = {
    adType: "Vender",
    categoryName: "Veículos",
    subcategoryName: "Carros",
    title: "Volkswagen Gol 1.0 2012",
    characteristics: fields({
      marca: ["Marca", "Volkswagen", "select"],
      modelo: ["Modelo", "Gol G5 1.0", "text"],
      ano: ["Ano", "2012", "number"],
      quilometragem: ["Quilometragem (km)", "148000", "number"],
      combustivel: ["Combustível", "Flex", "select"],
      cambio: ["Câmbio", "Manual", "select"],
      cor: ["Cor", "Prata", "select"],
      unicoDono: ["Único dono", "false", "boolean"],
      dataUltimaRevisao: ["Data da última revisão", "2026-03-10", "date"],
    }),
    whatsapp: "(34) 9 9876-5432",
  };
  const house: DescriptionInput = {
    adType: "Vender",
    categoryName: "Imóveis",
    subcategoryName: "Casas",
    city: "Patos de Minas",
    characteristics: fields({
      quartos: ["Quartos", "3", "number"],
      banheiros: ["Banheiros", "2", "number"],
      vagas: ["Vagas de garagem", "2", "number"],
      area: ["Área (m²)", "12500", "number"],
      mobiliado: ["Mobiliado", "false", "boolean"],
      aceitaFinanciamento: ["Aceita financiamento", "true", "boolean"],
    }),
  };
  const usedPhone: DescriptionInput = {
    adType: "Vender",
    categoryName: "Eletrônicos e Celulares",
    subcategoryName: "Celulares e Smartphones",
    title: "iPhone 13 128 GB azul",
    characteristics: fields({
      marca: ["Marca", "Apple", "select"],
      armazenamento: ["Armazenamento", "128 GB", "select"],
      estadoConservacao: ["Estado de conservação", "Usado - ótimo estado", "select"],
      garantiaAte: ["Garantia até", "2026-12-01", "date"],
      notaFiscal: ["Possui nota fiscal", "false", "boolean"],
    }),
    whatsapp: "(34) 9 9123-8841",
  };

  it.each([
    [
      "a used car: grouped kilometres and 'não é único dono'",
      usedCar,
      "Estou vendendo Volkswagen Gol 1.0 2012. " +
        "Mais detalhes: modelo Gol G5 1.0, 148.000 km, combustível flex, câmbio manual, cor prata e última revisão em 10/03/2026. " +
        "Não é único dono. " +
        "Interessados, chamem no WhatsApp (34) 9 9876-5432.",
    ],
    [
      "a house: counted rooms, a grouped area and yes/no fields as phrases",
      house,
      "Coloco à venda casa em Patos de Minas. " +
        "Detalhes: 3 quartos, 2 banheiros, 2 vagas de garagem e área de 12.500 m². " +
        "Não mobiliado e aceita financiamento. " +
        "Interessados, entrem em contato.",
    ],
    [
      "a phone: its condition and 'não possui nota fiscal', the storage left to the title",
      usedPhone,
      "Estou vendendo iPhone 13 128 GB azul. " +
        "Marca Apple e garantia até 01/12/2026. " +
        "Usado, em ótimo estado e não possui nota fiscal. " +
        "Interessados, chamem no WhatsApp (34) 9 9123-8841.",
    ],
  ])("%s", (_, input, expected) => {
    expect(generateLocalDescription(input)).toBe(expected);
  });

  it("a single owner said yes reads 'Único dono.'", () => {
    const text = generateLocalDescription({
      ...usedCar,
      characteristics: { ...usedCar.characteristics, ...fields({ unicoDono: ["Único dono", "true", "boolean"] }) },
    });
    expect(text).toContain(" Único dono. ");
    expect(text).not.toMatch(/não (é )?único dono/i);
  });

  // The price is shown beside the description and may be edited later: a price in the text would
  // become a second, stale one. Swapping ads invite offers without naming a value.
  it.each(["Vender", "Comprar", "Trocar"])("%s: never states a price or a value", (adType) => {
    for (const input of [usedCar, house, usedPhone, car, pet, minimal]) {
      const text = generateLocalDescription({ ...input, adType });
      expect(text).not.toMatch(/R\$|\d,\d{2}\b|preço|valor|pago até|a combinar/i);
    }
    expect(generateLocalDescription({ ...usedCar, adType: "Trocar" })).toMatch(/(Aceito|Estou aberto a) propostas de troca\./);
  });
});

describe("truncateAtBoundary", () => {
  it("keeps text that fits", () => {
    expect(truncateAtBoundary("Vendo bicicleta aro 29.", 400)).toBe("Vendo bicicleta aro 29.");
  });

  it("cuts at the last sentence when that keeps enough text", () => {
    const text = "Primeira frase completa aqui. Segunda frase que passa do limite.";
    expect(truncateAtBoundary(text, 40)).toBe("Primeira frase completa aqui.");
  });

  it("otherwise cuts at a word and adds an ellipsis, within the limit", () => {
    const text = "Uma frase muito longa sem ponto nenhum que continua e continua até não caber";
    const cut = truncateAtBoundary(text, 30);
    expect(cut.length).toBeLessThanOrEqual(30);
    expect(cut).toBe("Uma frase muito longa sem…");
  });
});
