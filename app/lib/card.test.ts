import { describe, expect, it } from "vitest";
import {
  CARD_MESSAGES,
  DECLINED_TEST_CARDS,
  cardDigits,
  cardLast4,
  cardProblem,
  detectCardBrand,
  findDeclinedTestCard,
  formatCardNumber,
  isExpiryInFuture,
  isLuhnValid,
  parseCardExpiry,
} from "./card";

describe("digits, last four and display", () => {
  it("keeps only digits", () => {
    expect(cardDigits("4111 1111-1111.1111")).toBe("4111111111111111");
    expect(cardDigits(null)).toBe("");
  });

  it("takes the last four digits", () => {
    expect(cardLast4("4111 1111 1111 1234")).toBe("1234");
  });

  it("groups by four and stops at 19 digits", () => {
    expect(formatCardNumber("4111111111111111")).toBe("4111 1111 1111 1111");
    expect(formatCardNumber("41111")).toBe("4111 1");
    expect(formatCardNumber("1".repeat(25))).toBe("1111 1111 1111 1111 111");
  });
});

describe("isLuhnValid", () => {
  it("accepts well-known valid numbers, spaced or not", () => {
    for (const n of ["4111111111111111", "5555 5555 5555 4444", "378282246310005", "6062825624254001", "4000000000000002"]) {
      expect(isLuhnValid(n), n).toBe(true);
    }
  });

  it("rejects a wrong check digit and impossible lengths", () => {
    expect(isLuhnValid("4111111111111112")).toBe(false);
    expect(isLuhnValid("4444444444444444")).toBe(false);
    expect(isLuhnValid("0")).toBe(false);
    expect(isLuhnValid("000000000000")).toBe(false); // 12 digits
    expect(isLuhnValid("")).toBe(false);
  });
});

describe("detectCardBrand", () => {
  it.each([
    ["4111111111111111", "visa"],
    ["5555555555554444", "mastercard"],
    ["2221000000000009", "mastercard"],
    ["2720990000000007", "mastercard"],
    ["378282246310005", "amex"],
    ["341111111111111", "amex"],
    ["6362970000457013", "elo"],
    ["5067766783888311", "elo"],
    ["4011780000000000", "elo"],
    ["5090000000000000", "elo"],
    ["6062825624254001", "hipercard"],
    ["3841001111222233334", "hipercard"],
    ["6011111111111117", "unknown"],
    ["12", "unknown"],
  ])("%s is %s", (number, brand) => {
    expect(detectCardBrand(number)).toBe(brand);
  });
});

describe("expiry", () => {
  it("reads 2- and 4-digit years and rejects bad months", () => {
    expect(parseCardExpiry("03", "29")).toEqual({ month: 3, year: 2029 });
    expect(parseCardExpiry(12, 2030)).toEqual({ month: 12, year: 2030 });
    expect(parseCardExpiry("13", "2030")).toBeNull();
    expect(parseCardExpiry("0", "2030")).toBeNull();
    expect(parseCardExpiry("05", "203")).toBeNull();
  });

  it("is valid through the whole expiry month, in São Paulo time", () => {
    // 23:30 on 31/03/2026 in São Paulo is already April in UTC.
    const lastEveningOfMarch = new Date("2026-04-01T02:30:00Z");
    expect(isExpiryInFuture("03", "2026", lastEveningOfMarch)).toBe(true);
    expect(isExpiryInFuture("02", "2026", lastEveningOfMarch)).toBe(false);
    // 00:30 on 01/04 in São Paulo: March cards are expired.
    expect(isExpiryInFuture("03", "26", new Date("2026-04-01T03:30:00Z"))).toBe(false);
    expect(isExpiryInFuture("01", "2027", lastEveningOfMarch)).toBe(true);
  });

  it("treats a year more than 20 years ahead as a mistake", () => {
    const now = new Date("2026-06-15T12:00:00Z");
    expect(isExpiryInFuture("06", "2046", now)).toBe(true);
    expect(isExpiryInFuture("06", "2047", now)).toBe(false);
  });
});

describe("cardProblem", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  const good = { holderName: "MARIA SILVA", number: "4111 1111 1111 1111", expiryMonth: "12", expiryYear: "2030", ccv: "123" };

  it("returns null for a payable card", () => {
    expect(cardProblem(good, now)).toBeNull();
    expect(cardProblem({ ...good, ccv: "1234" }, now)).toBeNull();
    expect(cardProblem({ ...good, number: "378282246310005", ccv: "1234" }, now)).toBeNull();
  });

  it("names the first problem in pt-BR", () => {
    expect(cardProblem({ ...good, holderName: " " }, now)).toBe(CARD_MESSAGES.holderRequired);
    expect(cardProblem({ ...good, number: "4111111111111112" }, now)).toBe(CARD_MESSAGES.invalidNumber);
    expect(cardProblem({ ...good, expiryMonth: "13" }, now)).toBe(CARD_MESSAGES.invalidExpiry);
    expect(cardProblem({ ...good, expiryMonth: "05", expiryYear: "2026" }, now)).toBe(CARD_MESSAGES.expired);
    expect(cardProblem({ ...good, ccv: "12" }, now)).toBe(CARD_MESSAGES.invalidCcv);
    expect(cardProblem({ ...good, ccv: "12a" }, now)).toBe(CARD_MESSAGES.invalidCcv);
    expect(cardProblem({ ...good, number: "378282246310005", ccv: "123" }, now)).toBe(CARD_MESSAGES.invalidCcv);
  });
});

describe("declined test cards", () => {
  it("are all Luhn-valid, so they reach the gateway and get refused there", () => {
    for (const card of DECLINED_TEST_CARDS) expect(isLuhnValid(card.number), card.number).toBe(true);
  });

  it("are found whatever the spacing", () => {
    expect(findDeclinedTestCard("4000 0000 0000 0002")?.reason).toBe("declined");
    expect(findDeclinedTestCard("4000 0000 0000 9995")?.reason).toBe("insufficient_funds");
    expect(findDeclinedTestCard("4111 1111 1111 1111")).toBeUndefined();
  });
});
