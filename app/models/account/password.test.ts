import { describe, it, expect } from "vitest";
import { LOGIN_PASSWORD_MIN, LOGIN_PASSWORD_MIN_MESSAGE, PASSWORD_RULES, passwordChecklist } from "./password";
import { loginPasswordSchema, newPasswordSchema } from "./password-schema";

const messagesFor = (pw: string): string[] => {
  const result = newPasswordSchema.safeParse(pw);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

const MIN = "A senha deve ter pelo menos 8 caracteres";
const MAX = "A senha não pode ter mais de 100 caracteres";
const LOWER = "A senha deve conter pelo menos uma letra minúscula";
const UPPER = "A senha deve conter pelo menos uma letra maiúscula";
const NUMBER = "A senha deve conter pelo menos um número";
const SPECIAL = "A senha deve conter pelo menos um caractere especial (!@#$%^&* etc.)";

describe("PASSWORD_RULES", () => {
  it("carries the spec messages in order", () => {
    expect(PASSWORD_RULES.map((r) => r.message)).toEqual([MIN, MAX, LOWER, UPPER, NUMBER, SPECIAL]);
    expect(new Set(PASSWORD_RULES.map((r) => r.id)).size).toBe(PASSWORD_RULES.length);
  });
});

describe("newPasswordSchema", () => {
  it("accepts a password meeting every rule", () => {
    expect(messagesFor("Segura#2026")).toEqual([]);
    expect(newPasswordSchema.safeParse("Segura#2026").data).toBe("Segura#2026");
  });

  it.each([
    ["Ab1!xyz", MIN],
    [`Ab1!${"x".repeat(97)}`, MAX],
    ["SENHA#2026", LOWER],
    ["senha#2026", UPPER],
    ["Senha#segura", NUMBER],
    ["Senha2026", SPECIAL],
  ])("rejects %j with only the matching message", (pw, message) => {
    expect(messagesFor(pw)).toEqual([message]);
  });

  it("accepts exactly 8 and exactly 100 characters", () => {
    expect(messagesFor("Ab1!abcd")).toEqual([]);
    expect(messagesFor(`Ab1!${"x".repeat(96)}`)).toEqual([]);
  });

  it("reports every failing rule at once", () => {
    expect(messagesFor("")).toEqual([MIN, LOWER, UPPER, NUMBER, SPECIAL]);
  });

  it("counts accented letters as letters, not as special characters", () => {
    expect(messagesFor("Ção12345")).toEqual([SPECIAL]);
    expect(messagesFor("ÇÃO12345!")).toEqual([LOWER]);
    expect(messagesFor("Senha 2026")).toEqual([SPECIAL]); // whitespace is not special
    expect(messagesFor("Senha_2026")).toEqual([]);
    expect(messagesFor("Senha€2026")).toEqual([]);
  });

  it("rejects non-strings", () => {
    expect(newPasswordSchema.safeParse(12345678).success).toBe(false);
  });
});

describe("passwordChecklist", () => {
  it("lists the five live-check labels", () => {
    expect(passwordChecklist("").map((item) => [item.label, item.ok])).toEqual([
      ["Pelo menos 8 caracteres", false],
      ["Uma letra minúscula", false],
      ["Uma letra maiúscula", false],
      ["Um número", false],
      ["Um caractere especial", false],
    ]);
  });

  it("ticks the rules that pass", () => {
    const byId = Object.fromEntries(passwordChecklist("abcdefgH1").map((item) => [item.id, item.ok]));
    expect(byId).toEqual({ minLength: true, lowercase: true, uppercase: true, number: true, special: false });
    expect(passwordChecklist("Segura#2026").every((item) => item.ok)).toBe(true);
  });
});

describe("login password", () => {
  it("only needs 6 characters", () => {
    expect(LOGIN_PASSWORD_MIN).toBe(6);
    expect(loginPasswordSchema.safeParse("123456").success).toBe(true);
    const short = loginPasswordSchema.safeParse("12345");
    expect(short.success).toBe(false);
    expect(short.error?.issues.map((i) => i.message)).toEqual([LOGIN_PASSWORD_MIN_MESSAGE]);
    expect(LOGIN_PASSWORD_MIN_MESSAGE).toBe("Senha deve ter pelo menos 6 caracteres");
  });
});
