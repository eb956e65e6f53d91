/** A category's characteristic values checked by data type (spec 02 §3, §5, §9). */
import { describe, expect, it } from "vitest";
import {
  checkCharacteristicValues,
  DEFAULT_TEXT_LIMIT,
  displayCharacteristicValue,
  parseNumberInput,
  type CharacteristicDefinition,
} from "./characteristic-values";

const definition = (overrides: Partial<CharacteristicDefinition> & Pick<CharacteristicDefinition, "name" | "dataType">): CharacteristicDefinition => ({
  label: overrides.name,
  options: null,
  minValue: null,
  maxValue: null,
  charLimit: null,
  isRequired: false,
  ...overrides,
});

// Like the seeded "Veículos": one of every data type.
const VEHICLE: CharacteristicDefinition[] = [
  definition({ name: "marca", label: "Marca", dataType: "select", options: ["Chevrolet", "Fiat", "Citroën", "Mercedes-Benz", "Outra"] }),
  definition({ name: "modelo", label: "Modelo", dataType: "text", charLimit: 60 }),
  definition({ name: "ano", label: "Ano", dataType: "number", minValue: 1950, maxValue: 2027 }),
  definition({ name: "quilometragem", label: "Quilometragem (km)", dataType: "number", minValue: 0, maxValue: 2_000_000 }),
  definition({ name: "unicoDono", label: "Único dono", dataType: "boolean" }),
  definition({ name: "dataUltimaRevisao", label: "Data da última revisão", dataType: "date" }),
];

const check = (raw: Record<string, string | undefined>, definitions = VEHICLE) => checkCharacteristicValues(definitions, raw);

describe("checkCharacteristicValues", () => {
  it("accepts a full, valid set and normalises it for storage", () => {
    expect(
      check({ marca: "Fiat", modelo: " Strada Freedom 1.3 ", ano: "2019", quilometragem: "85.000", unicoDono: "sim", dataUltimaRevisao: "2026-03-15" }),
    ).toEqual({
      values: { marca: "Fiat", modelo: "Strada Freedom 1.3", ano: "2019", quilometragem: "85000", unicoDono: "true", dataUltimaRevisao: "2026-03-15" },
      errors: {},
    });
  });

  it("leaves optional characteristics out when blank, and ignores names the category does not define", () => {
    expect(check({ marca: "", modelo: "   ", outra: "coisa", ["__proto__"]: "x", constructor: "y" })).toEqual({ values: {}, errors: {} });
  });

  describe("required", () => {
    const required = [definition({ name: "tipoContratacao", label: "Tipo de contratação", dataType: "select", options: ["CLT", "PJ"], isRequired: true })];
    it.each([undefined, "", "   "])("refuses a missing required value (%j)", (value) => {
      expect(check({ tipoContratacao: value }, required).errors).toEqual({ tipoContratacao: "Tipo de contratação é obrigatório" });
    });
    it("accepts it when given", () => {
      expect(check({ tipoContratacao: "PJ" }, required)).toEqual({ values: { tipoContratacao: "PJ" }, errors: {} });
    });
  });

  describe("text", () => {
    it("allows exactly the character limit and refuses one more", () => {
      expect(check({ modelo: "m".repeat(60) }).values.modelo).toHaveLength(60);
      expect(check({ modelo: "m".repeat(61) })).toEqual({ values: {}, errors: { modelo: "Modelo: no máximo 60 caracteres" } });
    });

    it(`has a limit of ${DEFAULT_TEXT_LIMIT} when the definition sets none`, () => {
      const free = [definition({ name: "obs", label: "Observações", dataType: "text" })];
      expect(check({ obs: "o".repeat(DEFAULT_TEXT_LIMIT) }, free).errors).toEqual({});
      expect(check({ obs: "o".repeat(DEFAULT_TEXT_LIMIT + 1) }, free).errors).toEqual({ obs: `Observações: no máximo ${DEFAULT_TEXT_LIMIT} caracteres` });
    });

    it("keeps markup as text (it is escaped when shown, never interpreted here)", () => {
      expect(check({ modelo: "<b>Strada</b>" }).values.modelo).toBe("<b>Strada</b>");
    });
  });

  describe("number", () => {
    it.each([
      ["2019", "2019"],
      [" 2019 ", "2019"],
      ["1.950", "1950"], // pt-BR thousands
      ["2.027", "2027"],
      ["1950,0", "1950"],
    ])("reads the year %j as %s", (input, stored) => {
      expect(check({ ano: input })).toEqual({ values: { ano: stored }, errors: {} });
    });

    it.each([
      ["85.000", "85000"],
      ["1.234.567", "1234567"],
      ["85000", "85000"],
      ["85 000", "85000"],
      ["1500,5", "1500.5"],
      ["1.500,75", "1500.75"],
      ["1500.50", "1500.5"],
      ["0", "0"],
      ["2.000.000", "2000000"],
    ])("reads the pt-BR number %j as %s", (input, stored) => {
      expect(check({ quilometragem: input }).values.quilometragem).toBe(stored);
    });

    it.each(["dois mil", "2019a", "abc", "1e3", "Infinity", "NaN", "0x7E3", ".", ",", "-", "1.2.3", "--5", "2019!"])("refuses a word or junk for a number (%j)", (input) => {
      expect(check({ ano: input })).toEqual({ values: {}, errors: { ano: "Ano deve ser um número" } });
    });

    it("enforces min and max, both inclusive", () => {
      expect(check({ ano: "1950" }).errors).toEqual({});
      expect(check({ ano: "2027" }).errors).toEqual({});
      expect(check({ ano: "1949" }).errors).toEqual({ ano: "Ano: mínimo 1950" });
      expect(check({ ano: "2028" }).errors).toEqual({ ano: "Ano: máximo 2027" });
      expect(check({ quilometragem: "-1" }).errors).toEqual({ quilometragem: "Quilometragem (km): mínimo 0" });
      expect(check({ quilometragem: "2.000.001" }).errors).toEqual({ quilometragem: "Quilometragem (km): máximo 2000000" });
      expect(check({ quilometragem: "9".repeat(400) }).errors).toEqual({ quilometragem: "Quilometragem (km) deve ser um número" });
    });

    it("accepts any number when there are no bounds", () => {
      const free = [definition({ name: "n", label: "N", dataType: "number" })];
      expect(check({ n: "-12,5" }, free).values.n).toBe("-12.5");
    });
  });

  describe("date", () => {
    it.each(["2026-03-15", "2024-02-29"])("accepts the calendar day %j", (input) => {
      expect(check({ dataUltimaRevisao: input }).values.dataUltimaRevisao).toBe(input);
    });

    it.each(["2026-02-30", "2025-02-29", "2026-13-01", "15/03/2026", "ontem", "2026-3-5", "2026-03-15T10:00"])("refuses %j", (input) => {
      expect(check({ dataUltimaRevisao: input }).errors).toEqual({ dataUltimaRevisao: "Data da última revisão: data inválida" });
    });
  });

  describe("boolean", () => {
    it.each([
      ["true", "true"],
      ["sim", "true"],
      ["Sim", "true"],
      ["on", "true"],
      ["1", "true"],
      ["false", "false"],
      ["não", "false"],
      ["NÃO", "false"],
      ["nao", "false"],
      ["0", "false"],
    ])("reads %j as %s", (input, stored) => {
      expect(check({ unicoDono: input }).values.unicoDono).toBe(stored);
    });

    it.each(["talvez", "yes", "2", "verdadeiro?"])("refuses %j", (input) => {
      expect(check({ unicoDono: input }).errors).toEqual({ unicoDono: "Único dono: responda sim ou não" });
    });
  });

  describe("select", () => {
    it("accepts an option of the list, accents and hyphens included", () => {
      expect(check({ marca: "Citroën" }).values.marca).toBe("Citroën");
      expect(check({ marca: "Mercedes-Benz" }).values.marca).toBe("Mercedes-Benz");
    });

    it.each(["Ferrari", "Fiat Uno", "Fiat, Ferrari", "<script>alert(1)</script>"])("refuses %j, not in the list", (input) => {
      expect(check({ marca: input }).errors).toEqual({ marca: "Marca: escolha uma das opções" });
    });

    it("stores several choices comma-separated, as ads store them", () => {
      expect(check({ marca: "Fiat,Chevrolet" }).values.marca).toBe("Fiat, Chevrolet");
      expect(check({ marca: " Fiat , Chevrolet ," }).values.marca).toBe("Fiat, Chevrolet");
    });

    it("refuses everything when the definition has no options", () => {
      const empty = [definition({ name: "s", label: "S", dataType: "select", options: null })];
      expect(check({ s: "qualquer" }, empty).errors).toEqual({ s: "S: escolha uma das opções" });
    });
  });

  it("reports every broken field at once", () => {
    const result = check({ marca: "Ferrari", modelo: "x".repeat(61), ano: "dois mil", unicoDono: "talvez", dataUltimaRevisao: "ontem", quilometragem: "1000" });
    expect(Object.keys(result.errors).sort()).toEqual(["ano", "dataUltimaRevisao", "marca", "modelo", "unicoDono"]);
    expect(result.values).toEqual({ quilometragem: "1000" });
  });
});

describe("parseNumberInput", () => {
  it.each([
    ["1.500", 1500],
    ["1500,5", 1500.5],
    ["1500.50", 1500.5],
    ["1.234,56", 1234.56],
    ["0,5", 0.5],
    ["1.5", 1.5],
    ["-3", -3],
  ])("%j → %d", (input, n) => {
    expect(parseNumberInput(input)).toBe(n);
  });

  it.each(["", "dois", "1,2,3", "1.2.3", "--1", "1-2"])("%j → null", (input) => {
    expect(parseNumberInput(input)).toBeNull();
  });
});

describe("displayCharacteristicValue", () => {
  it.each([
    ["148000", "148.000"], // quilometragem: pt-BR grouping
    ["2000000", "2.000.000"],
    ["12345.5", "12.345,5"],
    ["0.75", "0,75"],
    ["-20000", "-20.000"],
    ["2015", "2015"], // an "Ano": four digits stay plain
    ["3", "3"],
    ["0", "0"],
  ])("shows the number %j as %j", (stored, shown) => {
    expect(displayCharacteristicValue(stored, "number")).toBe(shown);
  });

  it("shows what checkCharacteristicValues stores, grouped", () => {
    const { values } = checkCharacteristicValues([definition({ name: "quilometragem", dataType: "number" })], { quilometragem: "148.000" });
    expect(displayCharacteristicValue(values.quilometragem!, "number")).toBe("148.000");
  });

  it("leaves a number value that is not in its stored form as it is", () => {
    expect(displayCharacteristicValue("148.000", "number")).toBe("148.000");
    expect(displayCharacteristicValue("cerca de 100 mil", "number")).toBe("cerca de 100 mil");
  });

  it("does not touch digits in other types", () => {
    expect(displayCharacteristicValue("148000", "text")).toBe("148000");
    expect(displayCharacteristicValue("1000, 2000", "select")).toBe("1000, 2000");
  });

  it("keeps Sim/Não for booleans and dd/mm/aaaa for dates", () => {
    expect(displayCharacteristicValue("true", "boolean")).toBe("Sim");
    expect(displayCharacteristicValue("false", "boolean")).toBe("Não");
    expect(displayCharacteristicValue("2024-03-09", "date")).toBe("09/03/2024");
  });
});
