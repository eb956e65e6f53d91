/** The wizard's and the API's field rules (spec 02 §5, §9): prices, texts, WhatsApp, free pairs, ids. */
import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import { formatBRL } from "~/lib/money";
import {
  AD_FORM_MESSAGES,
  adStep1Schema,
  adStep2Schema,
  apiAdSchema,
  CUSTOM_NAME_MAX,
  CUSTOM_VALUE_MAX,
  customPairsFrom,
  DESCRIPTION_MAX,
  descriptionBand,
  generatedTitle,
  MAX_CHARACTERISTIC_ENTRIES,
  MAX_CUSTOM_PAIRS,
  parsePriceInput,
  TITLE_MAX,
} from "./ad-form";

/** A valid step 2, to vary one field at a time. */
const step2 = (overrides: Record<string, unknown> = {}) => ({
  title: "iPhone 13 128 GB azul",
  expirationDate: "2026-12-01",
  price: "R$ 3.500,00",
  whatsapp: "(34) 9 9988-7766",
  description: "Celular em ótimo estado, com caixa e carregador.",
  ...overrides,
});

/** A conform submission's field errors (undefined when it succeeded). */
const errorsOf = (submission: { status?: string; error?: unknown }) => (submission.status === "success" ? undefined : submission.error);

/** The first message of a failed parse for `path` (or any message when no path). */
function messagesOf(schema: z.ZodMiniType, input: unknown, path?: string) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).filter((issue) => path === undefined || issue.path.join(".") === path).map((issue) => issue.message);
}

describe("parsePriceInput", () => {
  it.each([
    ["R$ 1.234,56", 123_456],
    [formatBRL(123_456), 123_456], // what the mask writes: "R$" + a non-breaking space
    ["1500", 150_000],
    ["1.500", 150_000], // pt-BR thousands
    ["1.500,00", 150_000],
    ["1500,5", 150_050],
    ["1500.50", 150_050],
    ["  350,00  ", 35_000],
    ["0,50", 50],
    ["R$ 9.000.000,00", 900_000_000],
  ])("reads %j as %i cents", (input, cents) => {
    expect(parsePriceInput(input)).toBe(cents);
  });

  it.each(["", "   ", "0", "00", "0,00", "R$ 0,00", "R$ 0", ",", "0.0"])("reads %j as 'A combinar' (null)", (input) => {
    expect(parsePriceInput(input)).toBeNull();
    expect(formatBRL(parsePriceInput(input) as null)).toBe("A combinar");
  });

  it.each(["abc", "dez reais", "-5", "12,34,56", "1.2.3", "R$ 1.23.456,00", "1e5", "<script>"])("refuses %j", (input) => {
    expect(parsePriceInput(input)).toBe("invalid");
  });
});

describe("adStep2Schema", () => {
  it("accepts a complete step and turns the price into cents, texts trimmed", () => {
    const result = adStep2Schema.safeParse(step2({ title: "  iPhone 13  ", description: "  Ótimo estado.  " }));
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ title: "iPhone 13", price: 350_000, whatsapp: "(34) 9 9988-7766", description: "Ótimo estado." });
  });

  it("takes an empty or zero price as 'A combinar'", () => {
    expect(adStep2Schema.safeParse(step2({ price: "" })).data?.price).toBeNull();
    expect(adStep2Schema.safeParse(step2({ price: "0" })).data?.price).toBeNull();
    expect(adStep2Schema.safeParse(step2({ price: undefined })).data?.price).toBeNull();
  });

  it("allows exactly R$ 9.000.000,00 and refuses one cent more with the spec's message", () => {
    expect(adStep2Schema.safeParse(step2({ price: "R$ 9.000.000,00" })).data?.price).toBe(900_000_000);
    expect(messagesOf(adStep2Schema, step2({ price: "R$ 9.000.000,01" }), "price")).toEqual(["Valor máximo permitido é R$ 9.000.000,00"]);
    expect(messagesOf(adStep2Schema, step2({ price: "9000001" }), "price")).toEqual(["Valor máximo permitido é R$ 9.000.000,00"]);
    expect(messagesOf(adStep2Schema, step2({ price: "999999999999" }), "price")).toEqual([AD_FORM_MESSAGES.maxPrice]);
    // Too many digits to hold exactly: still the maximum's message, not "Informe um valor válido".
    for (const price of ["99999999999999999999", "99.999.999.999.999.999,00", "R$ 123456789012345678"]) {
      expect(messagesOf(adStep2Schema, step2({ price }), "price"), price).toEqual([AD_FORM_MESSAGES.maxPrice]);
    }
  });

  it("refuses a price that is not a number", () => {
    expect(messagesOf(adStep2Schema, step2({ price: "dez mil" }), "price")).toEqual([AD_FORM_MESSAGES.invalidPrice]);
  });

  it(`takes a description of ${DESCRIPTION_MAX} characters and refuses ${DESCRIPTION_MAX + 1}`, () => {
    expect(adStep2Schema.safeParse(step2({ description: "a".repeat(DESCRIPTION_MAX) })).success).toBe(true);
    expect(messagesOf(adStep2Schema, step2({ description: "a".repeat(DESCRIPTION_MAX + 1) }), "description")).toEqual([
      "A descrição pode ter no máximo 400 caracteres",
    ]);
    // Counted after trimming: surrounding blanks do not use up the limit.
    expect(adStep2Schema.safeParse(step2({ description: `  ${"a".repeat(DESCRIPTION_MAX)}  ` })).success).toBe(true);
  });

  it.each(["", "   ", undefined])("requires the description (%j)", (description) => {
    expect(messagesOf(adStep2Schema, step2({ description }), "description")).toEqual(["Descrição é obrigatória"]);
  });

  it(`takes a title of ${TITLE_MAX} characters, refuses ${TITLE_MAX + 1}, and an empty one is fine`, () => {
    expect(adStep2Schema.safeParse(step2({ title: "t".repeat(TITLE_MAX) })).success).toBe(true);
    expect(messagesOf(adStep2Schema, step2({ title: "t".repeat(TITLE_MAX + 1) }), "title")).toEqual([AD_FORM_MESSAGES.titleMax]);
    expect(adStep2Schema.safeParse(step2({ title: "" })).data?.title).toBe("");
  });

  it.each(["(34) 9 9988-7766", "(34) 3822-1234", "34999887766", "3438221234", "34 9 9988 7766", "", "   "])("accepts the WhatsApp %j", (whatsapp) => {
    expect(adStep2Schema.safeParse(step2({ whatsapp })).success).toBe(true);
  });

  it.each(["(34) 9988", "123", "(03) 3822-1234", "(30) 3822-1234", "349998877665", "whats", "(34) 9 9988-77"])("refuses the WhatsApp %j", (whatsapp) => {
    expect(messagesOf(adStep2Schema, step2({ whatsapp }), "whatsapp")).toEqual([AD_FORM_MESSAGES.invalidWhatsapp]);
  });

  it.each(["", "amanhã", "01/12/2026", "2026-1-5"])("needs an expiration date as YYYY-MM-DD (%j)", (expirationDate) => {
    expect(messagesOf(adStep2Schema, step2({ expirationDate }), "expirationDate")).toEqual(["Data de expiração é obrigatória"]);
  });
});

describe("adStep2Schema through conform's form parsing (the page's action and the browser's live validation)", () => {
  // Conform turns an empty field into undefined before the schema sees it.
  const submit = (values: Record<string, string>) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) form.append(name, value);
    return parseWithZod(form, { schema: adStep2Schema });
  };

  it("accepts the optional fields left empty: title, price, WhatsApp", () => {
    const submission = submit({ title: "", expirationDate: "2026-12-01", price: "", whatsapp: "", description: "Mesa de jantar." });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({
      title: "",
      expirationDate: "2026-12-01",
      price: null,
      whatsapp: "",
      description: "Mesa de jantar.",
    });
  });

  it("says 'Descrição é obrigatória' for an empty or blank description, and the date's message for an empty date", () => {
    for (const description of ["", "   "]) {
      const submission = submit({ title: "", expirationDate: "", price: "", whatsapp: "", description });
      expect(errorsOf(submission)).toEqual({ description: ["Descrição é obrigatória"], expirationDate: ["Data de expiração é obrigatória"] });
    }
  });

  it("reports the same field messages as a plain parse", () => {
    const submission = submit({ title: "t".repeat(81), expirationDate: "2026-12-01", price: "R$ 9.000.000,01", whatsapp: "(34) 99", description: "d".repeat(401) });
    expect(errorsOf(submission)).toEqual({
      title: [AD_FORM_MESSAGES.titleMax],
      price: [AD_FORM_MESSAGES.maxPrice],
      whatsapp: [AD_FORM_MESSAGES.invalidWhatsapp],
      description: [AD_FORM_MESSAGES.descriptionMax],
    });
  });

  it("reads a single free pair name as a list", () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ expirationDate: "2026-12-01", description: "x", customName: "Garantia", customValue: "3 meses" })) form.append(name, value);
    const submission = parseWithZod(form, { schema: adStep2Schema });
    expect(submission.status === "success" && [submission.value.customName, submission.value.customValue]).toEqual([["Garantia"], ["3 meses"]]);
  });
});

describe("adStep1Schema", () => {
  const good = { adType: "Vender", cityId: "1", categoryId: "2", subcategoryId: "3" };

  it("reads ids from form strings", () => {
    expect(adStep1Schema.safeParse(good).data).toEqual({ adType: "Vender", cityId: 1, categoryId: 2, subcategoryId: 3 });
  });

  it("leaves an empty subcategory out (the server decides whether one is needed)", () => {
    expect(adStep1Schema.safeParse({ ...good, subcategoryId: "" }).data?.subcategoryId).toBeUndefined();
    expect(adStep1Schema.safeParse({ ...good, subcategoryId: undefined }).data?.subcategoryId).toBeUndefined();
  });

  it.each([
    [{ adType: "Alugar" }, "adType", "Tipo é obrigatório"],
    [{ adType: undefined }, "adType", "Tipo é obrigatório"],
    [{ cityId: "" }, "cityId", "Cidade é obrigatória"],
    [{ cityId: "0" }, "cityId", "Cidade é obrigatória"],
    [{ categoryId: "0" }, "categoryId", "Categoria é obrigatória"],
    [{ categoryId: "-1" }, "categoryId", "Categoria é obrigatória"],
    [{ categoryId: "1.5" }, "categoryId", "Categoria é obrigatória"],
    [{ categoryId: "1 OR 1=1" }, "categoryId", "Categoria é obrigatória"],
    [{ categoryId: "9".repeat(20) }, "categoryId", "Categoria é obrigatória"],
    [{ subcategoryId: "abc" }, "subcategoryId", "Selecione uma subcategoria"],
  ])("refuses %j with the field's message", (change, path, message) => {
    expect(messagesOf(adStep1Schema, { ...good, ...change }, path)).toEqual([message]);
  });

  it("knows the three types", () => {
    for (const adType of ["Comprar", "Vender", "Trocar"]) expect(adStep1Schema.safeParse({ ...good, adType }).success).toBe(true);
  });
});

describe("customPairsFrom", () => {
  it("pairs names and values by position, trimmed, and drops empty rows", () => {
    expect(customPairsFrom(["Garantia ", "", " Acessórios"], [" 6 meses", "", "capa e película"])).toEqual({
      pairs: [
        { name: "Garantia", value: "6 meses" },
        { name: "Acessórios", value: "capa e película" },
      ],
      errors: [],
    });
  });

  it("keeps a row with only a name or only a value (the write decides what to do with it)", () => {
    expect(customPairsFrom(["Cor"], [""]).pairs).toEqual([{ name: "Cor", value: "" }]);
    expect(customPairsFrom([""], ["azul"]).pairs).toEqual([{ name: "", value: "azul" }]);
    expect(customPairsFrom(["Cor", "Tamanho"], ["azul"]).pairs).toEqual([
      { name: "Cor", value: "azul" },
      { name: "Tamanho", value: "" },
    ]);
  });

  it(`allows ${MAX_CUSTOM_PAIRS} pairs and refuses one more`, () => {
    const names = Array.from({ length: MAX_CUSTOM_PAIRS + 1 }, (_, i) => `Item ${i}`);
    const values = names.map((_, i) => `valor ${i}`);
    expect(customPairsFrom(names.slice(0, MAX_CUSTOM_PAIRS), values).errors).toEqual([]);
    const over = customPairsFrom(names, values);
    expect(over.errors).toEqual(["No máximo 10 informações extras"]);
    expect(over.pairs).toHaveLength(MAX_CUSTOM_PAIRS);
  });

  it("does not count empty rows toward the limit", () => {
    const names = [...Array.from({ length: MAX_CUSTOM_PAIRS }, (_, i) => `Item ${i}`), "", "  "];
    expect(customPairsFrom(names, names.map((n) => (n.trim() ? "x" : ""))).errors).toEqual([]);
  });

  it(`limits a name to ${CUSTOM_NAME_MAX} and a value to ${CUSTOM_VALUE_MAX} characters, once per message`, () => {
    expect(customPairsFrom(["n".repeat(CUSTOM_NAME_MAX)], ["v".repeat(CUSTOM_VALUE_MAX)]).errors).toEqual([]);
    const over = customPairsFrom(["n".repeat(CUSTOM_NAME_MAX + 1), "m".repeat(CUSTOM_NAME_MAX + 1)], ["v".repeat(CUSTOM_VALUE_MAX + 1), "ok"]);
    expect(over.errors).toEqual([AD_FORM_MESSAGES.customNameMax, AD_FORM_MESSAGES.customValueMax]);
    expect(over.pairs[0]!.name).toHaveLength(CUSTOM_NAME_MAX);
    expect(over.pairs[0]!.value).toHaveLength(CUSTOM_VALUE_MAX);
  });

  it("copes with missing lists", () => {
    expect(customPairsFrom()).toEqual({ pairs: [], errors: [] });
  });
});

describe("descriptionBand (the counter's colour)", () => {
  it.each([
    [0, "normal"],
    [320, "normal"],
    [321, "warn"],
    [360, "warn"],
    [361, "danger"],
    [399, "danger"],
    [400, "limit"],
    [401, "limit"],
  ] as const)("%i characters → %s", (length, band) => {
    expect(descriptionBand(length)).toBe(band);
  });
});

describe("generatedTitle", () => {
  it("is '{adType} - {category name}'", () => {
    expect(generatedTitle("Vender", "Veículos")).toBe("Vender - Veículos");
    expect(generatedTitle("Trocar", "Casa e Móveis")).toBe("Trocar - Casa e Móveis");
  });
});

describe("apiAdSchema (POST /api/ads)", () => {
  const body = (overrides: Record<string, unknown> = {}) => ({
    adType: "Vender",
    idCity: "1",
    categoryId: "1",
    subcategoryId: "1",
    expirationDate: "2026-12-01",
    description: "Fiat Strada 2019 revisada.",
    ...overrides,
  });

  it("does not even read the fields the server decides (adCost, status, userId, views, city, state, condition)", () => {
    const result = apiAdSchema.safeParse(
      body({ adCost: "0.01", adCostCents: 1, status: "active", userId: "1", views: "9999", city: "Paris", state: "SP", condition: "Novo" }),
    );
    expect(result.success).toBe(true);
    for (const key of ["adCost", "adCostCents", "status", "userId", "views", "city", "state", "condition"]) expect(result.data).not.toHaveProperty(key);
  });

  it("reads characteristics as one JSON map of name → value, dropping empty values and trimming", () => {
    const result = apiAdSchema.safeParse(body({ characteristics: JSON.stringify({ " ano ": 2019, marca: " Fiat ", vazio: "", nulo: null, unicoDono: true }) }));
    expect(result.data?.characteristics).toEqual({ ano: "2019", marca: "Fiat", unicoDono: "true" });
    expect(apiAdSchema.safeParse(body({ characteristics: "" })).data?.characteristics).toEqual({});
    expect(apiAdSchema.safeParse(body()).data?.characteristics).toEqual({});
  });

  it.each(["não é json", "[1,2]", "null", '"texto"', "42"])("refuses characteristics %j that are not a JSON object", (characteristics) => {
    expect(messagesOf(apiAdSchema, body({ characteristics }), "characteristics")).toEqual(["characteristics deve ser um objeto JSON de nome → valor"]);
  });

  it(`refuses more than ${MAX_CHARACTERISTIC_ENTRIES} characteristics`, () => {
    const many = Object.fromEntries(Array.from({ length: MAX_CHARACTERISTIC_ENTRIES + 1 }, (_, i) => [`k${i}`, "v"]));
    expect(messagesOf(apiAdSchema, body({ characteristics: JSON.stringify(many) }), "characteristics")).toEqual([
      `No máximo ${MAX_CHARACTERISTIC_ENTRIES} características`,
    ]);
  });

  it("applies the same field rules as the wizard", () => {
    expect(messagesOf(apiAdSchema, body({ description: "x".repeat(401) }), "description")).toEqual([AD_FORM_MESSAGES.descriptionMax]);
    expect(messagesOf(apiAdSchema, body({ price: "9.000.000,01" }), "price")).toEqual([AD_FORM_MESSAGES.maxPrice]);
    expect(messagesOf(apiAdSchema, body({ idCity: "x" }), "idCity")).toEqual([AD_FORM_MESSAGES.cityRequired]);
    expect(messagesOf(apiAdSchema, body({ adType: "vender" }), "adType")).toEqual([AD_FORM_MESSAGES.typeRequired]);
  });
});

describe("the moderation test page's schema through conform", () => {
  it("says what is missing for an empty description or image address", async () => {
    const { moderationImageSchema, moderationTextSchema, MODERATION_TEST_MESSAGES } = await import("~/models/moderation/moderation-test");
    const form = (values: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(values)) data.append(name, value);
      return data;
    };
    expect(errorsOf(parseWithZod(form({ categoryName: "Carros", description: "" }), { schema: moderationTextSchema }))).toEqual({
      description: [MODERATION_TEST_MESSAGES.required],
    });
    expect(errorsOf(parseWithZod(form({ categoryName: "Carros", imageUrl: "" }), { schema: moderationImageSchema }))).toEqual({
      imageUrl: [MODERATION_TEST_MESSAGES.imageRequired],
    });
  });
});
