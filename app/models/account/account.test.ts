import { describe, expect, it } from "vitest";
import {
  apiRegisterSchema,
  apiResetPasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  MESSAGES,
  registerSchema,
  resetPasswordSchema,
  tooManyAttemptsMessage,
} from "./account";

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const byField: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (byField[issue.path.join(".") || ""] ??= []).push(issue.message);
  return byField;
}

const valid = { name: "Ana", email: "ana@exemplo.com.br", password: "Senha@123", confirmPassword: "Senha@123" };

describe("loginSchema", () => {
  it("accepts a valid login; rememberMe defaults to false and reads a checkbox's 'on'", () => {
    expect(loginSchema.parse({ email: "a@b.com", password: "123456" })).toEqual({ email: "a@b.com", password: "123456", rememberMe: false });
    expect(loginSchema.parse({ email: "a@b.com", password: "123456", rememberMe: "on" }).rememberMe).toBe(true);
    expect(loginSchema.parse({ email: "a@b.com", password: "123456", rememberMe: true }).rememberMe).toBe(true);
  });

  it("trims the e-mail", () => {
    expect(loginSchema.parse({ email: "  a@b.com ", password: "123456" }).email).toBe("a@b.com");
  });

  it.each([
    [{ email: "ab.com", password: "123456" }, { email: ["Email inválido"] }],
    [{ password: "123456" }, { email: ["Email inválido"] }],
    [{ email: "a@b.com", password: "12345" }, { password: ["Senha deve ter pelo menos 6 caracteres"] }],
    [{ email: "a@b.com" }, { password: ["Senha deve ter pelo menos 6 caracteres"] }],
  ])("rejects %j with the spec messages", (input, expected) => {
    expect(messagesOf(loginSchema.safeParse(input))).toEqual(expected);
  });
});

describe("registerSchema", () => {
  it("accepts a valid registration", () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });

  it("requires the name (blank counts as missing)", () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, name: "   " }))).toEqual({ name: ["Nome é obrigatório"] });
    expect(messagesOf(registerSchema.safeParse({ ...valid, name: undefined }))).toEqual({ name: ["Nome é obrigatório"] });
  });

  it("requires the confirmation and reports a mismatch on confirmPassword", () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, confirmPassword: undefined }))).toEqual({
      confirmPassword: ["Confirmação de senha é obrigatória"],
    });
    expect(messagesOf(registerSchema.safeParse({ ...valid, confirmPassword: "Senha@124" }))).toEqual({
      confirmPassword: ["Senhas não coincidem"],
    });
  });

  it("reports a mismatch even while another field is still wrong", () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, email: "x", confirmPassword: "outra" }))).toEqual({
      email: ["Email inválido"],
      confirmPassword: ["Senhas não coincidem"],
    });
  });

  it("reports every broken password rule at once", () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, password: "abc", confirmPassword: "abc" })).password).toEqual([
      "A senha deve ter pelo menos 8 caracteres",
      "A senha deve conter pelo menos uma letra maiúscula",
      "A senha deve conter pelo menos um número",
      "A senha deve conter pelo menos um caractere especial (!@#$%^&* etc.)",
    ]);
  });

  it("asks for a password when it is missing", () => {
    expect(messagesOf(registerSchema.safeParse({ ...valid, password: undefined })).password).toEqual(["A senha deve ter pelo menos 8 caracteres"]);
  });
});

describe("API schemas", () => {
  it("POST /api/register takes no confirmation and an optional username", () => {
    const { confirmPassword: _confirm, ...body } = valid;
    expect(apiRegisterSchema.parse({ ...body, username: "ana" })).toEqual({ ...body, username: "ana" });
    expect(apiRegisterSchema.safeParse(body).success).toBe(true);
  });

  it("POST /api/auth/reset-password needs token and a strong newPassword", () => {
    expect(apiResetPasswordSchema.safeParse({ token: "t", newPassword: "Senha@123" }).success).toBe(true);
    expect(messagesOf(apiResetPasswordSchema.safeParse({ newPassword: "Senha@123" }))).toEqual({ token: ["Token de recuperação não encontrado"] });
    expect(messagesOf(apiResetPasswordSchema.safeParse({ token: "t", newPassword: "senha@123" }))).toEqual({
      newPassword: ["A senha deve conter pelo menos uma letra maiúscula"],
    });
  });

  it("forgot-password only needs a valid e-mail", () => {
    expect(messagesOf(forgotPasswordSchema.safeParse({ email: "nope" }))).toEqual({ email: ["Email inválido"] });
  });
});

describe("resetPasswordSchema (page)", () => {
  it("says 'As senhas não coincidem' on a mismatch", () => {
    expect(messagesOf(resetPasswordSchema.safeParse({ token: "t", password: "Senha@123", confirmPassword: "Senha@321" }))).toEqual({
      confirmPassword: ["As senhas não coincidem"],
    });
  });
});

describe("messages", () => {
  it("keep the spec's wording", () => {
    expect(MESSAGES.invalidCredentials).toBe("Email ou senha incorretos. Verifique suas credenciais.");
    expect(MESSAGES.loginFailedTitle).toBe("Não foi possível fazer login");
    expect(MESSAGES.resetTokenMissing).toBe("Token de recuperação não encontrado");
  });

  it("the throttle message counts minutes in Portuguese", () => {
    expect(tooManyAttemptsMessage(1)).toBe("Muitas tentativas. Aguarde 1 minuto e tente novamente.");
    expect(tooManyAttemptsMessage(15)).toBe("Muitas tentativas. Aguarde 15 minutos e tente novamente.");
  });
});
