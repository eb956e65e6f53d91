import { describe, it, expect } from "vitest";
import { formatCpfCnpj, isValidCnpj, isValidCpf, isValidCpfCnpj, normalizeDocument, onlyDigits } from "./documents";

describe("onlyDigits", () => {
  it("strips everything but digits", () => {
    expect(onlyDigits("529.982.247-25")).toBe("52998224725");
    expect(onlyDigits(null)).toBe("");
  });
});

describe("normalizeDocument", () => {
  it("keeps upper-case letters and digits", () => {
    expect(normalizeDocument("12.abc.345/01de-35")).toBe("12ABC34501DE35");
    expect(normalizeDocument(" 529.982.247-25 ")).toBe("52998224725");
    expect(normalizeDocument(undefined)).toBe("");
  });
});

describe("isValidCpf", () => {
  it.each(["529.982.247-25", "52998224725", "111.444.777-35", "000.000.001-91"])("accepts %s", (cpf) => {
    expect(isValidCpf(cpf)).toBe(true);
  });

  it.each([
    "529.982.247-24", // wrong second check digit
    "529.982.247-15", // wrong first check digit
    "111.111.111-11", // same digit repeated
    "000.000.000-00",
    "5299822472", // 10 digits
    "529982247250", // 12 digits
    "",
  ])("rejects %j", (cpf) => {
    expect(isValidCpf(cpf)).toBe(false);
  });
});

describe("isValidCnpj", () => {
  it.each([
    "11.222.333/0001-81",
    "11222333000181",
    "45.723.174/0001-10",
    // The Receita Federal's example of an alphanumeric CNPJ (IN RFB 2.229/2024), masked, bare and in lower case.
    "12.ABC.345/01DE-35",
    "12ABC34501DE35",
    "12.abc.345/01de-35",
  ])("accepts %s", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    "11.222.333/0001-82", // wrong second check digit
    "11.222.333/0001-71", // wrong first check digit
    "11.111.111/1111-11",
    "00.000.000/0000-00",
    "1122233300018", // 13 digits
    "52998224725", // a CPF
    "12.ABC.345/01DE-36", // alphanumeric, wrong second check digit
    "12.ABC.345/01DE-25", // alphanumeric, wrong first check digit
    "12.ABC.345/01DE-3A", // a letter in a check digit place
    "12.ABD.345/01DE-35", // one letter changed
    "12.ÁBC.345/01DE-35", // not an ASCII letter
    "",
  ])("rejects %j", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(false);
  });
});

describe("isValidCpfCnpj", () => {
  it("dispatches on the number of digits", () => {
    expect(isValidCpfCnpj("529.982.247-25")).toBe(true);
    expect(isValidCpfCnpj("11.222.333/0001-81")).toBe(true);
    expect(isValidCpfCnpj("529.982.247-24")).toBe(false);
    expect(isValidCpfCnpj("11.222.333/0001-80")).toBe(false);
    expect(isValidCpfCnpj("12.ABC.345/01DE-35")).toBe(true);
    expect(isValidCpfCnpj("529.98A.247-25")).toBe(false); // letters never make a CPF
    expect(isValidCpfCnpj("123456789012")).toBe(false);
    expect(isValidCpfCnpj(undefined)).toBe(false);
  });
});

describe("formatCpfCnpj", () => {
  it("masks a CPF progressively", () => {
    expect(formatCpfCnpj("")).toBe("");
    expect(formatCpfCnpj("5")).toBe("5");
    expect(formatCpfCnpj("529")).toBe("529");
    expect(formatCpfCnpj("5299")).toBe("529.9");
    expect(formatCpfCnpj("529982")).toBe("529.982");
    expect(formatCpfCnpj("5299822")).toBe("529.982.2");
    expect(formatCpfCnpj("529982247")).toBe("529.982.247");
    expect(formatCpfCnpj("5299822472")).toBe("529.982.247-2");
    expect(formatCpfCnpj("52998224725")).toBe("529.982.247-25");
  });

  it("switches to the CNPJ mask above 11 digits", () => {
    expect(formatCpfCnpj("112223330001")).toBe("11.222.333/0001");
    expect(formatCpfCnpj("1122233300018")).toBe("11.222.333/0001-8");
    expect(formatCpfCnpj("11222333000181")).toBe("11.222.333/0001-81");
  });

  it("masks an alphanumeric CNPJ as it is typed, in upper case", () => {
    expect(formatCpfCnpj("12a")).toBe("12.A");
    expect(formatCpfCnpj("12abc345")).toBe("12.ABC.345");
    expect(formatCpfCnpj("12abc34501de")).toBe("12.ABC.345/01DE");
    expect(formatCpfCnpj("12abc34501de35")).toBe("12.ABC.345/01DE-35");
    expect(formatCpfCnpj("12.ABC.345/01DE-35")).toBe("12.ABC.345/01DE-35");
  });

  it("keeps only digits in the check digit places", () => {
    expect(formatCpfCnpj("12ABC34501DEX3Y5")).toBe("12.ABC.345/01DE-35");
  });

  it("re-masks formatted input and keeps at most 14 digits", () => {
    expect(formatCpfCnpj("529.982.247-25")).toBe("529.982.247-25");
    expect(formatCpfCnpj("529.982.247-251")).toBe("52.998.224/7251");
    expect(formatCpfCnpj("11.222.333/0001-8199")).toBe("11.222.333/0001-81");
  });
});
