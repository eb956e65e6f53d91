import { describe, it, expect } from "vitest";
import { formatBRLAmount } from "./brl";
import {
  MAX_PRICE_CENTS,
  MAX_PRICE_MESSAGE,
  centsToDecimalString,
  formatBRL,
  parseDecimalToCents,
  parsePriceBound,
  priceFromDigits,
} from "./money";

// Intl separates "R$" from the amount with a NON-BREAKING space (U+00A0); we compare exactly.
const NBSP = "\u00a0";

describe("formatBRL", () => {
  it("formats cents as pt-BR currency with a non-breaking space after R$", () => {
    expect(formatBRL(123456)).toBe(`R$${NBSP}1.234,56`);
    expect(formatBRL(1)).toBe(`R$${NBSP}0,01`);
    expect(formatBRL(250)).toBe(`R$${NBSP}2,50`);
    expect(formatBRL(MAX_PRICE_CENTS)).toBe(`R$${NBSP}9.000.000,00`);
  });

  it("writes exactly what Intl's pt-BR currency format writes (it is done by hand to spare the browser Intl's locale data)", () => {
    const intl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });
    const amounts = [1, 9, 10, 99, 100, 999, 1_000, 99_999, 100_000, 123_456_789, MAX_PRICE_CENTS, -1, -150, -123_456];
    for (let i = 0; i < 2_000; i++) amounts.push(Math.floor(Math.random() * 10 ** (1 + (i % 11))));
    for (const cents of amounts.filter((value) => value !== 0)) expect(formatBRL(cents)).toBe(intl.format(cents / 100));
  });

  it("shows 'A combinar' for empty, zero and non-numeric prices", () => {
    expect(formatBRL(null)).toBe("A combinar");
    expect(formatBRL(undefined)).toBe("A combinar");
    expect(formatBRL(0)).toBe("A combinar");
    expect(formatBRL(Number.NaN)).toBe("A combinar");
  });

  it("writes an amount that is not a price, zero included, the same way", () => {
    expect(formatBRLAmount(0)).toBe(`R$${NBSP}0,00`);
    expect(formatBRLAmount(35_050)).toBe(`R$${NBSP}350,50`);
  });
});

describe("centsToDecimalString", () => {
  it("renders the JSON API decimal shape", () => {
    expect(centsToDecimalString(123456)).toBe("1234.56");
    expect(centsToDecimalString(5)).toBe("0.05");
    expect(centsToDecimalString(100)).toBe("1.00");
    expect(centsToDecimalString(0)).toBe("0.00");
    expect(centsToDecimalString(-5)).toBe("-0.05");
  });

  it("returns an empty string for missing values", () => {
    expect(centsToDecimalString(null)).toBe("");
    expect(centsToDecimalString(undefined)).toBe("");
    expect(centsToDecimalString(Number.NaN)).toBe("");
  });
});

describe("parseDecimalToCents", () => {
  it.each([
    ["1234.56", 123456],
    ["1234,56", 123456],
    ["1.234,56", 123456],
    ["1,234.56", 123456],
    ["R$ 1.234,56", 123456],
    [`R$${NBSP}1.234,56`, 123456],
    ["  12,5 ", 1250],
    ["2.5", 250],
    ["1.234.567,89", 123456789],
    ["1.234", 123400], // pt-BR thousands, not 1.234 reais
    ["1.234.567", 123456700],
    ["0.01", 1],
    [".50", 50],
    ["10", 1000],
    ["1,005", 101], // more than two decimals: half-up
    ["9.000.000,00", MAX_PRICE_CENTS],
  ])("parses %j as %i cents", (input, cents) => {
    expect(parseDecimalToCents(input)).toBe(cents);
  });

  it("accepts numbers without binary rounding surprises", () => {
    expect(parseDecimalToCents(1234.56)).toBe(123456);
    expect(parseDecimalToCents(0.29)).toBe(29);
    expect(parseDecimalToCents(1.005)).toBe(101);
    expect(parseDecimalToCents(2)).toBe(200);
  });

  it.each([null, undefined, "", "   ", "0", "0.00", "0,00", "R$ 0,00", 0, "abc", "12a", "1,23,4", "12.34.5", "1.2.3,45", "-5", -5, Number.NaN, Infinity, "R$"])(
    "returns null ('A combinar') for %j",
    (input) => {
      expect(parseDecimalToCents(input)).toBeNull();
    },
  );

  it("round-trips through centsToDecimalString", () => {
    for (const cents of [1, 99, 100, 123456, MAX_PRICE_CENTS]) {
      expect(parseDecimalToCents(centsToDecimalString(cents))).toBe(cents);
    }
  });
});

describe("parsePriceBound (the listing's Mínimo/Máximo fields)", () => {
  it.each([
    ["1500", 150_000],
    ["1.500", 150_000], // pt-BR thousands separator, not R$ 1,50
    ["1.500,00", 150_000], // what a phone user types; a number field made it "1.50000"
    ["1500,5", 150_050],
    ["1500,50", 150_050],
    ["1.500,5", 150_050],
    ["R$ 1.500", 150_000],
    [`R$${NBSP}1.500,00`, 150_000],
    ["r$1500", 150_000],
    ["  1500  ", 150_000],
    ["1500.50", 150_050], // the form the page writes back into the URL and the field
    ["1500.5", 150_050],
    ["0,50", 50],
    ["1.500.000", 150_000_000],
    ["9.000.000,00", MAX_PRICE_CENTS], // the highest price an ad may ask is still a bound
  ])("reads %j as %i cents", (input, cents) => {
    expect(parsePriceBound(input)).toBe(cents);
  });

  it.each([
    null,
    undefined,
    "",
    "   ",
    "0",
    "0,00",
    "R$",
    "abc",
    "mil reais",
    "1500abc",
    "15OO", // letter O
    "1,50,0",
    "1.50.0",
    "1.2.3,45",
    "<script>",
    "-1500",
    "-1.500,00",
    "- 5",
    "9.000.000,01", // above the highest price: ignored
    "10000000",
    "9".repeat(16), // too many digits for exact cents
    "9".repeat(400),
  ])("ignores %j", (input) => {
    expect(parsePriceBound(input)).toBeNull();
  });

  it("reads back what the page writes into the field and the URL", () => {
    for (const cents of [1, 50, 150_000, 150_050, MAX_PRICE_CENTS]) {
      expect(parsePriceBound(String(cents / 100))).toBe(cents);
    }
  });
});

describe("priceFromDigits (input mask)", () => {
  it("treats the typed digits as cents", () => {
    expect(priceFromDigits("1")).toBe(1);
    expect(priceFromDigits("12")).toBe(12);
    expect(priceFromDigits("123")).toBe(123);
    expect(priceFromDigits(`R$${NBSP}1.234,567`)).toBe(1234567);
    expect(priceFromDigits("00150")).toBe(150);
  });

  it("returns null when there are no digits or only zeros", () => {
    expect(priceFromDigits("")).toBeNull();
    expect(priceFromDigits("R$ ,")).toBeNull();
    expect(priceFromDigits("000")).toBeNull();
  });

  it("stays an exact integer however many digits are typed", () => {
    const cents = priceFromDigits("9".repeat(30));
    expect(Number.isSafeInteger(cents)).toBe(true);
    expect(cents).toBeGreaterThan(MAX_PRICE_CENTS);
  });
});

describe("price limit", () => {
  it("is R$ 9.000.000,00 with the spec message", () => {
    expect(MAX_PRICE_CENTS).toBe(900_000_000);
    expect(MAX_PRICE_MESSAGE).toBe("Valor máximo permitido é R$ 9.000.000,00");
  });
});
