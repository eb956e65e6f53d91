/**
 * The owner's account page (/conta), browser-safe: the schemas of its three forms (profile, password,
 * account deletion) and their pt-BR messages, shared by the page's server action and the live
 * validation in the browser.
 */
import * as z from "zod/mini";
import { oneLine } from "~/lib/plain-text";
import { isValidWhatsapp } from "~/lib/whatsapp";
import { PASSWORD_RULES } from "~/models/account/password";
import { newPasswordSchema } from "~/models/account/password-schema";

export const ACCOUNT_MESSAGES = {
  nameRequired: "Nome é obrigatório",
  nameTooLong: "Nome muito longo",
  invalidWhatsapp: "WhatsApp inválido: use (DD) NNNN-NNNN ou (DD) N NNNN-NNNN",
  profileSaved: "Dados atualizados",
  currentPasswordRequired: "Informe a senha atual",
  wrongCurrentPassword: "Senha atual incorreta",
  confirmRequired: "Confirmação de senha é obrigatória",
  passwordsDontMatch: "As senhas não coincidem",
  passwordChanged: "Senha alterada",
  passwordChangedDescription: "As outras sessões da sua conta foram encerradas.",
  deletePasswordRequired: "Digite a sua senha para confirmar",
  deleteWrongPassword: "Senha incorreta. A conta não foi excluída.",
  deleteEmailRequired: "Digite o seu e-mail para confirmar",
  deleteWrongEmail: "O e-mail não confere. A conta não foi excluída.",
  adminCannotDelete: "Contas de administrador não podem ser excluídas por aqui. Peça a outro administrador.",
  accountDeleted: "Conta excluída",
  accountDeletedDescription: "Seus dados e anúncios foram apagados. Os pagamentos ficam guardados sem identificação, como exige a lei.",
} as const;

/** "" means no WhatsApp. */
const whatsapp = z.pipe(
  z.pipe(z.optional(z.string()), z.transform((value: string | undefined) => (value ?? "").trim())),
  z.string().check(z.refine((value) => value === "" || isValidWhatsapp(value), ACCOUNT_MESSAGES.invalidWhatsapp)),
);

export const profileSchema = z.object({
  fullName: z
    .string({ error: ACCOUNT_MESSAGES.nameRequired })
    .check(oneLine(), z.minLength(1, ACCOUNT_MESSAGES.nameRequired), z.maxLength(120, ACCOUNT_MESSAGES.nameTooLong)),
  phone: whatsapp,
});

export const changePasswordSchema = z
  .object({
    /** Absent for an account that never had a password (Google sign-in): it is creating one. */
    currentPassword: z.optional(z.string().check(z.maxLength(200, ACCOUNT_MESSAGES.wrongCurrentPassword))),
    newPassword: z.pipe(z.string({ error: PASSWORD_RULES[0]!.message }), newPasswordSchema),
    confirmPassword: z.string({ error: ACCOUNT_MESSAGES.confirmRequired }).check(z.minLength(1, ACCOUNT_MESSAGES.confirmRequired)),
  })
  .check(
    z.refine((data) => data.newPassword === data.confirmPassword, {
      message: ACCOUNT_MESSAGES.passwordsDontMatch,
      path: ["confirmPassword"],
      when: (payload) => {
        const value = payload.value as { newPassword?: unknown; confirmPassword?: unknown } | undefined;
        return typeof value?.newPassword === "string" && typeof value?.confirmPassword === "string";
      },
    }),
  );

/** The account's password, or (an account without one) its e-mail, typed again. */
export const deleteAccountSchema = z.object({
  password: z.optional(z.string().check(z.maxLength(200, ACCOUNT_MESSAGES.deleteWrongPassword))),
  confirmEmail: z.optional(z.string().check(z.maxLength(255, ACCOUNT_MESSAGES.deleteWrongEmail))),
});
