/**
 * WhatsApp numbers: stored and compared as Brazilian digits (DDD + number,
 * 10 or 11 digits), shown masked, turned into wa.me chat links.
 */

const COUNTRY_CODE = "55";
const PREVIEW_CHARS = 40;

export function whatsappDigits(value: string | null | undefined): string {
  return (value ?? "").replace(/\D/g, "");
}

/**
 * https://wa.me/55{digits}?text={first 40 characters of the description}, or null
 * when there is no number. The `text` parameter is left out for an empty description.
 */
export function whatsappLink(number: string | null | undefined, description: string | null | undefined): string | null {
  const digits = whatsappDigits(number);
  if (digits === "") return null;
  // A national number has 10–11 digits, so 12–13 digits starting with 55 already
  // carry the country code. Checking the length matters: 55 is also a real DDD
  // (Rio Grande do Sul), so "55 99999-9999" still needs the prefix.
  const full = digits.startsWith(COUNTRY_CODE) && (digits.length === 12 || digits.length === 13)
    ? digits
    : COUNTRY_CODE + digits;
  // Cut by code points, not UTF-16 units: slicing an emoji in half would leave a
  // lone surrogate, which makes encodeURIComponent throw.
  const preview = Array.from(description ?? "").slice(0, PREVIEW_CHARS).join("");
  return preview === ""
    ? `https://wa.me/${full}`
    : `https://wa.me/${full}?text=${encodeURIComponent(preview)}`;
}

/**
 * Input mask: "(34) 3822-1234" for 10 digits, "(34) 9 9988-7766" for 11, partial
 * masks while typing. Extra digits beyond 11 are dropped.
 */
export function formatWhatsapp(input: string): string {
  const d = whatsappDigits(input).slice(0, 11);
  if (d.length === 0) return "";
  // No ") " until the third digit, so backspacing over the DDD is not blocked by the mask.
  if (d.length <= 2) return `(${d}`;
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (rest.length <= 4) return `(${ddd}) ${rest}`;
  if (d.length <= 10) return `(${ddd}) ${rest.slice(0, 4)}-${rest.slice(4)}`;
  return `(${ddd}) ${rest.slice(0, 1)} ${rest.slice(1, 5)}-${rest.slice(5)}`;
}

/** 10 or 11 digits with a plausible DDD (11–99, second digit not 0). */
export function isValidWhatsapp(value: string | null | undefined): boolean {
  return /^[1-9][1-9]\d{8,9}$/.test(whatsappDigits(value));
}
