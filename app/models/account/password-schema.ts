/**
 * The password rules of password.ts as zod/mini checks, for the account forms' schemas (account.ts,
 * profile.ts): apart from the rules so that the live checklist, which needs only the rules, ships no
 * schema library to the browser.
 */
import * as z from "zod/mini";
import { LOGIN_PASSWORD_MIN, LOGIN_PASSWORD_MIN_MESSAGE, PASSWORD_RULES } from "~/models/account/password";

/** Every failing rule is reported (zod checks do not stop at the first failure). */
export const newPasswordSchema = z.string().check(
  ...PASSWORD_RULES.map((rule) => z.refine<string>(rule.test, rule.message)),
);

/** Sign-in only checks a minimum length: older accounts may predate the rules. */
export const loginPasswordSchema = z.string().check(z.minLength(LOGIN_PASSWORD_MIN, LOGIN_PASSWORD_MIN_MESSAGE));
