/**
 * Password rules (spec 01 §5), shared by the server actions (through password-schema.ts) and the live
 * checklist on /register and /reset-password. Plain functions, no schema library: the checklist ships in
 * the page's scripts, the schemas only load when a form is first used (issue #35, useLiveForm.ts).
 */

export type PasswordRuleId = "minLength" | "maxLength" | "lowercase" | "uppercase" | "number" | "special";

export interface PasswordRule {
  id: PasswordRuleId;
  message: string;
  test: (password: string) => boolean;
}

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 100;

// \p{Ll}/\p{Lu} so accented letters ("ç", "É") count as lower/upper case letters.
// "Special" is anything that is not a letter, a digit or whitespace.
export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: "minLength",
    message: "A senha deve ter pelo menos 8 caracteres",
    test: (pw) => pw.length >= PASSWORD_MIN,
  },
  {
    id: "maxLength",
    message: "A senha não pode ter mais de 100 caracteres",
    test: (pw) => pw.length <= PASSWORD_MAX,
  },
  {
    id: "lowercase",
    message: "A senha deve conter pelo menos uma letra minúscula",
    test: (pw) => /\p{Ll}/u.test(pw),
  },
  {
    id: "uppercase",
    message: "A senha deve conter pelo menos uma letra maiúscula",
    test: (pw) => /\p{Lu}/u.test(pw),
  },
  {
    id: "number",
    message: "A senha deve conter pelo menos um número",
    test: (pw) => /\d/.test(pw),
  },
  {
    id: "special",
    message: "A senha deve conter pelo menos um caractere especial (!@#$%^&* etc.)",
    test: (pw) => /[^\p{L}\d\s]/u.test(pw),
  },
];

// The max-length rule is left out of the checklist: nobody types 100 characters by accident,
// and the schema still reports it.
const CHECKLIST_LABELS: ReadonlyArray<[PasswordRuleId, string]> = [
  ["minLength", "Pelo menos 8 caracteres"],
  ["lowercase", "Uma letra minúscula"],
  ["uppercase", "Uma letra maiúscula"],
  ["number", "Um número"],
  ["special", "Um caractere especial"],
];

export interface PasswordChecklistItem {
  id: PasswordRuleId;
  label: string;
  ok: boolean;
}

export function passwordChecklist(password: string): PasswordChecklistItem[] {
  return CHECKLIST_LABELS.map(([id, label]) => ({
    id,
    label,
    ok: PASSWORD_RULES.find((rule) => rule.id === id)?.test(password) ?? false,
  }));
}

/** Sign-in only checks a minimum length: older accounts may predate the rules above. */
export const LOGIN_PASSWORD_MIN = 6;
export const LOGIN_PASSWORD_MIN_MESSAGE = "Senha deve ter pelo menos 6 caracteres";
