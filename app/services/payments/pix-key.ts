/**
 * PIX keys ("chaves PIX") as the DICT (the Banco Central's key directory) writes them, so a BR Code
 * carries the operator's key exactly as it was registered. The five forms:
 *
 *   CPF     11 digits, valid check digits          12345678909
 *   CNPJ    14 digits, valid check digits          11222333000181
 *           or, since July 2026, alphanumeric:     12ABC34501DE35 (upper-case letters and digits)
 *   phone   +55, DDD and number (10 or 11 digits)  +5534999998888
 *   e-mail  lowercase, at most 77 characters       pix@example.com.br
 *   EVP     random key: a UUID, 36 characters      123e4567-e12b-12d1-a456-426655440000
 *
 * A key in any other shape ("123.456.789-09", "(34) 99999-8888", "34999998888") is not what the
 * payer's bank will look up, so it is refused with what the value looks like and how to write it.
 * Only the shape is checked here: whether the key is registered, and to whom, only a bank can tell.
 *
 * Pure (no Node APIs): used by the start-up checks (app/env.server.ts) and safe anywhere else.
 */
import { isValidCnpj, isValidCpfCnpj, normalizeDocument, onlyDigits } from "~/lib/documents";
import { MAX_PIX_KEY } from "./brcode";

export type PixKeyType = "cpf" | "cnpj" | "phone" | "email" | "evp";

export type PixKeyCheck =
  | { ok: true; type: PixKeyType }
  /** `looksLike` is null when the value resembles none of the five forms. */
  | { ok: false; looksLike: PixKeyType | null; problem: string };

const PHONE_EXAMPLE = "+5534999998888";
const PHONE_RULE = `a phone key must be +55 followed by DDD and number, e.g. ${PHONE_EXAMPLE}`;

const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Hex digits and dashes only, with at least one dash: a random key mistyped or cut short. */
const EVP_LIKE = /^(?=.*-)[0-9a-f-]{20,}$/i;
/** Local part and a dotted domain; the DICT keeps e-mail keys in lowercase. */
const EMAIL = /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
/** Letters and digits, maybe with a document's punctuation, at least one letter: an alphanumeric CNPJ (lib/documents.ts). */
const ALPHANUMERIC_DOCUMENT = /^(?=.*[A-Za-z])[0-9A-Za-z./-]+$/;
/** Digits with the punctuation people write documents and phones with. */
const NUMBER_LIKE = /^[\d\s().+/-]+$/;

/** What form `value` (already trimmed) has, and, when it is not a valid key, what is wrong with it. */
export function checkPixKey(value: string): PixKeyCheck {
  const key = value.trim();
  const digits = onlyDigits(key);

  if (key.includes("@")) {
    if (key.length > MAX_PIX_KEY) return bad("email", `looks like an e-mail, but an e-mail key has at most ${MAX_PIX_KEY} characters`);
    if (key !== key.toLowerCase() && EMAIL.test(key.toLowerCase())) {
      return bad("email", `looks like an e-mail, but e-mail keys are written in lowercase: ${key.toLowerCase()}`);
    }
    if (!EMAIL.test(key)) return bad("email", "looks like an e-mail, but it is not a valid address (name@domain.com.br, no spaces)");
    return { ok: true, type: "email" };
  }

  if (key.startsWith("+")) {
    return /^\+55\d{10,11}$/.test(key) ? { ok: true, type: "phone" } : badPhone(key, digits);
  }

  if (EVP.test(key)) return { ok: true, type: "evp" };
  if (EVP_LIKE.test(key) && !NUMBER_LIKE.test(key)) {
    return bad("evp", "looks like a random key (EVP), but a random key must be 36 characters: 8-4-4-4-12 hex digits with dashes, e.g. 123e4567-e12b-12d1-a456-426655440000");
  }

  if (ALPHANUMERIC_DOCUMENT.test(key) && normalizeDocument(key).length === 14) {
    const cnpj = normalizeDocument(key);
    if (!isValidCnpj(cnpj)) return bad("cnpj", "looks like an alphanumeric CNPJ but its check digits are wrong");
    if (key !== cnpj) return bad("cnpj", `looks like a CNPJ, but a CNPJ key is written as upper-case letters and digits only: ${cnpj}`);
    return { ok: true, type: "cnpj" };
  }

  if (NUMBER_LIKE.test(key)) {
    // Parentheses or spaces are how phones are written; dots and slashes how documents are.
    const writtenAsPhone = /[()\s]/.test(key) && !/[./]/.test(key);
    if (writtenAsPhone) return badPhone(key, digits);
    if (digits.length === 11 || digits.length === 14) {
      const type = digits.length === 11 ? "cpf" : "cnpj";
      const name = type.toUpperCase();
      if (!isValidCpfCnpj(digits)) {
        // 11 digits could also be a phone someone wrote without +55: say how phones are written.
        const hint = type === "cpf" ? ` (if it is a phone, ${PHONE_RULE})` : "";
        return bad(type, `looks like a ${name} but its check digits are wrong${hint}`);
      }
      if (key !== digits) return bad(type, `looks like a ${name}, but a ${name} key is written as digits only: ${digits}`);
      return { ok: true, type };
    }
    if (digits.length === 10) return badPhone(key, digits);
    return bad(null, `is a number of ${digits.length} digits, but a number key must be a CPF (11 digits), a CNPJ (14 digits) or a phone (${PHONE_EXAMPLE})`);
  }

  return bad(null, "is not a PIX key: use a CPF or CNPJ (digits, and a CNPJ's upper-case letters, only), a phone (+55 DDD number), an e-mail or a random key (UUID)");
}

/** A phone written another way; when its digits make a plausible number, the form to write instead. */
function badPhone(key: string, digits: string): PixKeyCheck {
  // "+55 34 …" or "55 34 …": drop the country code; another "+country" gets no suggestion.
  const national = digits.length >= 12 && digits.startsWith("55") ? digits.slice(2) : key.startsWith("+") ? "" : digits;
  const suggestion = national.length === 10 || national.length === 11 ? ` (here: +55${national})` : "";
  return bad("phone", `looks like a phone number, but ${PHONE_RULE}${suggestion}`);
}

function bad(looksLike: PixKeyType | null, problem: string): PixKeyCheck {
  return { ok: false, looksLike, problem };
}
