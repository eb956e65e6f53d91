import { describe, it, expect } from "vitest";
import { formatCpfCnpj, isValidCnpj, isValidCpf, isValidCpfCnpj, onlyDigits } from "./documents";

describe("onlyDigits", () => {
  it("strips everything but digits", () => {
    expect(onlyDigits("529.982.247-25")).toBe("52998224725");
    expect(onlyDigits(null)).toBe("");
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
  it.each(["11.222.333/0001-81", "11222333000181", "45.723.174/0001-10"])("accepts %s", (cnpj) => {
    expect(isValidCnpj(cnpj)).toBe(true);
  });

  it.each([
    "11.222.333/0001-82", // wrong second check digit
    "11.222.333/0001-71", // wrong first check digit
    "11.111.111/1111-11",
    "00.000.000/0000-00",
    "1122233300018", // 13 digits
    "52998224725", // a CPF
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

  it("re-masks formatted input and keeps at most 14 digits", () => {
    expect(formatCpfCnpj("529.982.247-25")).toBe("529.982.247-25");
    expect(formatCpfCnpj("529.982.247-251")).toBe("52.998.224/7251");
    expect(formatCpfCnpj("11.222.333/0001-8199")).toBe("11.222.333/0001-81");
  });
});
