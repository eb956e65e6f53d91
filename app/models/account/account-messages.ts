/**
 * The account forms' pt-BR messages (spec 01), apart from their schemas (account.ts) so that a page
 * that shows one ships no schema library: the schemas load when the form is first used (useLiveForm.ts).
 */
export const MESSAGES = {
  invalidEmail: "Email inválido",
  nameRequired: "Nome é obrigatório",
  confirmRequired: "Confirmação de senha é obrigatória",
  passwordsDontMatch: "Senhas não coincidem",
  resetPasswordsDontMatch: "As senhas não coincidem",
  invalidCredentialsApi: "Invalid credentials",
  invalidCredentials: "Email ou senha incorretos. Verifique suas credenciais.",
  loginFailedTitle: "Não foi possível fazer login",
  registerFailedTitle: "Erro ao criar conta",
  resetTokenMissing: "Token de recuperação não encontrado",
  resetTokenInvalid: "Token inválido",
  forgotPasswordSent: "Se o email estiver cadastrado, você receberá um link para redefinir sua senha.",
  passwordReset: "Senha redefinida com sucesso",
  badBody: "Dados inválidos",
  serverBusy: "Servidor ocupado, tente de novo em instantes.",
  tooManyAtOnce: "Muitas tentativas ao mesmo tempo. Aguarde alguns segundos e tente novamente.",
} as const;
