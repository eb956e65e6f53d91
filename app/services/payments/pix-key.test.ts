import { describe, expect, it } from "vitest";
import { DEMO_PIX_KEY } from "./local-gateway.server";
import { checkPixKey } from "./pix-key";

describe("checkPixKey: the five DICT forms", () => {
  it.each([
    ["12345678909", "cpf"],
    ["11222333000181", "cnpj"],
    ["12ABC34501DE35", "cnpj"],
    ["+5534999998888", "phone"],
    ["+553432221111", "phone"],
    ["pix@classificadospatos.com.br", "email"],
    ["fulano.tal+pix@example.com", "email"],
    ["123e4567-e12b-12d1-a456-426655440000", "evp"],
    ["123E4567-E12B-12D1-A456-426655440000", "evp"],
    [DEMO_PIX_KEY, "evp"],
  ])("accepts %s as %s", (key, type) => {
    expect(checkPixKey(key)).toEqual({ ok: true, type });
  });

  it("ignores surrounding spaces (the settings are trimmed too)", () => {
    expect(checkPixKey("  12345678909 ")).toEqual({ ok: true, type: "cpf" });
  });
});

describe("checkPixKey: what is wrong, in the form the value looks like", () => {
  it.each([
    // CPF and CNPJ: check digits, and the digits-only form.
    ["12345678900", "cpf", /^looks like a CPF but its check digits are wrong \(if it is a phone, a phone key must be \+55/],
    ["11111111111", "cpf", /looks like a CPF but its check digits are wrong/],
    ["123.456.789-09", "cpf", /looks like a CPF, but a CPF key is written as digits only: 12345678909$/],
    ["11222333000180", "cnpj", /^looks like a CNPJ but its check digits are wrong$/],
    ["11.222.333/0001-81", "cnpj", /written as digits only: 11222333000181$/],
    // The alphanumeric CNPJ: its check digits, and upper-case letters and digits only.
    ["12ABC34501DE36", "cnpj", /^looks like an alphanumeric CNPJ but its check digits are wrong$/],
    ["12.ABC.345/01DE-35", "cnpj", /written as upper-case letters and digits only: 12ABC34501DE35$/],
    ["12abc34501de35", "cnpj", /written as upper-case letters and digits only: 12ABC34501DE35$/],
    // Phones: +55, DDD and number, nothing else.
    ["+55 34 99999-8888", "phone", /a phone key must be \+55 followed by DDD and number, e\.g\. \+5534999998888 \(here: \+5534999998888\)$/],
    ["(34) 99999-8888", "phone", /^looks like a phone number, but a phone key must be .* \(here: \+5534999998888\)$/],
    ["3432221111", "phone", /\(here: \+553432221111\)$/],
    ["+553499999", "phone", /a phone key must be \+55 followed by DDD and number, e\.g\. \+5534999998888$/],
    ["+14155550100", "phone", /e\.g\. \+5534999998888$/],
    // E-mail: a real address, lowercase, at most 77 characters.
    ["Pix@Example.com", "email", /^looks like an e-mail, but e-mail keys are written in lowercase: pix@example\.com$/],
    ["pix@localhost", "email", /looks like an e-mail, but it is not a valid address/],
    ["pix @example.com", "email", /not a valid address/],
    [`${"a".repeat(70)}@example.com`, "email", /at most 77 characters/],
    // Random key: a UUID, whole.
    ["123e4567-e12b-12d1-a456-42665544000", "evp", /^looks like a random key \(EVP\), but a random key must be 36 characters/],
    ["123e4567e12b12d1a456-426655440000", "evp", /8-4-4-4-12 hex digits with dashes/],
  ])("refuses %s as a broken %s", (key, looksLike, problem) => {
    const check = checkPixKey(key);
    expect(check).toMatchObject({ ok: false, looksLike });
    expect(check.ok ? "" : check.problem).toMatch(problem);
  });

  it.each([
    ["12345", /^is a number of 5 digits, but a number key must be a CPF \(11 digits\), a CNPJ \(14 digits\) or a phone/],
    ["classificados patos", /^is not a PIX key: use a CPF or CNPJ \(digits, and a CNPJ's upper-case letters, only\), a phone .*, an e-mail or a random key/],
  ])("refuses %s, which looks like no key at all", (key, problem) => {
    const check = checkPixKey(key);
    expect(check).toMatchObject({ ok: false, looksLike: null });
    expect(check.ok ? "" : check.problem).toMatch(problem);
  });
});
