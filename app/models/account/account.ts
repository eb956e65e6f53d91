/**
 * The account forms' schemas (spec 01 §5), shared by the page actions, the live validation in the
 * browser (conform, loaded when a form is first used: useLiveForm.ts) and the JSON API. zod/mini: the
 * browser gets them.
 */
import * as z from "zod/mini";
import { oneLine } from "~/lib/plain-text";
import { MESSAGES } from "~/models/account/account-messages";
import { LOGIN_PASSWORD_MIN_MESSAGE, PASSWORD_RULES } from "~/models/account/password";
import { loginPasswordSchema, newPasswordSchema } from "~/models/account/password-schema";

// The pages import the messages from account-messages.ts (no schema library in their scripts); the server's modules from here.
export { MESSAGES };

const minutesText = (minutes: number) => `${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;

/** "Muitas tentativas…" with the minutes left in the 15-minute window. */
export function tooManyAttemptsMessage(minutes: number) {
  return `Muitas tentativas. Aguarde ${minutesText(minutes)} e tente novamente.`;
}

/** Sign-ups are limited per address and hour: what a refused one says. */
export function tooManySignUpsMessage(minutes: number) {
  return `Muitos cadastros feitos a partir desta conexão. Aguarde ${minutesText(minutes)} e tente novamente.`;
}

const email = z.string({ error: MESSAGES.invalidEmail }).check(z.trim(), z.maxLength(255, MESSAGES.invalidEmail), z.email(MESSAGES.invalidEmail));

// Empty fields reach the schema as undefined (conform); the first rule's message says what is missing.
const newPassword = z.pipe(z.string({ error: PASSWORD_RULES[0]!.message }), newPasswordSchema);
const loginPassword = z.pipe(
  z.string({ error: LOGIN_PASSWORD_MIN_MESSAGE }).check(z.maxLength(200, "Senha inválida")),
  loginPasswordSchema,
);
const confirmation = z.string({ error: MESSAGES.confirmRequired }).check(z.minLength(1, MESSAGES.confirmRequired));

/** A checkbox ("on") from a form, or a boolean from JSON; absent means false. */
const checkbox = z._default(
  z.pipe(
    z.union([z.boolean(), z.literal("on"), z.literal("true"), z.literal("false")]),
    z.transform((value) => value === true || value === "on" || value === "true"),
  ),
  false,
);

const name = z
  .string({ error: MESSAGES.nameRequired })
  .check(oneLine(), z.minLength(1, MESSAGES.nameRequired), z.maxLength(120, "Nome muito longo"));

export const loginSchema = z.object({
  email,
  password: loginPassword,
  rememberMe: checkbox,
  redirectTo: z.optional(z.string()),
});

export const registerSchema = z
  .object({
    name,
    email,
    password: newPassword,
    confirmPassword: confirmation,
  })
  .check(
    z.refine((data) => data.password === data.confirmPassword, {
      message: MESSAGES.passwordsDontMatch,
      path: ["confirmPassword"],
      // Tell the user as soon as both are filled, even while other fields still have errors.
      when: (payload) => {
        const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
        return typeof value?.password === "string" && typeof value?.confirmPassword === "string";
      },
    }),
  );

/** POST /api/register: the same rules, without the confirmation (spec 01 §3), username optional. */
export const apiRegisterSchema = z.object({
  name,
  email,
  password: newPassword,
  username: z.optional(z.string().check(oneLine(), z.maxLength(50, "Nome de usuário muito longo"))),
});

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    token: z.string({ error: MESSAGES.resetTokenMissing }).check(z.minLength(1, MESSAGES.resetTokenMissing)),
    password: newPassword,
    confirmPassword: confirmation,
  })
  .check(
    z.refine((data) => data.password === data.confirmPassword, {
      message: MESSAGES.resetPasswordsDontMatch,
      path: ["confirmPassword"],
      when: (payload) => {
        const value = payload.value as { password?: unknown; confirmPassword?: unknown } | undefined;
        return typeof value?.password === "string" && typeof value?.confirmPassword === "string";
      },
    }),
  );

/** POST /api/auth/reset-password (spec 01 §7). */
export const apiResetPasswordSchema = z.object({
  token: z.string({ error: MESSAGES.resetTokenMissing }).check(z.minLength(1, MESSAGES.resetTokenMissing)),
  newPassword,
});
